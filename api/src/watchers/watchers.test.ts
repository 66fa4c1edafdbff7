/**
 * Watching, mentions and their notifications and letters, on PostgreSQL with a real SMTP peer: what a
 * comment, a move, a column edit and a due-date change tell whom, PUT /api/task/watch, the letters at
 * once and the daily digest, and that a change rolling back leaves nothing.
 */

import { MENTIONS_ERROR } from 'contract/comments';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import {
  addTask,
  boardSnapshot,
  call,
  editBody,
  type Person,
  person,
  refused,
  seedBoard,
  type TestBoard,
} from '../../test/fixtures.js';
import { mailSubject, mailText, useAppWithSmtp } from '../../test/mail.js';
import { withBoardLock } from '../board-change/access.js';
import { MAIL_QUEUE } from '../notifications/plugin.js';
import { claimInstantMail } from '../notifications/repository.js';
import { notifyChange } from './notify.js';

const { t, smtp } = useAppWithSmtp();

/** The seeded board plus a third accepted member. */
async function board(): Promise<TestBoard & { third: Person }> {
  const b = await seedBoard(t.app);
  const third = await person(t.app, 'Третий');
  await t.db
    .insertInto('board_members')
    .values({ board_id: b.id, user_id: third.id, accepted: true })
    .execute();
  return { ...b, third };
}

async function comment(who: Person, b: TestBoard, taskId: string, text: string, mentions?: number[]) {
  return call(t.app, who, 'POST', '/api/comment/create', {
    boardId: b.id,
    taskId,
    text,
    ...(mentions && { mentions }),
  });
}

/** The kinds of `who`'s notifications about the task, oldest first. */
async function kinds(who: Person, taskId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('notifications')
    .select('kind')
    .where('user_id', '=', who.id)
    .where('task_id', '=', Number(taskId))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}

const setMail = (who: Person, mode: 'instant' | 'daily' | 'off') =>
  t.db.updateTable('users').set({ email_notifications: mode }).where('id', '=', who.id).execute();

const lettersTo = (who: Person) => smtp.received.filter((m) => m.to.includes(who.email));

