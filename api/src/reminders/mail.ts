import { formatDue, taskLetter, taskUrl } from '../plugins/letters.js';
import type { MailMessage } from '../plugins/mailer.js';
import type { ReminderMailData } from './repository.js';

/** The reminder letter: what is due, when, and links to the task and to the setting that stops these. */
export function reminderMail(
  data: ReminderMailData,
  options: { publicUrl: string; timeZone: string },
): MailMessage {
  const due = formatDue(data.dueAt, options.timeZone);
  const what = `задачи «${data.title}» на доске «${data.boardName}»`;
  const soon = data.kind === 'due-soon';
  const subject = soon ? `Скоро срок: «${data.title}»` : `Срок истёк: «${data.title}»`;
  const news = soon ? `Срок ${what} — ${due}, меньше чем через сутки.` : `Срок ${what} истёк ${due}.`;
  const off = 'Напоминания на почту можно отключить в настройках профиля';
  return taskLetter({
    to: data.email,
    name: data.name,
    subject,
    news,
    link: taskUrl(options.publicUrl, data.boardId, data.taskNumber),
    publicUrl: options.publicUrl,
    off,
  });
}
