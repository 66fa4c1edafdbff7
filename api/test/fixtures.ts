/**
 * The one fixture module of the API tests (the benchmarks use its config too): the app on a fresh
 * database, users, boards and tasks, calls as a user, and snapshots proving a refused call changed
 * nothing. Mail helpers and the SMTP peer are in mail.ts, throw-away databases in pg.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Board, BoardListItem } from 'contract/boards';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { firstRevisions } from '../src/boards/repository.js';
import { type Config, DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config.js';
import type { Database } from '../src/database.js';
import { createTempDatabase } from './pg.js';

type Db = Kysely<Database>;

/** Cheap scrypt so tests stay fast; production keeps the OWASP cost. */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

const generous = { max: 10_000, windowMs: 60_000 };
export const GENEROUS_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, generous]),
) as unknown as RateLimits;

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    pgliteDir: 'memory://',
    dbPoolSize: 5,
    redisUrl: null,
    redisPrefix: 'kanban-test:',
    smtpUrl: null,
    mailFrom: 'Kanban <no-reply@kanban.test>',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    tokenTtl: '1h',
    publicUrl: 'http://kanban.test',
    allowedOrigins: [],
    dataDir,
    staticDir: null,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    trustProxy: false,
    bodyLimit: 1.5 * 1024 * 1024,
    maxUploadBytes: 100 * 1024 * 1024,
    scrypt: TEST_SCRYPT,
    rateLimits: GENEROUS_LIMITS,
    // Test receivers listen on 127.0.0.1 (the webhook tests turn this off to see the refusal).
    webhookAllowPrivate: true,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Run on in-memory PGlite instead of a fresh PostgreSQL database. */
  pglite?: boolean;
  /** Adds routes (for example a throwaway one for error paths) before the app is ready. */
  extend?: (app: App) => void;
}

/** The app on a fresh database (PostgreSQL, or PGlite when asked) with a temporary DATA_DIR. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-api-'));
  const database = options.pglite ? null : await createTempDatabase();
  const config = testConfig(dataDir, { databaseUrl: database?.url ?? null, ...overrides });
  const app = buildApp(config);
  options.extend?.(app);
  try {
    await app.ready();
  } catch (err) {
    await app.close().catch(() => {});
    await database?.drop();
    throw err;
  }
  return {
    app,
    db: app.db,
    config,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app, built before its tests and closed after them: `const t = useTestApp();` at the
 * top of a file. Its fields are there once the tests run.
 */
export function useTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, options));
  });
  afterAll(() => t.close?.());
  return t;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export function newUser(name = 'Тест') {
  counter += 1;
  return {
    name,
    email: `user${counter}-${Date.now()}@example.com`,
    password: 'secret-password',
    password2: 'secret-password',
  };
}

/** Registers a user and returns its token and credentials. */
export async function register(app: App, user = newUser()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...user, token: res.json<{ token: string }>().token };
}

/** Every row of the account tables, to prove a rejected call changed nothing. */
export async function accountSnapshot(db: Db) {
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    resets: await db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
  };
}

export interface Person {
  id: number;
  name: string;
  email: string;
  token: string;
}

let people = 0;

/**
 * A user straight in the table (no password hashing), with a working token. Tests of signing up and
 * in use `register`, which goes through the API and has a password.
 */
export async function person(app: App, name = 'Тест'): Promise<Person> {
  people += 1;
  const email = `person${people}-${Date.now()}@example.com`;
  const { id, token_version } = await app.db
    .insertInto('users')
    .values({ name, email, password_hash: 'unusable' })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
  return { id, name, email, token: app.issueToken(id, token_version) };
}

/** A megabyte of text, for values far over any limit. */
export const MB = 'x'.repeat(1024 * 1024);
/** Field-keyed error messages of a refused call. */
export type Errors = Record<string, string>;
export const NOT_FOUND = { status: 404, body: { message: 'Не найдено' } };
export const FORBIDDEN = { status: 403, body: { message: 'Нет доступа' } };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
export interface Answer<T = any> {
  status: number;
  body: T;
}

/** Calls the API as `who` (null: without a token) and returns the status and the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
export async function call<T = any>(
  app: App,
  who: Person | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json<T>() : (undefined as T) };
}

/** Runs a call that must be refused and checks that no board row changed. */
export async function refused(
  app: App,
  who: Person,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const before = await boardSnapshot(app.db);
  const answer = await call(app, who, method, url, payload);
  expect(await boardSnapshot(app.db)).toEqual(before);
  return answer;
}

