/**
 * Letters about the notifications of board changes: one at once per notification ('instant') or one
 * a day listing them ('daily'). Sentences are impersonal with the author after a dash, as the
 * activity log's are (no gender to conjugate for).
 */

import type { NotificationKind } from 'contract/notifications';
import { switchedOffText } from 'contract/webhooks';
import { escapeHtml, formatDue, taskLetter, taskUrl } from '../plugins/letters.js';
import type { MailMessage } from '../plugins/mailer.js';
import type { MailItem } from './repository.js';

export interface MailOptions {
  publicUrl: string;
  timeZone: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const due = (value: unknown, timeZone: string) =>
  typeof value === 'string' ? formatDue(new Date(value), timeZone) : null;

/** What happened, in one sentence naming the task, the board and who did it. */
export function describe(item: MailItem, timeZone: string): string {
  const task = `«${item.title}» на доске «${item.boardName}»`;
  const by = ` — ${item.actorName ?? 'бывший участник'}`;
  switch (item.kind) {
    case 'mention':
      return `Вас упомянули в комментарии к задаче ${task}${by}: «${text(item.data.text)}»`;
    case 'comment':
      return `Новый комментарий к задаче ${task}${by}: «${text(item.data.text)}»`;
    case 'assigned':
      return `Вас назначили исполнителем задачи ${task}${by}`;
    case 'moved':
      return `Задача ${task} перенесена из «${text(item.data.from)}» в «${text(item.data.to)}»${by}`;
    case 'due-changed': {
      const from = due(item.data.from, timeZone);
      const to = due(item.data.to, timeZone);
      const change = to
        ? `теперь ${to}${from ? ` (был ${from})` : ''}`
        : `снят${from ? ` (был ${from})` : ''}`;
      return `Срок задачи ${task} ${change}${by}`;
    }
    // Reminders have letters of their own (reminders/mail.ts); said here for completeness.
    case 'due-soon':
      return `Срок задачи ${task} истекает через 24 часа`;
    case 'overdue':
      return `Срок задачи ${task} истёк`;
    // About the board, not a task: the webhooks send its letter (webhooks/mail.ts).
    case 'webhook-disabled':
      return switchedOffText(text(item.data.url), item.boardName);
    default:
      // Every kind has its sentence: a new kind without one fails tsc here.
      item.kind satisfies never;
      return `Задача ${task}${by}`;
  }
}

const SUBJECTS: Record<NotificationKind, string> = {
  mention: 'Вас упомянули',
  comment: 'Новый комментарий',
  assigned: 'Вас назначили',
  moved: 'Задача перенесена',
  'due-changed': 'Изменён срок',
  'due-soon': 'Скоро срок',
  overdue: 'Срок истёк',
  'webhook-disabled': 'Вебхук отключён',
};

const taskLink = (item: MailItem, publicUrl: string) => taskUrl(publicUrl, item.boardId, item.taskNumber);
const OFF = 'Уведомления на почту можно настроить или отключить в настройках профиля';

/** The letter of one notification: what happened and links to the task and to the setting. */
export function instantMail(item: MailItem, options: MailOptions): MailMessage {
  return taskLetter({
    to: item.email,
    name: item.name,
    subject: `${SUBJECTS[item.kind] ?? 'Уведомление'}: «${item.title}»`,
    news: describe(item, options.timeZone),
    link: taskLink(item, options.publicUrl),
    publicUrl: options.publicUrl,
    off: OFF,
  });
}

/** The daily letter: every item with its task's link, oldest first. */
export function digestMail(items: readonly MailItem[], options: MailOptions): MailMessage {
  const [first] = items;
  if (!first) throw new Error('an empty digest');
  const settings = `${options.publicUrl}/settings`;
  const lines = items.map((item) => ({
    news: describe(item, options.timeZone),
    link: taskLink(item, options.publicUrl),
  }));
  return {
    to: first.email,
    subject: `Уведомления за день: ${items.length}`,
    text: [
      `Здравствуйте, ${first.name}!`,
      '',
      'Что произошло в задачах, за которыми вы следите:',
      '',
      ...lines.flatMap(({ news, link }) => [`• ${news}`, `  ${link}`]),
      '',
      `${OFF}: ${settings}`,
    ].join('\n'),
    html: [
      `<p>Здравствуйте, ${escapeHtml(first.name)}!</p>`,
      '<p>Что произошло в задачах, за которыми вы следите:</p>',
      '<ul>',
      ...lines.map(
        ({ news, link }) => `<li>${escapeHtml(news)} <a href="${escapeHtml(link)}">Открыть</a></li>`,
      ),
      '</ul>',
      `<p><small><a href="${escapeHtml(settings)}">${OFF}</a>.</small></p>`,
    ].join('\n'),
  };
}
