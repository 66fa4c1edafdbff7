/**
 * Formatters are made on first use, not as a module loads: making one costs milliseconds (the first
 * loads the locale's data), and the modules that need them load with every first screen.
 */
let dayMonth: Intl.DateTimeFormat | undefined;
let dayMonthYear: Intl.DateTimeFormat | undefined;

/** '24 нояб.', with the year when it is not this year's: '3 янв. 2027 г.'; '' for a malformed instant. */
export function shortDate(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '';
  if (new Date(time).getFullYear() === new Date(now).getFullYear()) {
    dayMonth ??= new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short' });
    return dayMonth.format(time);
  }
  dayMonthYear ??= new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric' });
  return dayMonthYear.format(time);
}
