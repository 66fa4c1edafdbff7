/**
 * Board roles (docs/decisions.md "Roles"): each member's and invitee's role, 'member' for everyone
 * there today; the creator (the owner) an administrator.
 */
import { type Kysely, sql } from 'kysely';

const CHECK = sql`check (role in ('admin', 'member', 'commenter', 'viewer'))`;

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['board_members', 'invitations']) {
    await db.schema
      .alterTable(table)
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('member').modifyEnd(CHECK))
      .execute();
  }
  await sql`
    update board_members m set role = 'admin'
    from boards b where b.id = m.board_id and b.created_by = m.user_id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['board_members', 'invitations']) {
    await db.schema.alterTable(table).dropColumn('role').execute();
  }
}
