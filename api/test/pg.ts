/** Throw-away PostgreSQL databases for tests and benchmarks (no vitest imports here). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database. Under the API's test run it is a copy of the run's migrated database
 * (TEST_PG_TEMPLATE, set by test/template.ts), so an app started on it finds its schema there;
 * `template: null` makes an empty one (a restore's target).
 */
export async function createTempDatabase(
  prefix = 'kanban_t_',
  { template = process.env.TEST_PG_TEMPLATE }: { template?: string | null } = {},
): Promise<TempDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