/** Creates a board through the API and returns its id (the newest in the creator's list). */
export async function createBoard(app: App, who: Person, name = 'Доска'): Promise<number> {
  const res = await call<{ id: number }[]>(app, who, 'POST', '/api/board', { name });
  if (res.status !== 200) throw new Error(`create board failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Math.max(...res.body.map((board) => board.id));
}

/** The caller's board list (`query`: `?sort=...`). */
export async function boardList(app: App, who: Person, query = ''): Promise<BoardListItem[]> {
  return (await call<BoardListItem[]>(app, who, 'GET', `/api/board${query}`)).body;
}

/** The board detail as `who` sees it (`query`: filters). */
export function boardDetail(app: App, who: Person, boardId: number, query = '') {
  return call<Board>(app, who, 'GET', `/api/board/${boardId}${query}`);
}

/** Invites `invitee` (by e-mail) as the creator and lets them accept, through the API. */
export async function addMember(app: App, creator: Person, boardId: number, invitee: Person) {
  const sent = await call(app, creator, 'POST', '/api/invite/send', { boardId, email: invitee.email });
  if (sent.status !== 200) throw new Error(`invite failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const row = await app.db
    .selectFrom('board_members')
    .select('id')
    .where('board_id', '=', boardId)
    .where('user_id', '=', invitee.id)
    .executeTakeFirstOrThrow();
  const accepted = await call(app, invitee, 'PUT', `/api/invite/accept/${row.id}`);
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

export interface TestBoard {
  id: number;
  /** Column ids in order. */
  columns: string[];
  creator: Person;
  member: Person;
  /** Invited, not accepted. */
  pending: Person;
  /** Was a member, removed. */
  removed: Person;
  /** Never on the board. */
  outsider: Person;
}

/** A board seeded straight into the tables (as a new board looks), with users in every standing. */
export async function seedBoard(
  app: App,
  columns = ['Нужно сделать', 'В работе', 'Готово'],
): Promise<TestBoard> {
  const [creator, member, pending, removed, outsider] = await Promise.all(
    ['Создатель', 'Участник', 'Приглашённый', 'Удалённый', 'Чужой'].map((name) => person(app, name)),
  );
  const { id } = await app.db
    .insertInto('boards')
    .values({ name: 'Доска', created_by: creator!.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('board_members')
    .values([
      { board_id: id, user_id: creator!.id, accepted: true, role: 'admin' },
      { board_id: id, user_id: member!.id, accepted: true },
      { board_id: id, user_id: pending!.id, accepted: false },
      { board_id: id, user_id: removed!.id, accepted: true, is_deleted: true },
    ])
    .execute();
  const rows = await app.db
    .insertInto('columns')
    .values(columns.map((name, position) => ({ board_id: id, name, position })))
    .returning(['id', 'name'])
    .execute();
  // As POST /api/board keeps them: the board's settings and each column's name at their first version.
  await app.db
    .insertInto('revisions')
    .values(firstRevisions(id, { name: 'Доска' }, rows, creator!.id))
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

/** Creates a task through the API (by default the board's member, in its first column); its id. */
export async function addTask(
  app: App,
  b: TestBoard,
  columnId: string = b.columns[0]!,
  extra: object = {},
  who: Person = b.member,
): Promise<string> {
  const res = await call(app, who, 'POST', '/api/task/create', {
    boardId: b.id,
    columnId,
    title: 'Задача',
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

/**
 * A card titled 'Отчёт' with `labels`, the member and the creator assigned, a checklist 'Шаги' whose
 * item 'Собрать данные' is ticked, and the comment 'Готово к пятнице'; its id.
 */
export async function addWorkedTask(app: App, b: TestBoard, columnId: string, labels: number[]) {
  const taskId = await addTask(app, b, columnId, {
    title: 'Отчёт',
    labels,
    assignees: [b.member.id, b.creator.id],
  });
  const list = await call(app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'Шаги' });
  const item = await call(
    app,
    b.member,
    'POST',
    `/api/checklist/item/${b.id}/${list.body.checklists[0].id}`,
    {
      text: 'Собрать данные',
    },
  );
  const itemId = item.body.checklists[0].items[0].id;
  await call(app, b.member, 'PUT', `/api/checklist/item/${b.id}/${itemId}`, { done: true });
  await call(app, b.member, 'POST', '/api/comment/create', {
    boardId: b.id,
    taskId,
    text: 'Готово к пятнице',
  });
  return taskId;
}

/** Creates a label through the API as the board's member; its id. */
export async function addLabel(app: App, b: TestBoard, title = 'Метка'): Promise<number> {
  const res = await call(app, b.member, 'POST', `/api/label/${b.id}`, { title });
  return res.body.id;
}

/** A full `PUT /api/task/edit` body for the task as it is, with `change` applied. */
export async function editBody(app: App, b: TestBoard, taskId: string, change: object = {}) {
  const { body } = await call(app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
  return {
    boardId: b.id,
    taskId,
    title: body.title,
    description: body.description,
    columnId: body.columnId,
    estimation: body.estimation,
    priority: body.priority,
    assignees: body.assignees,
    labels: body.labels,
    ...change,
  };
}

/** Inserts a task straight into the database (task routes are not needed to read boards). */
export async function insertTask(
  db: Db,
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
  'revisions',
  'checklists',
  'checklist_items',
  'activity',
] as const;

/**
 * Every row of every board table (boards.version included), or of one board's rows only, to prove a
 * refused call changed nothing.
 */
export async function boardSnapshot(db: Db, boardId?: number) {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of BOARD_TABLES) {
    const where =
      boardId === undefined
        ? sql``
        : table === 'boards'
          ? sql`where id = ${boardId}`
          : table === 'task_assignees' || table === 'task_labels'
            ? sql`where task_id in (select id from tasks where board_id = ${boardId})`
            : sql`where board_id = ${boardId}`;
    const { rows } = await sql`select * from ${sql.table(table)} ${where} order by 1, 2`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/** A column's task ids in order, from the database. */
export async function columnTasks(db: Db, columnId: string | number): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'position'])
    .where('column_id', '=', Number(columnId))
    .orderBy('position')
    .execute();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  return rows.map((row) => String(row.id));
}

export async function boardVersion(db: Db, boardId: number): Promise<number> {
  const row = await db
    .selectFrom('boards')
    .select('version')
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
