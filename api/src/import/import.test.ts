/**
 * Importing a board from a file: Trello's JSON export, a CSV, and our own export (a round trip),
 * through POST /api/import and its job on the queue; a broken file creates nothing.
 */
import type { BoardExport } from 'contract/export';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  addLabel as addBoardLabel,
  addTask,
  boardDetail,
  call,
  person,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';
import { importBoard, importEnded, postImport } from '../../test/imports.js';
import {
  addCard,
  addChecklist,
  addComment,
  addLabel,
  addList,
  addMember,
  type TrelloExport,
  trelloBoard,
} from '../../test/trello.js';

const t = useTestApp();

/** The import files left in storage. */
async function importObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.storage.list('imports/')) keys.push(object.key);
  return keys;
}

/** Every row count an import could add to. */
async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of [
    'boards',
    'columns',
    'tasks',
    'labels',
    'checklists',
    'checklist_items',
    'comments',
    'revisions',
    'invitations',
    'board_members',
  ] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function sampleTrello() {
  const board = trelloBoard('Test Drive');
  const anna = addMember(board, 'Анна Петрова');
  const boris = addMember(board, 'Борис Сидоров');
  // Lists out of order in the file: `pos` decides.
  const done = addList(board, 'Готово', 300);
  const todo = addList(board, 'Нужно сделать', 100);
  const old = addList(board, 'Старое', 200, true);
  const green = addLabel(board, '', 'green');
  const urgent = addLabel(board, 'Срочно', 'red_dark');
  const second = addCard(board, todo, 'Вторая', { pos: 2000, idMembers: [anna, boris] });
  const first = addCard(board, todo, 'Первая', {
    pos: 1000,
    desc: 'Текст  как есть\n\n**жирный**',
    due: '2026-12-01T09:00:00.000Z',
    dueComplete: true,
    idLabels: [green, urgent],
    idMembers: [anna],
    attachments: [
      { id: 'a1', name: 'Макет.pdf', url: 'https://trello.com/1/cards/x/attachments/y/download/Maket.pdf' },
    ],
    customFieldItems: [{ id: 'cf', value: { text: 'x' } }],
    idMembersVoted: [boris],
  });
  addCard(board, todo, 'Закрытая карточка', { pos: 3000, closed: true });
  addCard(board, old, 'Карточка старого списка', { pos: 1 });
  addCard(board, done, 'Сделано', { pos: 1, cover: { idAttachment: null, color: 'green' } });
  addChecklist(board, first, 'Второй список', [['в', false]], 200);
  addChecklist(
    board,
    first,
    'Шаги',
    [
      ['раз', true],
      ['два', false],
    ],
    100,
  );
  addComment(board, first, anna, 'Старый комментарий', '2026-11-01T10:00:00.000Z');
  addComment(board, first, boris, 'Новый комментарий', '2026-11-02T10:00:00.000Z');
  addComment(board, second, anna, 'К второй', '2026-11-03T10:00:00.000Z');
  return { board, anna, boris, first, second };
}

const json = (board: TrelloExport) => JSON.stringify(board);

