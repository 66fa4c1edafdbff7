/**
 * Task covers (docs/decisions.md "Task covers"): a task may show one of its image attachments on its
 * card. The file going takes the cover with it; the reference is checked at commit, so a task
 * restored from the trash may come back before the files its snapshot brings along.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table tasks add column cover_file_id integer
      references files (id) on delete set null deferrable initially deferred
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table tasks drop column cover_file_id`.execute(db);
}
