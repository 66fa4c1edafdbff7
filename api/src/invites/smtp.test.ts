import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { api, createBoard, type Person, person } from '../../test/boards.js';
import { createTestApp, newUser, type TestApp } from '../../test/helpers.js';
import { mailText } from '../../test/mail.js';
import type { BoardListItem } from '../boards/schemas.js';
import type { Invitation } from './schemas.js';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      done();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Kanban <robot@kanban.test>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(email: string): Promise<{ subject: string; text: string }> {
  await vi.waitFor(() => expect(received.some((m) => m.to.includes(email))).toBe(true), { timeout: 5000 });
  const message = received.find((m) => m.to.includes(email)) as Received;
  const subject = message.raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  // Encoded words (=?UTF-8?B?...?= or =?UTF-8?Q?...?=) joined back into text.
  const decoded = subject
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
  return { subject: decoded, text: mailText(message.raw) };
}

it('mails an existing user a link to the site and an unknown address a link to registration', async () => {
  const owner = await person(t.app, t.db, 'Хозяйка');
  const known = await person(t.app, t.db, 'Знакомый');
  const boardId = await createBoard(t.app, owner, 'Ремонт & <дача>');

  expect((await api(t.app, owner, 'POST', '/api/invite/send', { boardId, email: known.email })).status).toBe(
    200,
  );
  const first = await mailTo(known.email);
  expect(first.subject).toBe('Приглашение на доску «Ремонт & <дача>»');
  expect(first.text).toContain('Хозяйка приглашает вас на kanban-доску «Ремонт & <дача>».');
  expect(first.text).toContain('http://kanban.test/\n');
  expect(first.text).toContain('&#60;дача&#62;'); // the HTML part escapes the name
  expect(first.text).not.toContain('http://kanban.test/register');

  const stranger = newUser('Незнакомец');
  expect(
    (await api(t.app, owner, 'POST', '/api/invite/send', { boardId, email: stranger.email })).status,
  ).toBe(200);
  const second = await mailTo(stranger.email);
  expect(second.subject).toBe('Приглашение на доску «Ремонт & <дача>»');
  // Registration with the invited address filled in.
  expect(second.text).toContain(`http://kanban.test/register?email=${encodeURIComponent(stranger.email)}`);

  // The stranger follows the link, registers, finds the invitation, accepts and opens the board.
  const reg = await api<{ token: string }>(t.app, null, 'POST', '/api/auth/register', stranger);
  const { id } = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', stranger.email)
    .executeTakeFirstOrThrow();
  const newcomer: Person = { id, name: stranger.name, email: stranger.email, token: reg.body.token };
  const [invitation] = (await api<Invitation[]>(t.app, newcomer, 'GET', '/api/invite')).body;
  expect(invitation?.board).toEqual({ id: boardId, name: 'Ремонт & <дача>' });
  expect((await api(t.app, newcomer, 'PUT', `/api/invite/accept/${invitation?.id}`)).status).toBe(200);
  expect((await api<BoardListItem[]>(t.app, newcomer, 'GET', '/api/board')).body.map((b) => b.id)).toEqual([
    boardId,
  ]);
  expect((await api(t.app, newcomer, 'GET', `/api/board/${boardId}`)).status).toBe(200);
});

it('invites even when the mail server is down', async () => {
  const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
  try {
    const owner = await person(down.app, down.db);
    const boardId = await createBoard(down.app, owner);
    const res = await api(down.app, owner, 'POST', '/api/invite/send', {
      boardId,
      email: 'later@example.com',
    });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await down.db.selectFrom('invitations').select('email').execute()).toEqual([
      { email: 'later@example.com' },
    ]);
  } finally {
    await down.close();
  }
});
