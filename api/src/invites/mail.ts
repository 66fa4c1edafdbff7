import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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

/**
 * Sends an invitation's letter after its commit; a mail failure is logged and never fails the
 * invitation. A user opens their board list with the invitation highlighted; an address without an
 * account registers with the form's e-mail filled in (the invitation waits on its list).
 */
export function sendInvitationMail(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  invitation: {
    email: string;
    inviteId: number | null;
    boardId: number;
    boardName: string;
    inviterName: string;
  },
): void {
  const { email, inviteId, boardId } = invitation;
  const link =
    inviteId !== null
      ? `${app.config.publicUrl}/?invitation=${inviteId}`
      : `${app.config.publicUrl}/register?email=${encodeURIComponent(email)}`;
  const letter = {
    boardName: invitation.boardName,
    inviterName: invitation.inviterName,
    link,
    hasAccount: inviteId !== null,
  };
  app.mailer
    .send(invitationMail(email, letter))
    .catch((err: unknown) => log.error({ err, boardId }, 'invitation mail failed'));
}
