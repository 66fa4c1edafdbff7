/**
 * Proof of convergence: random sequences of changes by three members on two API instances (creates,
 * edits from fresh and stale copies, due dates among them, moves with stale column lists, deletes,
 * label, column, comment, checklist and board changes, items turned into cards, some of them
 * concurrent) while viewers on both instances apply the `update` patches as the board page does
 * (contract/src/apply-patch.ts, re-fetching only when a patch cannot be applied).
 * At the end every viewer's board, and the GET of both instances (which may answer from a board
 * carried forward by patches), deep-equal the board read from the database with the viewer's filter,
 * and every stale save either kept everyone's fields or answered 409 with nothing written.
 */

import type { Archive, Board, BoardFilter, TaskDetail } from 'contract';
import { applyPatch } from 'contract/apply-patch';
import type { BoardUpdate } from 'contract/realtime';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { connected, subscribe, until, useCluster } from '../../test/cluster.js';
import { addMember, boardVersion, call, createBoard, type Person, person } from '../../test/fixtures.js';
import type { App } from '../app.js';
import { loadBoard } from '../boards/detail.js';

const cluster = useCluster(2);
let people: Person[];

beforeAll(async () => {
  const app = cluster.apps[0] as App;
  people = [await person(app, 'Анна'), await person(app, 'Борис'), await person(app, 'Вера')];
});

/** The board as one viewer shows it, kept up to date by patches. */
class Viewer {
  board: Board | null = null;
  applied = 0;
  refetches = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: Socket,
    private readonly fetchBoard: () => Promise<Board>,
    readonly filter: BoardFilter,
  ) {
    socket.on('update', (update: BoardUpdate) => {
      this.queue = this.queue.then(() => this.apply(update));
    });
  }

  load() {
    this.queue = this.queue.then(async () => {
      this.board = await this.fetchBoard();
    });
    return this.queue;
  }

  private async apply(update: BoardUpdate) {
    if (!this.board) return;
    const next = applyPatch(this.board, update, this.filter);
    if (next) {
      this.board = next;
      this.applied += 1;
    } else {
      this.refetches += 1;
      this.board = await this.fetchBoard();
    }
  }
}

const query = (filter: BoardFilter) => {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(filter))
    for (const value of [values].flat()) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

type Who = 0 | 1 | 2;
const who = fc.constantFrom<Who>(0, 1, 2);
const pick = fc.nat(1000);
const FIELDS = [
  'title',
  'description',
  'estimation',
  'priority',
  'assignees',
  'labels',
  'columnId',
  'dueAt',
  'dueDone',
] as const;
const HOUR = 3_600_000;
/**
 * Due dates well away from the windows' ends while a run lasts (and a run's viewers filter by
 * `overdue` and `none` only, whose answers cannot change with the clock then): the day and week
 * windows, which can, are the unit tests' (contract/src/due-window.test.ts).
 */
const DUE_OFFSETS = [-30 * 24 * HOUR, -2 * HOUR, 2 * HOUR, 30 * 24 * HOUR, null] as const;
type Field = (typeof FIELDS)[number];

