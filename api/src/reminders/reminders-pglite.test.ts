/** The embedded default (PGlite, no DATABASE_URL): the same queue, in its own schema, delivers too. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { addTask, call, editBody, seedBoard, useTestApp } from '../../test/fixtures.js';
import { mailText } from '../../test/mail.js';
import { MAIL_QUEUE } from '../notifications/plugin.js';
import { SCAN_QUEUE } from './plugin.js';

const t = useTestApp({}, { pglite: true });

it('runs on PGlite: pg-boss installs, a scan makes each reminder once and its letter leaves', async () => {
  const { rows: queues } = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(
    t.db,
  );
  expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining([MAIL_QUEUE, SCAN_QUEUE]));

  const b = await seedBoard(t.app);
  const task = await addTask(t.app, b, b.columns[0], { title: 'Встреча', assignees: [b.member.id] });
  const due = '2031-05-05T10:00:00.000Z';
  await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, task, { dueAt: due }));

  const when = new Date('2031-05-05T09:00:00Z');
  const [one, two] = await Promise.all([t.app.reminders.scan(when), t.app.reminders.scan(when)]);
  expect([...one, ...two].map((r) => [r.userId, r.kind])).toEqual([[b.member.id, 'due-soon']]);

  const outbox = join(t.config.dataDir, 'outbox');
  await vi.waitFor(async () => expect(await readdir(outbox).catch(() => [])).toHaveLength(1), {
    timeout: 8000,
  });
  const [file] = await readdir(outbox);
  const raw = await readFile(join(outbox, file!), 'utf8');
  expect(raw).toMatch(new RegExp(`^To: ${b.member.email}\\r?$`, 'm'));
  expect(mailText(raw)).toMatch(new RegExp(`http://kanban\\.test/board/${b.id}/task/1\\r?\\n`));
  expect((await call(t.app, b.member, 'GET', '/api/notification/unread')).body).toEqual({ unread: 1 });
});
