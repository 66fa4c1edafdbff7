// Apart from notification-text.ts, which loads with the list: the bell's button is on every page.
import { plural } from 'shared-ui';

const UNREAD = { one: 'непрочитанное', few: 'непрочитанных', many: 'непрочитанных' };
const INVITATIONS = { one: 'приглашение', few: 'приглашения', many: 'приглашений' };

/**
 * The bell's accessible name: 'Уведомления, 3 непрочитанных' ('…, 1 непрочитанное'), with pending
 * invitations after them: 'Уведомления, 1 непрочитанное, 2 приглашения'.
 */
export function bellLabel(unread: number | null, invitations = 0): string {
  const parts = ['Уведомления'];
  if (unread) parts.push(`${unread} ${plural(unread, UNREAD)}`);
  if (invitations) parts.push(`${invitations} ${plural(invitations, INVITATIONS)}`);
  return parts.join(', ');
}