async function mailSettled() {
  await vi.waitFor(
    async () => {
      const { rows } = await sql`
        select state from pgboss.job where name = ${MAIL_QUEUE} and state <> 'completed'
      `.execute(t.db);
      expect(rows).toEqual([]);
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('mentions', () => {
  it('notify the mentioned members, not the author; a mention of a non-member is refused whole', async () => {
    const b = await board();
    await Promise.all([b.member, b.creator, b.third].map((who) => setMail(who, 'off')));
    const task = await addTask(t.app, b);
    const long = `@Третий ${'очень длинный текст '.repeat(15)}`;
    const made = await comment(b.creator, b, task, long, [b.third.id, b.member.id, b.creator.id]);
    expect(made.status).toBe(200);
    // The task's creator watches it too, but a mention is the one notification they get.
    expect(await kinds(b.third, task)).toEqual(['mention']);
    expect(await kinds(b.member, task)).toEqual(['mention']);
    expect(await kinds(b.creator, task)).toEqual([]);

    const list = await call(t.app, b.third, 'GET', '/api/notification');
    expect(list.body[0]).toMatchObject({
      kind: 'mention',
      task: { id: task, boardId: b.id },
      actor: { id: b.creator.id, name: 'Создатель' },
      data: { commentId: made.body.id, text: long.slice(0, 200) },
      dueAt: null,
      read: false,
    });

    const before = await t.db.selectFrom('notifications').select('id').execute();
    for (const stranger of [b.outsider, b.removed, b.pending]) {
      const answer = await refused(t.app, b.member, 'POST', '/api/comment/create', {
        boardId: b.id,
        taskId: task,
        text: 'Привет',
        mentions: [b.third.id, stranger.id],
      });
      expect(answer).toEqual({ status: 400, body: { mentions: MENTIONS_ERROR } });
    }
    expect(await t.db.selectFrom('notifications').select('id').execute()).toEqual(before);

    // A deleted board's notifications leave the list and the count.
    await t.db.updateTable('boards').set({ deleted_at: new Date() }).where('id', '=', b.id).execute();
    expect((await call(t.app, b.third, 'GET', '/api/notification')).body).toEqual([]);
    expect((await call(t.app, b.third, 'GET', '/api/notification/unread')).body).toEqual({ unread: 0 });
  });
});

describe('assignments', () => {
  it('tell a member made an assignee by someone else, at creation and on an edit, never the one who did it', async () => {
    const b = await board();
    await Promise.all([b.member, b.creator, b.third].map((who) => setMail(who, 'off')));
    // The member creates the task for the third and for themselves.
    const task = await addTask(t.app, b, b.columns[0], { assignees: [b.third.id, b.member.id] });
    expect(await kinds(b.third, task)).toEqual(['assigned']);
    expect(await kinds(b.member, task)).toEqual([]);

    // The third adds the creator and moves the task in the same edit: the creator hears of the
    // assignment alone; the member (a watcher) of the move.
    const edit = await editBody(t.app, b, task, {
      assignees: [b.third.id, b.member.id, b.creator.id],
      columnId: b.columns[1],
    });
    expect((await call(t.app, b.third, 'PUT', '/api/task/edit', edit)).status).toBe(200);
    expect(await kinds(b.creator, task)).toEqual(['assigned']);
    expect(await kinds(b.member, task)).toEqual(['moved']);
    expect(await kinds(b.third, task)).toEqual(['assigned']);

    const [item] = (await call(t.app, b.creator, 'GET', '/api/notification')).body;
    expect(item).toMatchObject({
      kind: 'assigned',
      task: { id: task },
      actor: { id: b.third.id, name: 'Третий' },
    });
    expect((await call(t.app, b.creator, 'GET', '/api/notification/unread')).body).toEqual({ unread: 1 });
  });

  it('reaches an assignee who wants letters at once by e-mail, saying who did it', async () => {
    const b = await board();
    await setMail(b.third, 'instant');
    await setMail(b.member, 'off');
    const task = await addTask(t.app, b, b.columns[0], { title: 'Проверить счёт', assignees: [b.third.id] });
    await mailSettled();
    const [letter] = lettersTo(b.third);
    expect(letter).toBeDefined();
    expect(mailSubject(letter!.raw)).toBe('Вас назначили: «Проверить счёт»');
    expect(mailText(letter!.raw)).toContain(
      'Вас назначили исполнителем задачи «Проверить счёт» на доске «Доска» — Участник',
    );
    expect(await kinds(b.third, task)).toEqual(['assigned']);
  });
});

describe('watchers', () => {
  it('hear of comments, moves and due-date changes on the task, never of their own', async () => {
    const b = await board();
    await Promise.all([b.member, b.creator, b.third].map((who) => setMail(who, 'off')));
    const [todo, doing, done] = b.columns as [string, string, string];
    // The member creates it and assigns the third: both watch.
    const task = await addTask(t.app, b, todo, { assignees: [b.third.id] });

    expect((await comment(b.creator, b, task, 'Первый')).status).toBe(200);
    expect(await kinds(b.member, task)).toEqual(['comment']);
    // The third was made an assignee by the member: told so first.
    expect(await kinds(b.third, task)).toEqual(['assigned', 'comment']);
    expect(await kinds(b.creator, task)).toEqual([]);

    // Commenting made the creator a watcher.
    const move = { boardId: b.id, taskId: task, newColumnId: doing, newColumnTaskIds: [task] };
    expect((await call(t.app, b.member, 'PUT', '/api/task/move', move)).status).toBe(200);
    expect(await kinds(b.member, task)).toEqual(['comment']);
    expect(await kinds(b.creator, task)).toEqual(['moved']);

    const toDone = await editBody(t.app, b, task, { columnId: done });
    expect((await call(t.app, b.third, 'PUT', '/api/task/edit', toDone)).status).toBe(200);
    const dueAt = '2031-05-01T10:00:00.000Z';
    const due = await editBody(t.app, b, task, { dueAt });
    expect((await call(t.app, b.member, 'PUT', '/api/task/edit', due)).status).toBe(200);

    expect(await kinds(b.member, task)).toEqual(['comment', 'moved']);
    expect(await kinds(b.third, task)).toEqual(['assigned', 'comment', 'moved', 'due-changed']);
    expect(await kinds(b.creator, task)).toEqual(['moved', 'moved', 'due-changed']);
    const list = (await call(t.app, b.creator, 'GET', '/api/notification')).body;
    expect(list.map((n: { data: unknown }) => n.data)).toEqual([
      { from: null, to: dueAt },
      { from: 'В работе', to: 'Готово' },
      { from: 'Нужно сделать', to: 'В работе' },
    ]);
    expect(list[2].actor).toEqual({ id: b.member.id, name: 'Участник' });
    expect(list[1].actor).toEqual({ id: b.third.id, name: 'Третий' });
  });

  it('stop when they unwatch, and commenting again does not make them watch', async () => {
    const b = await board();
    await Promise.all([b.member, b.creator, b.third].map((who) => setMail(who, 'off')));
    const task = await addTask(t.app, b);
    const watch = (who: Person, watching: boolean) =>
      call(t.app, who, 'PUT', '/api/task/watch', { boardId: b.id, taskId: task, watching });
    const detail = async (who: Person) => (await call(t.app, who, 'GET', `/api/task/${b.id}/${task}`)).body;

    await comment(b.third, b, task, 'Я тут');
    expect((await detail(b.third)).watching).toBe(true);
    const version = (await call(t.app, b.third, 'GET', `/api/board/${b.id}`)).body.version;
    expect(await watch(b.third, false)).toEqual({ status: 200, body: { watching: false } });
    expect((await detail(b.third)).watching).toBe(false);
    // Not a board change: nobody else's view moves.
    expect((await call(t.app, b.third, 'GET', `/api/board/${b.id}`)).body.version).toBe(version);

    await comment(b.creator, b, task, 'Второй');
    await comment(b.third, b, task, 'Снова я');
    await comment(b.creator, b, task, 'Третий');
    expect(await kinds(b.third, task)).toEqual([]);
    expect(await kinds(b.member, task)).toEqual(['comment', 'comment', 'comment', 'comment']);
    expect((await detail(b.third)).watching).toBe(false);

    // Anyone on the board may start watching, and may say so twice.
    expect(await watch(b.creator, true)).toEqual({ status: 200, body: { watching: true } });
    expect(await watch(b.third, true)).toEqual({ status: 200, body: { watching: true } });
    expect(await watch(b.third, true)).toEqual({ status: 200, body: { watching: true } });
    await comment(b.member, b, task, 'Всем');
    expect(await kinds(b.third, task)).toEqual(['comment']);
  });

  it('PUT /api/task/watch: 403 for a non-member whatever the body, 404 for an unknown task', async () => {
    const b = await board();
    const task = await addTask(t.app, b);
    const foreign = await addTask(t.app, await board());
    const watchers = () =>
      t.db.selectFrom('task_watchers').selectAll().orderBy('task_id').orderBy('user_id').execute();
    const before = await watchers();
    const snapshot = await boardSnapshot(t.db);
    for (const stranger of [b.outsider, b.removed, b.pending]) {
      for (const body of [
        { boardId: b.id, taskId: task, watching: true },
        { boardId: b.id, taskId: 'x', watching: 'да', extra: 1 },
        { boardId: String(b.id) },
      ]) {
        expect(await call(t.app, stranger, 'PUT', '/api/task/watch', body)).toEqual({
          status: 403,
          body: { message: 'Нет доступа' },
        });
      }
    }
    expect(await watchers()).toEqual(before);
    expect(await boardSnapshot(t.db)).toEqual(snapshot);
    for (const taskId of [foreign, '999999']) {
      expect(
        (await call(t.app, b.member, 'PUT', '/api/task/watch', { boardId: b.id, taskId, watching: true }))
          .status,
      ).toBe(404);
    }
    expect(
      (
        await call(t.app, b.member, 'PUT', '/api/task/watch', {
          boardId: 999_999,
          taskId: task,
          watching: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, b.member, 'PUT', '/api/task/watch', { boardId: b.id, taskId: task })).status,
    ).toBe(400);
    expect(await watchers()).toEqual(before);
    expect(
      await call(t.app, null, 'PUT', '/api/task/watch', { boardId: b.id, taskId: task, watching: true }),
    ).toMatchObject({ status: 401 });
  });
});

describe('e-mail', () => {
  it('goes at once once per notification, in one daily digest, or not at all', async () => {
    const b = await board();
    const quiet = await person(t.app, 'Тихий');
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: quiet.id, accepted: true })
      .execute();
    await setMail(b.third, 'daily');
    await setMail(quiet, 'off');
    // The member ('instant') creates it; the third ('daily') and the quiet one ('off') are assigned.
    const task = await addTask(t.app, b, b.columns[0], { title: 'Отчёт', assignees: [b.third.id, quiet.id] });

    await comment(b.creator, b, task, 'Посмотрите, пожалуйста');
    await comment(b.creator, b, task, '@Участник срочно', [b.member.id]);
    const move = { boardId: b.id, taskId: task, newColumnId: b.columns[1], newColumnTaskIds: [task] };
    expect((await call(t.app, b.creator, 'PUT', '/api/task/move', move)).status).toBe(200);

    await vi.waitFor(() => expect(lettersTo(b.member)).toHaveLength(3), { timeout: 10_000 });
    await mailSettled();
    const letters = lettersTo(b.member).map((m) => ({ subject: mailSubject(m.raw), text: mailText(m.raw) }));
    expect(letters.map((m) => m.subject).sort()).toEqual(
      ['Вас упомянули: «Отчёт»', 'Задача перенесена: «Отчёт»', 'Новый комментарий: «Отчёт»'].sort(),
    );
    const mention = letters.find((m) => m.subject.startsWith('Вас'))!;
    expect(mention.text).toContain(`Здравствуйте, ${b.member.name}!`);
    expect(mention.text).toContain(
      'Вас упомянули в комментарии к задаче «Отчёт» на доске «Доска» — Создатель: «@Участник срочно»',
    );
    // The board's first task: its link carries its number, 1, not its id.
    expect(mention.text).toMatch(
      new RegExp(`Открыть задачу: http://kanban\\.test/board/${b.id}/task/1\\r?\\n`),
    );
    expect(mention.text).toContain('http://kanban.test/settings');
    const moved = letters.find((m) => m.subject.startsWith('Задача'))!;
    expect(moved.text).toContain(
      'Задача «Отчёт» на доске «Доска» перенесена из «Нужно сделать» в «В работе» — Создатель',
    );
    expect(lettersTo(b.third)).toEqual([]);

    // The digest: one letter with the four items (the assignment first), once.
    const sent = await t.app.notificationMail.digest(new Date(Date.now() + 1000));
    expect(sent).toBe(1);
    expect(lettersTo(b.third)).toHaveLength(1);
    const digest = lettersTo(b.third)[0]!;
    expect(mailSubject(digest.raw)).toBe('Уведомления за день: 4');
    const text = mailText(digest.raw);
    expect(text).toContain('Вас назначили исполнителем задачи «Отчёт» на доске «Доска» — Участник');
    expect(text).toContain(
      'Новый комментарий к задаче «Отчёт» на доске «Доска» — Создатель: «Посмотрите, пожалуйста»',
    );
    expect(text).toContain(
      'Новый комментарий к задаче «Отчёт» на доске «Доска» — Создатель: «@Участник срочно»',
    );
    expect(text).toContain('перенесена из «Нужно сделать» в «В работе» — Создатель');
    expect(text).toMatch(new RegExp(`http://kanban\\.test/board/${b.id}/task/1\\r?\\n`));
    expect(await t.app.notificationMail.digest(new Date(Date.now() + 1000))).toBe(0);

    const unsent = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'emailed_at'])
      .where('task_id', '=', Number(task))
      .execute();
    expect(unsent.filter((n) => n.emailed_at === null).map((n) => n.user_id)).toEqual([
      quiet.id,
      quiet.id,
      quiet.id,
      quiet.id,
    ]);
    expect(lettersTo(quiet)).toEqual([]);
    expect(lettersTo(b.creator)).toEqual([]);
    expect(lettersTo(b.member)).toHaveLength(3);
  });
});

