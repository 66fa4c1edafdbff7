/** When something happened, as the board's lists show it: '24 нояб., 18:30'; '' for a malformed instant. */
const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function timeText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}