describe('POST /api/import: Trello', () => {
  it('describes the file before anything is written', async () => {
    const { board } = sampleTrello();
    const before = await rowCounts();
    const me = await person(t.app, 'Импортёр');
    const res = await postImport(t.app, me, json(board), 'trello.json', {}, '/api/import/preview');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      format: 'trello',
      name: 'Test Drive',
      columns: 3,
      tasks: 5,
      members: [
        { id: board.members[0]!.id, name: 'Анна Петрова', email: null },
        { id: board.members[1]!.id, name: 'Борис Сидоров', email: null },
      ],
    });
    expect(await rowCounts()).toEqual({ ...before });
  });

  it('brings lists, cards, labels, checklists, comments and the archive in, with mapped members invited', async () => {
    const { board, anna, boris } = sampleTrello();
    const me = await person(t.app, 'Импортёр');
    const annaHere = await person(t.app, 'Анна');
    const job = await importBoard(t.app, me, json(board), 'board.json', {
      members: JSON.stringify({ [anna]: annaHere.email, [boris]: '' }),
    });
    expect(job.state).toBe('done');
    expect(job.progress).toBe(1);
    expect(job.report).toEqual({
      columns: 2,
      tasks: 5,
      archivedColumns: 1,
      archivedTasks: 1,
      labels: 2,
      checklists: 2,
      checklistItems: 3,
      comments: 3,
      dueDates: 1,
      invited: [annaHere.email],
      skipped: [
        { what: 'Пользовательские поля', why: 'нет на нашей доске: карточек — 1' },
        { what: 'Голоса', why: 'нет на нашей доске: карточек — 1' },
        { what: 'Обложки', why: 'нет на нашей доске: карточек — 1' },
        { what: 'Исполнители', why: 'не сопоставлены с участниками: назначений — 1' },
      ],
    });
    const boardId = job.boardId!;
    const detail = (await boardDetail(t.app, me, boardId)).body;
    expect(detail.name).toBe('Test Drive');
    expect(detail.createdBy).toBe(me.id);
    expect(detail.columnOrder.map((id) => detail.columns[id]!.name)).toEqual(['Нужно сделать', 'Готово']);
    const todo = detail.columns[detail.columnOrder[0]!]!;
    expect(todo.taskIds.map((id) => detail.tasks[id]!.title)).toEqual(['Первая', 'Вторая']);
    expect(
      detail.labels.map((label: { title: string; color: string }) => [label.title, label.color]),
    ).toEqual([
      ['Зелёная', '#4bce97'],
      ['Срочно', '#c9372c'],
    ]);
    const firstId = todo.taskIds[0];
    const first = (await call(t.app, me, 'GET', `/api/task/${boardId}/${firstId}`)).body;
    expect(first.description).toBe(
      'Текст  как есть\n\n**жирный**\n\nВложения из Trello:\n- Макет.pdf — https://trello.com/1/cards/x/attachments/y/download/Maket.pdf',
    );
    expect(first.dueAt).toBe('2026-12-01T09:00:00.000Z');
    expect(first.dueDone).toBe(true);
    expect(first.labels).toHaveLength(2);
    // Anna has not accepted yet: her assignment waits.
    expect(first.assignees).toEqual([]);
    expect(
      first.checklists.map((list: { title: string; items: { text: string; done: boolean }[] }) => [
        list.title,
        list.items.map((item) => [item.text, item.done]),
      ]),
    ).toEqual([
      [
        'Шаги',
        [
          ['раз', true],
          ['два', false],
        ],
      ],
      ['Второй список', [['в', false]]],
    ]);
    expect(
      first.comments.map(
        (comment: { text: string; userId: number; authorName?: string; createdAt: string }) => [
          comment.text,
          comment.userId,
          comment.authorName,
          comment.createdAt,
        ],
      ),
    ).toEqual([
      ['Старый комментарий', annaHere.id, undefined, '2026-11-01T10:00:00.000Z'],
      ['Новый комментарий', me.id, 'Борис Сидоров', '2026-11-02T10:00:00.000Z'],
    ]);
    const archive = (await call(t.app, me, 'GET', `/api/archive/${boardId}`)).body;
    expect(
      archive.columns.map((column: { name: string; tasksCount: number }) => [column.name, column.tasksCount]),
    ).toEqual([['Старое', 1]]);
    expect(archive.tasks.map((task: { title: string }) => task.title)).toEqual(['Закрытая карточка']);

    // Anna accepts: her assignments are hers now.
    const invitations = (await call(t.app, annaHere, 'GET', '/api/invite')).body;
    const invitation = invitations.find((item: { board: { id: number } }) => item.board.id === boardId);
    expect((await call(t.app, annaHere, 'PUT', `/api/invite/accept/${invitation.id}`)).status).toBe(200);
    const after = (await boardDetail(t.app, annaHere, boardId)).body;
    const assigned = Object.values(after.tasks as Record<string, { title: string; assignees: number[] }>)
      .filter((task) => task.assignees.includes(annaHere.id))
      .map((task) => task.title)
      .sort();
    expect(assigned).toEqual(['Вторая', 'Первая']);
    expect(
      await t.db.selectFrom('pending_assignees').selectAll().where('board_id', '=', boardId).execute(),
    ).toEqual([]);
  });

  it('creates nothing from a file cut in the middle, and says so', async () => {
    const { board } = sampleTrello();
    const me = await person(t.app, 'Импортёр');
    const text = json(board);
    const before = await rowCounts();
    const job = await importBoard(t.app, me, text.slice(0, Math.floor(text.length * 0.6)), 'board.json');
    expect(job).toMatchObject({ state: 'failed', error: 'Файл повреждён или обрезан: доска не создана' });
    expect(job.boardId).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
    expect(await importObjects()).toEqual([]);
  });

  it('refuses what is not an import file, or a wrong format, before storing anything', async () => {
    const me = await person(t.app, 'Импортёр');
    expect(await postImport(t.app, me, 'просто текст', 'notes.txt')).toEqual({
      status: 400,
      body: { file: 'Это не экспорт Trello, не CSV с колонкой «Название» и не экспорт доски' },
    });
    expect(await postImport(t.app, me, json(trelloBoard()), 'b.json', { format: 'csv' })).toEqual({
      status: 400,
      body: { file: 'Файл не похож на формат csv' },
    });
    expect(
      await postImport(t.app, me, json(trelloBoard()), 'b.json', {
        members: '{"x": "не адрес"}',
        tz: 'Mars/Base',
      }),
    ).toEqual({
      status: 400,
      body: { members: 'Некорректный адрес: не адрес', tz: 'Неизвестный часовой пояс' },
    });
    expect(await postImport(t.app, me, Buffer.alloc(50 * 1024 * 1024 + 1, 'a'), 'big.csv')).toEqual({
      status: 413,
      body: { file: 'Файл больше 50 МБ' },
    });
    expect(await importObjects()).toEqual([]);
    expect(await t.db.selectFrom('imports').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('shows an import only to its importer', async () => {
    const me = await person(t.app, 'Импортёр');
    const other = await person(t.app, 'Другой');
    const started = await postImport(t.app, me, json(trelloBoard()), 'b.json');
    expect(started.status).toBe(202);
    expect((await call(t.app, other, 'GET', `/api/import/${started.body.id}`)).status).toBe(404);
    expect((await importEnded(t.app, me, started.body.id)).state).toBe('done');
  });
});

describe('POST /api/import: CSV', () => {
  it('reads Windows-1251 with semicolons, dates in the importer zone, and names a row without a title', async () => {
    const me = await person(t.app, 'Импортёр');
    const text = [
      'Название;Описание;Колонка;Метки;Срок;Приоритет;Оценка',
      'Купить молоко;"Две бутылки;\nобезжиренного";Сделать;Дом, Срочно;25.11.2026 18:00;Высокий;2',
      ';без названия;Сделать;;;;',
      'Позвонить;;Готово;Дом;26.11.2026;critical;',
    ].join('\r\n');
    const job = await importBoard(t.app, me, iconv.encode(text, 'win1251'), 'Дела.csv', {
      tz: 'Asia/Yekaterinburg',
    });
    expect(job.state).toBe('done');
    expect(job.report).toMatchObject({
      columns: 2,
      tasks: 2,
      labels: 2,
      dueDates: 2,
      skipped: [{ what: 'Строка 4', why: 'нет названия' }],
    });
    const detail = (await boardDetail(t.app, me, job.boardId!)).body;
    expect(detail.name).toBe('Дела');
    const tasks = Object.values(
      detail.tasks as Record<string, { id: string; title: string; priority: string; estimation: string }>,
    );
    const milk = tasks.find((task) => task.title === 'Купить молоко')!;
    const full = (await call(t.app, me, 'GET', `/api/task/${job.boardId}/${milk.id}`)).body;
    expect(full).toMatchObject({
      description: 'Две бутылки;\nобезжиренного',
      priority: 'high',
      estimation: '2',
      dueAt: '2026-11-25T13:00:00.000Z',
    });
    const call2 = tasks.find((task) => task.title === 'Позвонить')!;
    expect(call2.priority).toBe('critical');
    expect((await call(t.app, me, 'GET', `/api/task/${job.boardId}/${call2.id}`)).body.dueAt).toBe(
      '2026-11-26T18:59:00.000Z',
    );
  });

  it('reads UTF-8 with a BOM and commas, English headers, and e-mails as assignees', async () => {
    const me = await person(t.app, 'Импортёр');
    const text =
      '\uFEFFTitle,Status,Assignees,Due\r\n"Write, review",In progress,' +
      me.email +
      ',2026-12-01T09:00:00Z\r\nShip,Done,,\r\n';
    const preview = await postImport(t.app, me, text, 'tasks.csv', {}, '/api/import/preview');
    expect(preview.body).toEqual({
      format: 'csv',
      name: 'tasks',
      columns: 2,
      tasks: 2,
      members: [{ id: me.email, name: me.email, email: me.email }],
    });
    const job = await importBoard(t.app, me, text, 'tasks.csv', {
      members: JSON.stringify({ [me.email]: me.email }),
    });
    expect(job.report?.invited).toEqual([]);
    const detail = (await boardDetail(t.app, me, job.boardId!)).body;
    const tasks = Object.values(
      detail.tasks as Record<string, { title: string; assignees: number[]; dueAt: string | null }>,
    );
    expect(tasks.map((task) => [task.title, task.assignees, task.dueAt])).toEqual([
      ['Write, review', [me.id], '2026-12-01T09:00:00.000Z'],
      ['Ship', [], null],
    ]);
  });
});

describe('POST /api/import: our own export', () => {
  it('round-trips: export, import, export again is equal but for ids, dates and members', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = b.columns as [string, string, string];
    const label = await addBoardLabel(t.app, b, 'Срочно');
    const first = await addTask(t.app, b, todo, { title: 'Первая', labels: [label], priority: 'high' });
    await addTask(t.app, b, doing, { title: 'Вторая' });
    const gone = await addTask(t.app, b, doing, { title: 'В архиве' });
    await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: Number(gone),
      archived: true,
    });
    await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId: first,
      text: 'Привет',
    });
    const list = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${first}`, { title: 'Шаги' });
    await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${list.body.checklists[0].id}`, {
      text: 'Шаг 1',
    });

    const exported = async (who: typeof b.member, boardId: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/export/${boardId}`,
          headers: { authorization: `Bearer ${who.token}` },
        })
      ).json() as BoardExport;
    const source = await exported(b.member, b.id);
    const me = await person(t.app, 'Переносчик');
    const job = await importBoard(t.app, me, JSON.stringify(source), 'board.json');
    expect(job.state).toBe('done');
    const copy = await exported(me, job.boardId!);

    const comparable = (doc: BoardExport) => {
      const labelTitles = new Map(doc.labels.map((item) => [item.id, item.title]));
      const columnNames = new Map(doc.columns.map((column) => [column.id, column.name]));
      return {
        board: doc.board,
        labels: doc.labels.map(({ title, color }) => ({ title, color })),
        columns: doc.columns.map((column) => ({
          name: column.name,
          archived: column.archived,
          tasks: column.taskIds.length,
        })),
        tasks: doc.tasks.map(
          ({
            id: _id,
            createdAt: _at,
            createdBy: _by,
            assignees: _as,
            columnId,
            labels,
            comments,
            checklists,
            ...task
          }) => ({
            ...task,
            column: columnNames.get(columnId),
            labels: labels.map((id) => labelTitles.get(id)),
            comments: comments.map(({ text, author }) => ({ text, author })),
            checklists: checklists.map((checklist) => ({
              ...checklist,
              items: checklist.items.map(({ text, done }) => ({ text, done })),
            })),
          }),
        ),
      };
    };
    expect(comparable(copy)).toEqual(comparable(source));
  });
});
