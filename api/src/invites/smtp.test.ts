import type { BoardListItem } from 'contract/boards';
import type { Invitation } from 'contract/invites';
import { expect, it } from 'vitest';
import { call, createBoard, createTestApp, newUser, type Person, person } from '../../test/fixtures.js';
import { useAppWithSmtp } from '../../test/mail.js';

const { t, smtp } = useAppWithSmtp();

it('mails an existing user a link to the invitation and an unknown address a link to registration', async () => {
  const owner = await person(t.app, 'Хозяйка');
  const known = await person(t.app, 'Знакомый');
  const boardId = await createBoard(t.app, owner, 'Ремонт & <дача>');

  expect((await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: known.email })).status).toBe(
    200,
  );
  const first = await smtp.mailTo(known.email);
  expect(first.subject).toBe('Приглашение на доску «Ремонт & <дача>»');
  expect(first.text).toContain('Хозяйка приглашает вас на kanban-доску «Ремонт & <дача>».');
  // The board list with the invitation highlighted.
  const [pending] = (await call<Invitation[]>(t.app, known, 'GET', '/api/invite')).body;
  expect(first.text).toContain(`Открыть приглашение: http://kanban.test/?invitation=${pending?.id}\n`);
  expect(first.text).toContain('&#60;дача&#62;'); // the HTML part escapes the name
  expect(first.text).not.toContain('http://kanban.test/register');

  const stranger = newUser('Незнакомец');
  expect(
    (await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: stranger.email })).status,
  ).toBe(200);
  const second = await smtp.mailTo(stranger.email);
  expect(second.subject).toBe('Приглашение на доску «Ремонт & <дача>»');
  // Registration with the invited address filled in.
  expect(second.text).toContain(`http://kanban.test/register?email=${encodeURIComponent(stranger.email)}`);

  // The stranger follows the link, registers, finds the invitation, accepts and opens the board.
  const reg = await call<{ token: string }>(t.app, null, 'POST', '/api/auth/register', stranger);
  const { id } = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', stranger.email)
    .executeTakeFirstOrThrow();
  const newcomer: Person = { id, name: stranger.name, email: stranger.email, token: reg.body.token };
  const [invitation] = (await call<Invitation[]>(t.app, newcomer, 'GET', '/api/invite')).body;
  expect(invitation?.board).toEqual({ id: boardId, name: 'Ремонт & <дача>' });
  expect((await call(t.app, newcomer, 'PUT', `/api/invite/accept/${invitation?.id}`)).status).toBe(200);
  expect((await call<BoardListItem[]>(t.app, newcomer, 'GET', '/api/board')).body.map((b) => b.id)).toEqual([
    boardId,
  ]);
  expect((await call(t.app, newcomer, 'GET', `/api/board/${boardId}`)).status).toBe(200);
});

it('invites even when the mail server is down', async () => {
  const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
  try {
    const owner = await person(down.app);
    const boardId = await createBoard(down.app, owner);
    const res = await call(down.app, owner, 'POST', '/api/invite/send', {
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
