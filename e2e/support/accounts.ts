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

/**
 * Signs the page in as the shell does, by the token in the site's localStorage; it sets it from a
 * small file of the site's origin, not a page of the app, which would start the whole front end first.
 */
export async function signIn(page: Page, account: Account) {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('token', token), account.token);
}

/** The newest message in the API's outbox addressed to `email`, with its MIME parts decoded. */
export function readOutboxMessage(email: string): string {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const messages = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .map((file) => readFileSync(join(outbox, file), 'utf8'));
  const message = messages.find((text) => text.split(/\r?\n\r?\n/, 1)[0]?.includes(email));
  if (!message) throw new Error(`No message to ${email} in ${outbox}`);
  return decodeParts(message);
}

function decodeParts(raw: string): string {
  return raw.replace(
    /Content-Transfer-Encoding: (base64|quoted-printable)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, encoding: string, body: string) =>
      encoding.toLowerCase() === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
  );
}
