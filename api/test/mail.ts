/** Mail in tests: just enough MIME to read what nodemailer built, and a real SMTP peer to send to. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createTestApp, type TestApp } from './fixtures.js';

/** The decoded text of one MIME part. */
function decodePart(part: string): string {
  const split = part.search(/\r?\n\r?\n/);
  if (split < 0) return '';
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = headers.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded bodies of every part, joined: enough to search for a code or a link. */
export function mailText(raw: string): string {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  return parts.map(decodePart).join('\n');
}

/** Encoded words (=?UTF-8?B?...?= or =?UTF-8?Q?...?=) of a message's Subject joined back into text. */
export function mailSubject(raw: string): string {
  const subject = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  return subject
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
}

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for the app's `smtpUrl`. */
  url: string;
  /** Every message delivered so far, in order. */
  received: Received[];
  /** Waits for the first message to `email` and returns its decoded subject and text. */
  mailTo(email: string): Promise<{ subject: string; text: string }>;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
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
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(email) {
      await vi.waitFor(() => expect(received.some((m) => m.to.includes(email))).toBe(true), {
        timeout: 5000,
      });
      const message = received.find((m) => m.to.includes(email)) as Received;
      return { subject: mailSubject(message.raw), text: mailText(message.raw) };
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

/**
 * The test file's app sending its mail as robot@kanban.test to a fresh SMTP peer: both started before
 * its tests, closed after them. Fields are there once the tests run.
 */
export function useAppWithSmtp(): { t: TestApp; smtp: SmtpPeer } {
  const t = {} as TestApp;
  const smtp = {} as SmtpPeer;
  beforeAll(async () => {
    Object.assign(smtp, await startSmtpPeer());
    Object.assign(t, await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Kanban <robot@kanban.test>' }));
  });
  afterAll(async () => {
    await t.close?.();
    await smtp.close?.();
  });
  return { t, smtp };
}
