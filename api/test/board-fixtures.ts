/**
 * Boards for the columns, tasks, labels and comments tests: seeded straight into the tables (as a new
 * board looks: three columns, the creator an accepted member), with users in every standing.
 */
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/database.js';
import { bearer, type TestApp } from './helpers.js';

export interface TestUser {
  id: number;
  token: string;
}

let users = 0;

/** A user straight in the table (no password hashing), with a working token. */
export async function testUser(t: TestApp, name = 'Тест'): Promise<TestUser> {
  users += 1;
  const { id, token_version } = await t.db
    .insertInto('users')
    .values({ name, email: `fixture${users}-${Date.now()}@example.com`, password_hash: 'unusable' })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
  return { id, token: t.app.issueToken(id, token_version) };
}

export interface TestBoard {
  id: number;
  /** Column ids in order. */
  columns: string[];
  creator: TestUser;
  member: TestUser;
  /** Invited, not accepted. */
  pending: TestUser;
  /** Was a member, removed. */
  removed: TestUser;
  /** Never on the board. */
  outsider: TestUser;
}

export async function seedBoard(
  t: TestApp,
  columns = ['Нужно сделать', 'В работе', 'Готово'],
): Promise<TestBoard> {
  const [creator, member, pending, removed, outsider] = await Promise.all(
    ['Создатель', 'Участник', 'Приглашённый', 'Удалённый', 'Чужой'].map((name) => testUser(t, name)),
  );
  const { id } = await t.db
    .insertInto('boards')
    .values({ name: 'Доска', created_by: creator!.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('board_members')
    .values([
      { board_id: id, user_id: creator!.id, accepted: true },
      { board_id: id, user_id: member!.id, accepted: true },
      { board_id: id, user_id: pending!.id, accepted: false },
      { board_id: id, user_id: removed!.id, accepted: true, is_deleted: true },
    ])
    .execute();
  const rows = await t.db
    .insertInto('columns')
    .values(columns.map((name, position) => ({ board_id: id, name, position })))
    .returning('id')
    .execute();
  return {
    id,
    columns: rows.map((row) => String(row.id)),
    creator: creator!,
    member: member!,
    pending: pending!,
    removed: removed!,
    outsider: outsider!,
  };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  body: any;
}

/** Calls the API as a user. */
export async function call(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

const BOARD_TABLES = [
  'boards',
  'board_members',
  'invitations',
  'columns',
  'tasks',
  'task_assignees',
  'task_labels',
  'labels',
  'comments',
  'files',
] as const;

/** Every row of every board table (boards.version included), to prove a refused call changed nothing. */
export async function boardSnapshot(db: Kysely<Database>) {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of BOARD_TABLES) {
    const { rows } = await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/** Runs a call that must be refused and checks that no board row changed. */
export async function refused(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const before = await boardSnapshot(t.db);
  const answer = await call(t, user, method, url, payload);
  expect(await boardSnapshot(t.db)).toEqual(before);
  return answer;
}

/** A column's task ids in order, from the database. */
export async function columnTasks(db: Kysely<Database>, columnId: string | number): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'position'])
    .where('column_id', '=', Number(columnId))
    .orderBy('position')
    .execute();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  return rows.map((row) => String(row.id));
}

export async function boardVersion(db: Kysely<Database>, boardId: number): Promise<number> {
  const row = await db
    .selectFrom('boards')
    .select('version')
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
