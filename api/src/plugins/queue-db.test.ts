import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { splitStatements } from './queue-db.js';

describe('splitStatements', () => {
  it('splits at semicolons outside quotes, dollar-quoted bodies and comments', () => {
    const text = `
      BEGIN;
      SELECT 'a;b', "we;ird" FROM t; -- a comment; still a comment
      CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; END; $$ LANGUAGE plpgsql;
      /* block; comment */ SELECT $1::int;
      COMMIT;
    `;
    expect(splitStatements(text)).toEqual([
      'BEGIN',
      `SELECT 'a;b', "we;ird" FROM t`,
      '-- a comment; still a comment\n      CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; END; $$ LANGUAGE plpgsql',
      '/* block; comment */ SELECT $1::int',
      'COMMIT',
    ]);
  });

  it("keeps every statement of pg-boss's own schema whole", () => {
    const statements = splitStatements(PgBoss.getConstructionPlans('pgboss'));
    expect(statements[0]).toBe('BEGIN');
    expect(statements.at(-1)).toBe('COMMIT');
    // Each function body stays in one statement with its closing quote.
    for (const statement of statements) {
      expect((statement.match(/\$\$/g) ?? []).length % 2, statement.slice(0, 80)).toBe(0);
    }
  });
});
