import { escapeHtml } from '../plugins/letters.js';
import type { MailMessage } from '../plugins/mailer.js';

export function resetMail(to: string, code: string, link: string): MailMessage {
  return {
    to,
    subject: 'Сброс пароля',
    text: [
      'Здравствуйте!',
      '',
      'Кто-то (надеемся, что вы) попросил сбросить пароль к вашей kanban-доске.',
      `Код подтверждения: ${code}`,
      '',
      `Или перейдите по ссылке: ${link}`,
      '',
      'Код действует 15 минут. Если вы не просили сброс, просто проигнорируйте это письмо.',
    ].join('\n'),
    html: [
      '<p>Здравствуйте!</p>',
      '<p>Кто-то (надеемся, что вы) попросил сбросить пароль к вашей kanban-доске.</p>',
      `<p>Код подтверждения: <b>${escapeHtml(code)}</b></p>`,
      `<p><a href="${escapeHtml(link)}">Сбросить пароль</a></p>`,
      '<p>Код действует 15 минут. Если вы не просили сброс, просто проигнорируйте это письмо.</p>',
    ].join('\n'),
  };
}
