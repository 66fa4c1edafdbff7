// Made on first use: the page's first Intl formatter costs about 20 ms, and the chunks importing this
// one load while the browser is idle after the board shows.
let timeFormat: Intl.DateTimeFormat | undefined;

/** When something happened, as the board's lists show it: '24 нояб., 18:30'; '' for a malformed instant. */
export function timeText(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  timeFormat ??= new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return timeFormat.format(date);
}
