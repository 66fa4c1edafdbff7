/** What every letter shares: escaping for its HTML part, dates, and the layout of a letter about a task. */
import type { MailMessage } from './mailer.js';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** '10 марта 2031 г. в 15:30 GMT+3': the users have no time zone of their own, so the site's is named. */
export function formatDue(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The task's page, as SPEC.md routes it: by the task's number on its board (docs/decisions.md). */
export const taskUrl = (publicUrl: string, boardId: number, taskNumber: number) =>
  `${publicUrl}/board/${boardId}/task/${taskNumber}`;

export interface TaskLetter {
  to: string;
  /** The addressee's name, for the greeting. */
  name: string;
  subject: string;
  /** What happened, one sentence. */
  news: string;
  /** The task's page. */
  link: string;
  publicUrl: string;
  /** Where in the settings such letters are turned off, as a sentence. */
  off: string;
}

/** A letter about one task: greeting, the news, the task's link, and where to stop such letters. */
export function taskLetter({ to, name, subject, news, link, publicUrl, off }: TaskLetter): MailMessage {
  const settings = `${publicUrl}/settings`;
  return {
    to,
    subject,
    text: [`Здравствуйте, ${name}!`, '', news, '', `Открыть задачу: ${link}`, '', `${off}: ${settings}`].join(
      '\n',
    ),
    html: [
      `<p>Здравствуйте, ${escapeHtml(name)}!</p>`,
      `<p>${escapeHtml(news)}</p>`,
      `<p><a href="${escapeHtml(link)}">Открыть задачу</a></p>`,
      `<p><small><a href="${escapeHtml(settings)}">${off}</a>.</small></p>`,
    ].join('\n'),
  };
}
