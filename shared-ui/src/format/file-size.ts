const UNITS = ['Б', 'КБ', 'МБ', 'ГБ'] as const;
// Made on first use.
let decimal: Intl.NumberFormat | undefined;

/**
 * '512 Б', '1,5 КБ', '3 МБ', '1,2 ГБ': binary steps of 1024, one decimal at most, a Russian decimal comma
 * and a no-break space before the unit. A value that would round to 1024 moves up a unit ('1 МБ', not
 * '1024 КБ').
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  decimal ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1, useGrouping: false });
  const number = unit === 0 ? String(Math.round(value)) : decimal.format(value);
  return `${number}\u00a0${UNITS[unit]}`;
}