const op = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('create' as const), who, column: pick, high: fc.boolean() }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      who,
      // A few tasks, mostly from copies opened earlier: members keep editing the same cards.
      task: fc.nat(3),
      stale: fc.oneof(
        { arbitrary: fc.constant(true), weight: 3 },
        { arbitrary: fc.constant(false), weight: 1 },
      ),
      fields: fc.subarray([...FIELDS], { minLength: 1, maxLength: 3 }),
      value: pick,
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      who,
      task: pick,
      column: pick,
      at: pick,
      stale: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), who, task: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('label' as const),
      who,
      action: fc.constantFrom('create', 'edit', 'delete'),
      index: pick,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('column' as const),
      who,
      action: fc.constantFrom('create', 'rename', 'reorder', 'delete'),
      index: pick,
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('comment' as const), who, task: pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('board' as const), value: pick }), weight: 1 },
  {
    // Into the archive, or an archived one back ('Вернуть').
    arbitrary: fc.record({
      kind: fc.constant('archive' as const),
      who,
      target: fc.constantFrom('task' as const, 'column' as const),
      back: fc.boolean(),
      index: pick,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('checklist' as const),
      who,
      // A few tasks, so their lists fill up.
      task: fc.nat(3),
      action: fc.constantFrom('list', 'item', 'item', 'tick', 'convert'),
      index: pick,
    }),
    weight: 3,
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/** One change, or two at once (from different members on different instances). */
const step = fc.oneof(
  { arbitrary: op.map((one) => [one]), weight: 4 },
  { arbitrary: fc.tuple(op, op), weight: 1 },
);

interface Form {
  detail: TaskDetail;
}

describe('patches converge', () => {
  it('every viewer ends equal to a fresh GET, and no stale save loses a field silently', async () => {
    let run = 0;
    const totals = { merged: 0, conflicts: 0, refetches: 0, cards: 0, dueApplied: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 45 }), async (steps) => {
        run += 1;
        const [a, b] = cluster.apps as [App, App];
        const [anna, boris, vera] = people as [Person, Person, Person];
        const boardId = await createBoard(a, anna, `Доска ${run}`);
        await addMember(a, anna, boardId, boris);
        await addMember(b, anna, boardId, vera);
        const appOf = (index: number) => (index % 2 === 0 ? a : b);
        const api = (index: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
          call(appOf(index), people[index] as Person, method, url, body);
        const get = async (): Promise<Board> => (await api(0, 'GET', `/api/board/${boardId}`)).body;

        const filters: BoardFilter[] = [
          {},
          {},
          { priority: ['high', 'critical'] },
          { assignee: [vera.id] },
          // Descriptions are searched too, which a patch cannot tell: these viewers re-fetch.
          { search: ['опис'] },
          { due: ['overdue', 'none'], tz: 'Europe/Moscow' },
        ];
        const viewers = await Promise.all(
          filters.map(async (filter, index) => {
            const viewerOf = people[index % 3] as Person;
            const socket = cluster.connect(cluster.urls[index % 2] as string, viewerOf.token);
            await connected(socket);
            await subscribe(socket, boardId);
            const viewer = new Viewer(
              socket,
              async () =>
                (await call(appOf(index), viewerOf, 'GET', `/api/board/${boardId}${query(filter)}`)).body,
              filter,
            );
            await viewer.load();
            return viewer;
          }),
        );

        const forms = new Map<string, Form>();
        const started = Date.now();
        const dueAt = (offset: number | null) =>
          offset === null ? null : new Date(started + offset).toISOString();
        const checks = { merged: 0, conflicts: 0, cards: 0 };

        const runOp = async (o: Op, concurrent: boolean) => {
          const board = await get();
          const taskIds = Object.keys(board.tasks);
          const taskAt = (n: number) => (taskIds.length ? (taskIds[n % taskIds.length] as string) : null);
          const columnAt = (n: number) => board.columnOrder[n % board.columnOrder.length] as string;
          const members = board.members.filter((m) => m.accepted && !m.isDeleted).map((m) => m.id);
          switch (o.kind) {
            case 'create':
              await api(o.who, 'POST', '/api/task/create', {
                boardId,
                columnId: columnAt(o.column),
                title: `Задача ${o.column}`,
                priority: o.high ? 'high' : null,
                assignees: o.high ? [vera.id] : [],
              });
              return;
            case 'edit': {
              const taskId = taskAt(o.task);
              if (!taskId) return;
              const key = `${o.who}:${taskId}`;
              const fresh = async () =>
                (await api(o.who, 'GET', `/api/task/${boardId}/${taskId}`)).body as TaskDetail;
              let form = o.stale ? forms.get(key) : undefined;
              if (!form) {
                const detail = await fresh();
                if (!detail?.id) return;
                form = { detail };
                forms.set(key, form);
              }
              const base = form.detail;
              const values: Record<Field, unknown> = {
                title: `Название ${o.value}`,
                description: `Описание ${o.value}`,
                estimation: String(o.value % 13),
                priority: (['low', 'medium', 'high', 'critical', null] as const)[o.value % 5],
                assignees: members.slice(0, (o.value % members.length) + 1),
                labels: board.labels.slice(0, o.value % (board.labels.length + 1)).map((l) => l.id),
                columnId: columnAt(o.value),
                dueAt: dueAt(DUE_OFFSETS[o.value % DUE_OFFSETS.length] ?? null),
                dueDone: o.value % 3 === 0,
              };
              const body: Record<string, unknown> = {
                boardId,
                taskId,
                title: base.title,
                description: base.description,
                estimation: base.estimation,
                priority: base.priority,
                assignees: base.assignees,
                labels: base.labels,
                columnId: base.columnId,
                dueAt: base.dueAt,
                dueDone: base.dueDone,
                version: base.version,
              };
              for (const field of o.fields) body[field] = values[field];
              const before = concurrent ? null : await fresh();
              const res = await api(o.who, 'PUT', '/api/task/edit', body);
              if (res.status === 409) {
                checks.conflicts += 1;
                expect(res.body.message).toBe('Задачу изменили');
                expect(res.body.conflicts.length).toBeGreaterThan(0);
                if (before) expect(await fresh()).toEqual(before);
              } else if (res.status === 200) {
                checks.merged += 1;
                if (before?.id) {
                  const after = await fresh();
                  for (const field of FIELDS) {
                    const mine = !same(body[field], base[field]);
                    // The form's own change is written; any other field keeps what was there.
                    expect([field, after[field]]).toEqual([
                      field,
                      mine ? normal(body[field]) : before[field],
                    ]);
                  }
                }
              } else {
                // The task, a label or a column went meanwhile (another member's change).
                expect([400, 404]).toContain(res.status);
              }
              if (o.value % 5 === 0) forms.delete(key);
              return;
            }
            case 'move': {
              const taskId = taskAt(o.task);
              if (!taskId) return;
              const columnId = columnAt(o.column);
              const listed = (board.columns[columnId]?.taskIds ?? []).filter((id) => id !== taskId);
              listed.splice(o.at % (listed.length + 1), 0, taskId);
              if (o.stale) listed.reverse();
              await api(o.who, 'PUT', '/api/task/move', {
                boardId,
                taskId,
                newColumnId: columnId,
                newColumnTaskIds: listed,
              });
              return;
            }
            case 'delete': {
              const taskId = taskAt(o.task);
              if (taskId) await api(o.who, 'DELETE', `/api/task/delete/${boardId}/${taskId}`);
              return;
            }
            case 'archive': {
              const idKey = o.target === 'task' ? 'taskId' : 'columnId';
              const send = (id: string, archived: boolean) =>
                api(o.who, 'PUT', `/api/${o.target}/archive`, { boardId, [idKey]: id, archived });
              if (o.back) {
                const archive = (await api(o.who, 'GET', `/api/archive/${boardId}`)).body as Archive;
                const list = o.target === 'task' ? archive.tasks : archive.columns;
                const item = list[o.index % Math.max(1, list.length)];
                // 409 for a task whose column is archived too; 404 when it came back meanwhile.
                if (item) expect([200, 404, 409]).toContain((await send(item.id, false)).status);
              } else if (o.target === 'task') {
                const taskId = taskAt(o.index);
                if (taskId) expect([200, 404]).toContain((await send(taskId, true)).status);
              } else if (board.columnOrder.length > 1) {
                expect([200, 404]).toContain((await send(columnAt(o.index), true)).status);
              }
              return;
            }
            case 'comment': {
              const taskId = taskAt(o.task);
              if (taskId)
                await api(o.who, 'POST', '/api/comment/create', { boardId, taskId, text: 'Комментарий' });
              return;
            }
            case 'label': {
              const label = board.labels[o.index % Math.max(1, board.labels.length)];
              if (o.action === 'create' || !label) {
                await api(o.who, 'POST', `/api/label/${boardId}`, { title: `Метка ${o.index}` });
              } else if (o.action === 'edit') {
                await api(o.who, 'PUT', `/api/label/${boardId}/${label.id}`, {
                  title: `Метка ${o.index}`,
                  color: label.color,
                  isMainColor: !label.isMainColor,
                  version: label.version,
                });
              } else {
                await api(o.who, 'DELETE', `/api/label/${boardId}/${label.id}`);
              }
              return;
            }
            case 'column': {
              const columnId = columnAt(o.index);
              if (o.action === 'create' || board.columnOrder.length < 2) {
                await api(o.who, 'POST', '/api/column', { boardId, name: `Колонка ${o.index}` });
              } else if (o.action === 'rename') {
                await api(o.who, 'PUT', `/api/column/edit/${boardId}/${columnId}`, {
                  name: `Колонка ${o.index}`,
                  version: board.columns[columnId]?.version,
                });
              } else if (o.action === 'reorder') {
                await api(o.who, 'PUT', `/api/column/reorder/${boardId}`, {
                  columnOrder: [...board.columnOrder].reverse(),
                });
              } else if (o.index % 4 === 0) {
                await api(o.who, 'DELETE', `/api/column/delete/${boardId}/${columnId}`);
              }
              return;
            }
            case 'checklist': {
              const taskId = taskAt(o.task);
              if (!taskId) return;
              const read = async () =>
                ((await api(o.who, 'GET', `/api/task/${boardId}/${taskId}`)).body as TaskDetail).checklists;
              const addList = () =>
                api(o.who, 'POST', `/api/checklist/${boardId}/${taskId}`, { title: `Список ${o.index}` });
              const addItem = (listId: number) =>
                api(o.who, 'POST', `/api/checklist/item/${boardId}/${listId}`, { text: `Пункт ${o.index}` });
              // Each call is its own change: a list and an item are made first when the task has none.
              let lists = await read();
              if (lists && (o.action === 'list' || lists.length === 0)) {
                await addList();
                lists = await read();
              }
              const list = lists?.[o.index % lists.length];
              // The task went meanwhile (another member's change).
              if (!lists || !list || o.action === 'list') return;
              if (o.action === 'item' || lists.every((one) => one.items.length === 0)) {
                await addItem(list.id);
                lists = await read();
              }
              const items = (lists ?? []).flatMap((one) => one.items);
              const item = items[o.index % Math.max(1, items.length)];
              if (!item || o.action === 'item') return;
              if (o.action === 'tick') {
                // Some items for Vera: turned into cards, they enter her filtered view.
                await api(o.who, 'PUT', `/api/checklist/item/${boardId}/${item.id}`, {
                  done: !item.done,
                  assigneeId: o.index % 2 === 0 ? vera.id : item.assigneeId,
                });
              } else {
                const card = await api(o.who, 'POST', `/api/checklist/item/${boardId}/${item.id}/task`);
                if (card.status === 200) checks.cards += 1;
              }
              return;
            }
            case 'board':
              await api(0, 'PUT', `/api/board/edit/${boardId}`, {
                name: `Доска ${o.value}`,
                color: board.color,
                showIdsMode: (['empty', 'circle', 'square'] as const)[o.value % 3],
                showTotalColumnEstimation: o.value % 2 === 0,
                version: board.version,
              });
              return;
          }
        };

        for (const ops of steps) {
          await Promise.all(ops.map((o) => runOp(o, ops.length > 1)));
        }

        const version = await boardVersion(a.db, boardId);
        await until(() => viewers.every((viewer) => viewer.board?.version === version), 10_000);
        for (const viewer of viewers) {
          // Read straight from the database: GET may answer from a board carried forward by patches.
          const truth = JSON.parse(JSON.stringify(await loadBoard(a.db, boardId, viewer.filter)));
          expect(viewer.board).toEqual(truth);
          for (const app of [a, b]) {
            const fresh = await call(app, anna, 'GET', `/api/board/${boardId}${query(viewer.filter)}`);
            expect(fresh.body).toEqual(truth);
          }
          viewer.socket.disconnect();
        }
        const [plain] = viewers as [Viewer];
        // Unfiltered viewers apply patches: a re-fetch only when concurrent changes arrive out of order.
        expect(plain.applied).toBeGreaterThan(plain.refetches * 3);
        totals.merged += checks.merged;
        totals.conflicts += checks.conflicts;
        totals.refetches += viewers[4]?.refetches ?? 0;
        totals.cards += checks.cards;
        totals.dueApplied += viewers[5]?.applied ?? 0;
      }),
      { numRuns: 4, endOnFailure: true, seed: Number(process.env.CONVERGENCE_SEED ?? 20261124) },
    );
    // The runs went through both outcomes of a stale save and through re-fetching.
    expect(totals.merged).toBeGreaterThan(0);
    expect(totals.conflicts).toBeGreaterThan(0);
    expect(totals.refetches).toBeGreaterThan(0);
    // Items became cards, and the viewer filtering by due dates applied patches.
    expect(totals.cards).toBeGreaterThan(0);
    expect(totals.dueApplied).toBeGreaterThan(0);
  }, 120_000);
});

/** The API's form of a value a body sent (ids as the task detail has them). */
function normal(value: unknown): unknown {
  return Array.isArray(value) ? [...value].sort((x, y) => Number(x) - Number(y)) : value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}
