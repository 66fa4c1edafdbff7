/**
 * Outgoing mail. With SMTP_URL messages go to that server; without it each message is written as an
 * .eml file to DATA_DIR/outbox and its links are logged, so a local install needs no mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const outbox = join(dataDir, 'outbox');
    const transport: Transporter = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    // Sends that callers did not wait for still finish before the app closes.
    const pending = new Set<Promise<void>>();

    async function deliver(message: MailMessage): Promise<void> {
      const info = await transport.sendMail({ from: mailFrom, ...message });
      if (smtpUrl) {
        app.log.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      app.log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox');
    }

    app.decorate('mailer', {
      send(message) {
        const sending = deliver(message);
        const tracked = sending.catch(() => {}).finally(() => pending.delete(tracked));
        pending.add(tracked);
        return sending;
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => {
      await Promise.all(pending);
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
