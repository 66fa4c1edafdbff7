import { escapeHtml } from '../plugins/letters.js';
import type { MailMessage } from '../plugins/mailer.js';

/**
 * The invitation letter. `link` is the site's main page with the invitation highlighted for someone
 * with an account, and the registration page for an address without one.
 */
export function invitationMail(
  to: string,
  data: { boardName: string; inviterName: string; link: string; hasAccount: boolean },
): MailMessage {
  const { boardName, inviterName, link, hasAccount } = data;
  const invited = `${inviterName} приглашает вас на kanban-доску «${boardName}».`;
  const action = hasAccount
    ? 'Приглашение ждёт вас в разделе «Приглашения» на главной странице: откройте его по ссылке и нажмите «Принять».'
    : 'Зарегистрируйтесь с этим адресом, и приглашение появится в разделе «Приглашения» на главной странице.';
  const button = hasAccount ? 'Открыть приглашение' : 'Зарегистрироваться';
  return {
    to,
    subject: `Приглашение на доску «${boardName}»`,
    text: ['Здравствуйте!', '', invited, action, '', `${button}: ${link}`].join('\n'),
    html: [
      '<p>Здравствуйте!</p>',
      `<p>${escapeHtml(invited)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">${button}</a></p>`,
    ].join('\n'),
  };
}
