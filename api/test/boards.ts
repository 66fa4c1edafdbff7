/** Helpers for the board, invitation and member tests: users, boards and a snapshot of a board's rows. */
import type { Kysely } from 'kysely';
import type { App } from '../src/app.js';
import type { Database } from '../src/database.js';
import { bearer, newUser, register } from './helpers.js';

export interface Person {
  id: number;
  name: string;
  email: string;
  token: string;
}

/** Registers a user and looks up its id. */
export async function person(app: App, db: Kysely<Database>, name = 'Тест'): Promise<Person> {
  const user = await register(app, newUser(name));
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return { id, name: user.name, email: user.email, token: user.token };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `who` and returns the status and the parsed body. */
export async function api<T = unknown>(
  app: App,
  who: Person | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: who ? bearer(who.token) : {},
  });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

/** Creates a board through the API and returns its id (the newest in the creator's list). */
export async function createBoard(app: App, who: Person, name = 'Доска'): Promise<number> {
  const res = await api<{ id: number }[]>(app, who, 'POST', '/api/board', { name });
  if (res.status !== 200) throw new Error(`create board failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Math.max(...res.body.map((board) => board.id));
}

/** Invites `invitee` (by e-mail) as the creator and lets them accept. */
export async function addMember(
  app: App,
  db: Kysely<Database>,
  creator: Person,
  boardId: number,
  invitee: Person,
) {
  const sent = await api(app, creator, 'POST', '/api/invite/send', { boardId, email: invitee.email });
  if (sent.status !== 200) throw new Error(`invite failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const row = await db
    .selectFrom('board_members')
    .select('id')
    .where('board_id', '=', boardId)
    .where('user_id', '=', invitee.id)
    .executeTakeFirstOrThrow();
  const accepted = await api(app, invitee, 'PUT', `/api/invite/accept/${row.id}`);
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Every row that belongs to one board, to prove a refused call changed nothing. */
export async function boardRows(db: Kysely<Database>, boardId: number) {
  return {
    board: await db.selectFrom('boards').selectAll().where('id', '=', boardId).execute(),
    members: await db
      .selectFrom('board_members')
      .selectAll()
      .where('board_id', '=', boardId)
      .orderBy('id')
      .execute(),
    invitations: await db
      .selectFrom('invitations')
      .selectAll()
      .where('board_id', '=', boardId)
      .orderBy('id')
      .execute(),
    columns: await db
      .selectFrom('columns')
      .selectAll()
      .where('board_id', '=', boardId)
      .orderBy('id')
      .execute(),
    tasks: await db.selectFrom('tasks').selectAll().where('board_id', '=', boardId).orderBy('id').execute(),
    labels: await db.selectFrom('labels').selectAll().where('board_id', '=', boardId).orderBy('id').execute(),
  };
}

/** Inserts a task straight into the database (task routes are not needed to read boards). */
export async function insertTask(
  db: Kysely<Database>,
  boardId: number,
  data: {
    columnId: number;
    title: string;
    createdBy: number;
    description?: string;
    priority?: 'low' | 'medium' | 'high' | 'critical' | null;
    estimation?: string;
    assignees?: number[];
    labels?: number[];
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { task_seq } = await trx
      .updateTable('boards')
      .set((eb) => ({ task_seq: eb('task_seq', '+', 1) }))
      .where('id', '=', boardId)
      .returning('task_seq')
      .executeTakeFirstOrThrow();
    const { count } = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('column_id', '=', data.columnId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('tasks')
      .values({
        board_id: boardId,
        column_id: data.columnId,
        position: Number(count),
        number: task_seq,
        title: data.title,
        description: data.description ?? '',
        estimation: data.estimation ?? '',
        priority: data.priority ?? null,
        created_by: data.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (data.assignees?.length) {
      await trx
        .insertInto('task_assignees')
        .values(data.assignees.map((user_id) => ({ task_id: id, user_id })))
        .execute();
    }
    if (data.labels?.length) {
      await trx
        .insertInto('task_labels')
        .values(data.labels.map((label_id) => ({ task_id: id, label_id })))
        .execute();
    }
    return id;
  });
}
