const dayMonth = new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric' });

/** '24 нояб.', with the year when it is not this year's: '3 янв. 2027 г.'. */
export function shortDate(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '';
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return (sameYear ? dayMonth : dayMonthYear).format(time);
}

/** 'удалена 24 нояб., будет стёрта 24 дек.' */
export function deletedText(board: { deletedAt: string; purgeAt: string }, now: number = Date.now()): string {
  return `удалена ${shortDate(board.deletedAt, now)}, будет стёрта ${shortDate(board.purgeAt, now)}`;
}
