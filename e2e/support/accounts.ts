import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Account = { name: string; email: string; password: string; token: string };

let counter = 0;

export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function registerAccount(request: APIRequestContext, name = 'Анна Тестова'): Promise<Account> {
  const email = uniqueEmail('user');
  const password = 'secret-password-1';
  const response = await request.post('/api/auth/register', {
    data: { name, email, password, password2: password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { name, email, password, token };
}

export async function signIn(page: Page, account: Account) {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), account.token);
}

/** The newest message in the API's outbox addressed to `email`, decoded from quoted-printable. */
export function readOutboxMessage(email: string): string {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const messages = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')));
  const message = messages.find((text) => text.includes(email));
  if (!message) throw new Error(`No message to ${email} in ${outbox}`);
  return message;
}

function decodeQuotedPrintable(text: string): string {
  if (!/quoted-printable/i.test(text)) return text;
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
