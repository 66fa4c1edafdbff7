// Apart from notification-text.ts, which loads with the list: the bell's button is on every page.

/** The bell's accessible name: 'Уведомления, 3 непрочитанных' ('…, 1 непрочитанное'). */
export function bellLabel(unread: number | null): string {
  if (!unread) return 'Уведомления';
  const one = unread % 10 === 1 && unread % 100 !== 11;
  return `Уведомления, ${unread} ${one ? 'непрочитанное' : 'непрочитанных'}`;
}
