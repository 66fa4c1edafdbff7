/**
 * A board's webhooks and their deliveries (docs/decisions.md "Webhooks"). A webhook keeps its secret
 * as given (it keys the HMAC of every delivery) and the start of its failing streak; a delivery keeps
 * the body it sends, frozen when the change was committed, and how its tries went. Both go with their
 * board. A notification may now be about a board rather than a task (a webhook switched off).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'jsonb', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Every board change asks for its board's enabled webhooks: one index lookup, usually finding none.
  await sql`create index webhooks_board_enabled_idx on webhooks (board_id) where enabled`.execute(db);
  await sql`create index webhooks_board_idx on webhooks (board_id, id)`.execute(db);

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('seq', 'integer', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed', 'retrying')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .execute();
  await sql`create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, seq desc)`.execute(
    db,
  );

  await db.schema
    .alterTable('notifications')
    .alterColumn('task_id', (col) => col.dropNotNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('notifications').where('task_id', 'is', null).execute();
  await db.schema
    .alterTable('notifications')
    .alterColumn('task_id', (col) => col.setNotNull())
    .execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
