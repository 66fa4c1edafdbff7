/**
 * pg-boss's database access (its `db: { executeSql }` option) through the app's Kysely instance, so the
 * queue shares the app's pool on PostgreSQL and works on embedded PGlite too. PGlite has one connection
 * and runs every query as a prepared statement, which refuses several commands in one text; pg-boss
 * sends such texts (`BEGIN; ...; COMMIT;` for its schema and queue changes), so those are split into
 * statements and run in order on one connection taken from Kysely (never beside it: on PGlite a query
 * beside Kysely's queue would land inside whatever transaction the app has open). PostgreSQL takes
 * such a text whole; either way a failure rolls back before the connection goes back to the pool.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

export interface QueueSql {
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss reads its own rows
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** The statements of an SQL text: split at `;` outside quotes, dollar-quoted bodies and comments. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: number, length: number) => {
    i = end < 0 ? text.length : end + length;
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"') skipTo(text.indexOf(ch, i + 1), 1);
    else if (ch === '-' && text[i + 1] === '-') skipTo(text.indexOf('\n', i), 1);
    else if (ch === '/' && text[i + 1] === '*') skipTo(text.indexOf('*/', i + 2), 2);
    else if (ch === '$' && /^\$[A-Za-z_]*\$/.test(text.slice(i, i + 64))) {
      const tag = (/^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 64)) as RegExpExecArray)[0];
      skipTo(text.indexOf(tag, i + tag.length), tag.length);
    } else {
      if (ch === ';') {
        statements.push(text.slice(start, i));
        start = i + 1;
      }
      i += 1;
    }
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

// biome-ignore lint/suspicious/noExplicitAny: the queue's tables are pg-boss's, not the app's
type AnyDb = Kysely<any>;

async function run(db: AnyDb, text: string, values: unknown[], split: boolean) {
  const statements = values.length > 0 ? [text] : splitStatements(text);
  if (statements.length <= 1) {
    return { rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] };
  }
  return db.connection().execute(async (connection) => {
    let rows: unknown[] = [];
    try {
      for (const statement of split ? statements : [text]) {
        rows = [...((await connection.executeQuery(CompiledQuery.raw(statement, []))).rows ?? [])];
      }
    } catch (err) {
      // Never hand the connection back inside a failed transaction.
      await connection.executeQuery(CompiledQuery.raw('rollback', [])).catch(() => {});
      throw err;
    }
    return { rows };
  });
}

/**
 * The queue's access for its own work. `close()` refuses new queries and waits until the ones under
 * way have finished, so the app's pool can close after it.
 */
export class QueueDb implements QueueSql {
  #inFlight = 0;
  #closed = false;

  /**
   * `split`: run a text of several statements one statement at a time (PGlite); PostgreSQL takes it
   * whole (node-postgres sends a query without values in the simple protocol).
   */
  constructor(
    private readonly db: AnyDb,
    private readonly split: boolean,
  ) {}

  async executeSql(text: string, values: unknown[] = []) {
    if (this.#closed) throw new Error('the reminder queue is closed');
    this.#inFlight += 1;
    try {
      return await run(this.db, text, values, this.split);
    } finally {
      this.#inFlight -= 1;
    }
  }

  get busy(): boolean {
    return this.#inFlight > 0;
  }

  close(): void {
    this.#closed = true;
  }
}

/** pg-boss writing inside an app transaction: its jobs commit or roll back with the transaction. */
// biome-ignore lint/suspicious/noExplicitAny: any database's transaction
export const inTransaction = (trx: Transaction<any>): QueueSql => ({
  executeSql: async (text, values = []) => ({
    rows: [...(await trx.executeQuery(CompiledQuery.raw(text, values))).rows],
  }),
});