it('a letter is claimed once, and not at all once its user no longer wants it', async () => {
  const b = await board();
  await setMail(b.member, 'off');
  const task = await addTask(t.app, b);
  await comment(b.creator, b, task, 'Раз');
  await comment(b.creator, b, task, 'Два');
  const [first, second] = await t.db
    .selectFrom('notifications')
    .select('id')
    .where('task_id', '=', Number(task))
    .orderBy('id')
    .execute();
  const claim = (id: number) => t.db.transaction().execute((trx) => claimInstantMail(trx, id));
  await setMail(b.member, 'instant');
  expect(await claim(first!.id)).toMatchObject({ email: b.member.email, kind: 'comment', title: 'Задача' });
  expect(await claim(first!.id)).toBeNull();
  await call(t.app, b.member, 'PUT', '/api/notification/read', { ids: [second!.id] });
  expect(await claim(second!.id)).toBeNull();
});

it('a change that rolls back leaves no watch, notification nor letter', async () => {
  const b = await board();
  const task = Number(await addTask(t.app, b));
  const jobs = () =>
    sql`select id from pgboss.job where name = ${MAIL_QUEUE}`.execute(t.db).then((r) => r.rows);
  const before = { jobs: await jobs(), snapshot: await boardSnapshot(t.db) };
  await expect(
    withBoardLock(t.db, b.id, async (trx) => {
      const notified = await notifyChange(trx, t.app.queue, b.id, b.third.id, [
        {
          kind: 'comment.added',
          taskId: task,
          data: { commentId: 1, text: 'Привет', mentions: [b.creator.id] },
        },
      ]);
      expect(notified.users.sort()).toEqual([b.creator.id, b.member.id].sort());
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await t.db.selectFrom('notifications').selectAll().where('task_id', '=', task).execute()).toEqual(
    [],
  );
  expect(
    await t.db.selectFrom('task_watchers').select('user_id').where('task_id', '=', task).execute(),
  ).toEqual([{ user_id: b.member.id }]);
  expect(await jobs()).toEqual(before.jobs);
  expect(await boardSnapshot(t.db)).toEqual(before.snapshot);
});
