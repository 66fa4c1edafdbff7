import type { MailMessage } from '../plugins/mailer.js';
import type { ReminderMailData } from './repository.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

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

/** The reminder letter: what is due, when, and links to the task and to the setting that stops these. */
export function reminderMail(
  data: ReminderMailData,
  options: { publicUrl: string; timeZone: string },
): MailMessage {
  const link = `${options.publicUrl}/board/${data.boardId}/task/${data.taskId}`;
  const settings = `${options.publicUrl}/settings`;
  const due = formatDue(data.dueAt, options.timeZone);
  const what = `задачи «${data.title}» на доске «${data.boardName}»`;
  const soon = data.kind === 'due-soon';
  const subject = soon ? `Скоро срок: «${data.title}»` : `Срок истёк: «${data.title}»`;
  const news = soon ? `Срок ${what} — ${due}, меньше чем через сутки.` : `Срок ${what} истёк ${due}.`;
  const off = 'Напоминания на почту можно отключить в настройках профиля';
  return {
    to: data.email,
    subject,
    text: [
      `Здравствуйте, ${data.name}!`,
      '',
      news,
      '',
      `Открыть задачу: ${link}`,
      '',
      `${off}: ${settings}`,
    ].join('\n'),
    html: [
      `<p>Здравствуйте, ${escapeHtml(data.name)}!</p>`,
      `<p>${escapeHtml(news)}</p>`,
      `<p><a href="${escapeHtml(link)}">Открыть задачу</a></p>`,
      `<p><small><a href="${escapeHtml(settings)}">${off}</a>.</small></p>`,
    ].join('\n'),
  };
}
