import { expect, it, vi } from 'vitest';
import { createTestApp, register } from '../../test/fixtures.js';
import { mailText, type Received, useAppWithSmtp } from '../../test/mail.js';

const { t, smtp } = useAppWithSmtp();

it('delivers the reset code over SMTP and the code from the message finishes the reset', async () => {
  const user = await register(t.app);
  const create = await t.app.inject({
    method: 'POST',
    url: '/api/reset/create',
    payload: { email: user.email },
  });
  const { id } = create.json<{ id: string }>();

  await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
  const [message] = smtp.received as [Received];
  expect(message.from).toBe('robot@kanban.test');
  expect(message.to).toEqual([user.email]);
  expect(message.raw).toMatch(/^Subject: =\?UTF-8\?/m);
  const text = mailText(message.raw);
  const link = text.match(/http:\/\/kanban\.test\/reset\/validate\/([0-9a-f-]+)\?code=([a-z0-9]+)/);
  expect(link?.[1]).toBe(id);
  const code = link?.[2] as string;
  expect(text).toContain(`Код подтверждения: ${code}`);

  const validate = await t.app.inject({
    method: 'PATCH',
    url: '/api/reset/validate',
    payload: { code, resetId: id },
  });
  expect(validate.statusCode).toBe(200);
  const finish = await t.app.inject({
    method: 'PATCH',
    url: '/api/reset/password',
    payload: { resetId: id, password: 'via-smtp-1', password2: 'via-smtp-1' },
  });
  expect(finish.json()).toEqual({ isCompleted: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'via-smtp-1' },
  });
  expect(login.statusCode).toBe(200);
});

it('answers the same when the mail server is down', async () => {
  const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
  try {
    const user = await register(down.app);
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/reset/create',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['id']);
  } finally {
    await down.close();
  }
});
