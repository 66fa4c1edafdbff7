/**
 * GET /api/board/{id} on a big board: 4,000 cards in 40 columns, 20 labels, 10 members, assignees
 * and labels on most cards, comments on some. Seeded straight into the tables, then read one request
 * at a time (the latency a user waits for when a board opens or re-fetches after an update), asking
 * for gzip as browsers do. Targets: p99 under 60 ms, gzip payload under 200 KB.
 */
import { Agent } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/database.js';
import { type Answer, get, percentile, startApp } from './lib.js';

const COLUMNS = 40;
const CARDS = 4000;
const LABELS = 20;
const MEMBERS = 10;
const WARM_UP = 20;
const REQUESTS = 200;

const VERBS = [
  'Исправить',
  'Добавить',
  'Проверить',
  'Обновить',
  'Перенести',
  'Описать',
  'Настроить',
  'Удалить',
  'Ускорить',
  'Согласовать',
];
const OBJECTS = [
  'форму входа',
  'страницу профиля',
  'экспорт отчёта в Excel',
  'уведомления по почте',
  'фильтр задач по меткам',
  'загрузку вложений',
  'поиск по описанию',
  'права доступа к доске',
  'мобильное меню',
  'платёжный шлюз',
  'импорт пользователей из CSV',
  'кэш справочников',
];
const CONTEXTS = [
  '',
  ' на главной',
  ' для администраторов',
  ' после релиза 2.3',
  ' в Safari',
  ' по просьбе клиента',
  ' (срочно)',
  ' в тестовой среде',
];
const LABEL_NAMES = [
  'Баг',
  'Фронтенд',
  'Бэкенд',
  'Дизайн',
  'Срочно',
  'Техдолг',
  'Аналитика',
  'Документация',
  'Тесты',
  'Релиз',
];
const PRIORITIES = ['low', 'medium', 'high', 'critical', null] as const;

/** A deterministic pseudo-random sequence, so every run seeds the same board. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seed(db: Kysely<Database>) {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;

  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        name: `Участник ${i + 1}`,
        email: `member${i + 1}@example.com`,
        password_hash: 'unusable',
      })),
    )
    .returning('id')
    .execute();
  const userIds = users.map((user) => user.id);
  const creator = userIds[0] as number;
  const { id: boardId } = await db
    .insertInto('boards')
    .values({ name: 'Большая доска', created_by: creator, task_seq: CARDS })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('board_members')
    .values(userIds.map((user_id) => ({ board_id: boardId, user_id, accepted: true })))
    .execute();
  const columns = await db
    .insertInto('columns')
    .values(
      Array.from({ length: COLUMNS }, (_, i) => ({ board_id: boardId, name: `Этап ${i + 1}`, position: i })),
    )
    .returning('id')
    .execute();
  const labels = await db
    .insertInto('labels')
    .values(
      Array.from({ length: LABELS }, (_, i) => ({
        board_id: boardId,
        title: `${LABEL_NAMES[i % LABEL_NAMES.length]}${i >= LABEL_NAMES.length ? ' 2' : ''}`,
        color: `#${Math.floor(next() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`,
        is_main_color: i === 0,
      })),
    )
    .returning('id')
    .execute();

  const taskIds: number[] = [];
  for (let start = 0; start < CARDS; start += 1000) {
    const rows = await db
      .insertInto('tasks')
      .values(
        Array.from({ length: Math.min(1000, CARDS - start) }, (_, k) => {
          const i = start + k;
          return {
            board_id: boardId,
            column_id: columns[i % COLUMNS]!.id,
            position: Math.floor(i / COLUMNS),
            number: i + 1,
            title: `${pick(VERBS)} ${pick(OBJECTS)}${pick(CONTEXTS)}`,
            description: next() < 0.5 ? 'Шаги воспроизведения, ожидаемый результат и ссылки на макеты.' : '',
            estimation: next() < 0.6 ? String(Math.ceil(next() * 13)) : '',
            priority: pick(PRIORITIES),
            created_by: pick(userIds),
          };
        }),
      )
      .returning('id')
      .execute();
    taskIds.push(...rows.map((row) => row.id));
  }

  const assignees: { task_id: number; user_id: number }[] = [];
  const taskLabels: { task_id: number; label_id: number }[] = [];
  const comments: { board_id: number; task_id: number; user_id: number; text: string }[] = [];
  for (const taskId of taskIds) {
    for (const user of new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(userIds)))) {
      assignees.push({ task_id: taskId, user_id: user });
    }
    for (const label of new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(labels).id))) {
      taskLabels.push({ task_id: taskId, label_id: label });
    }
    for (let c = Math.floor(next() * next() * 5); c > 0; c -= 1) {
      comments.push({
        board_id: boardId,
        task_id: taskId,
        user_id: pick(userIds),
        text: 'Посмотрел, есть вопросы.',
      });
    }
  }
  for (const [table, rows] of [
    ['task_assignees', assignees],
    ['task_labels', taskLabels],
    ['comments', comments],
  ] as const) {
    for (let start = 0; start < rows.length; start += 2000) {
      await db
        .insertInto(table)
        .values(rows.slice(start, start + 2000) as never)
        .execute();
    }
  }
  await sql`analyze`.execute(db);
  return {
    boardId,
    creator,
    counts: { assignees: assignees.length, labels: taskLabels.length, comments: comments.length },
  };
}

export async function boardBench(): Promise<boolean> {
  const bench = await startApp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const seeded = await seed(bench.app.db);
    const token = bench.app.issueToken(seeded.creator, 0);
    const url = `${bench.url}/api/board/${seeded.boardId}`;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    console.log(
      `seeded: ${CARDS} cards in ${COLUMNS} columns, ${LABELS} labels, ${MEMBERS} members, ` +
        `${seeded.counts.assignees} assignments, ${seeded.counts.labels} card labels, ${seeded.counts.comments} comments`,
    );

    for (let i = 0; i < WARM_UP; i += 1) {
      const res = await get(url, headers, agent);
      if (res.status !== 200)
        throw new Error(`GET ${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    }
    const times: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < REQUESTS; i += 1) {
      last = await get(url, headers, agent);
      if (last.status !== 200) throw new Error(`GET ${url}: ${last.status}`);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const answer = last as Answer;
    const json = answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
    const board = JSON.parse(json.toString()) as { tasks: Record<string, unknown> };
    if (Object.keys(board.tasks).length !== CARDS) throw new Error('the board answer lacks cards');
    const gzipBytes = answer.encoding === 'gzip' ? answer.body.length : gzipSync(json).length;
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    console.log(
      `GET /api/board/{id}: ${REQUESTS} sequential requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${times[times.length - 1]?.toFixed(1)} ms`,
    );
    console.log(
      `payload: ${(json.length / 1024).toFixed(0)} KB JSON, ${(gzipBytes / 1024).toFixed(0)} KB gzip` +
        (answer.encoding === 'gzip' ? ' (as served)' : ' (not compressed by the server; measured with zlib)'),
    );
    const met = p99 < 60 && gzipBytes < 200 * 1024;
    console.log(`GET /api/board/{id} target (p99 < 60 ms, gzip < 200 KB): ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    agent.destroy();
    await bench.close();
  }
}
