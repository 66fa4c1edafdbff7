/** The letter telling a board's administrator that a webhook was switched off. */
import { switchedOffText } from 'contract/webhooks';
import { escapeHtml } from '../plugins/letters.js';
import type { MailMessage } from '../plugins/mailer.js';
import type { SwitchedOffLetter } from './repository.js';

export function switchedOffMail(letter: SwitchedOffLetter, publicUrl: string): MailMessage {
  const news = switchedOffText(letter.url, letter.boardName);
  const board = `${publicUrl}/board/${letter.boardId}`;
  const settings = `${publicUrl}/settings`;
  const fix = 'Проверьте адрес и включите вебхук снова в настройках доски';
  const off = 'Уведомления на почту можно настроить или отключить в настройках профиля';
  return {
    to: letter.email,
    subject: `Вебхук отключён: доска «${letter.boardName}»`,
    text: [`Здравствуйте, ${letter.name}!`, '', news, '', `${fix}: ${board}`, '', `${off}: ${settings}`].join(
      '\n',
    ),
    html: [
      `<p>Здравствуйте, ${escapeHtml(letter.name)}!</p>`,
      `<p>${escapeHtml(news)}</p>`,
      `<p><a href="${escapeHtml(board)}">${fix}</a></p>`,
      `<p><small><a href="${escapeHtml(settings)}">${off}</a>.</small></p>`,
    ].join('\n'),
  };
}
