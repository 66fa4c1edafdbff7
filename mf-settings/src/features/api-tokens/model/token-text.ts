// Types only from the contract: a value import of 'contract/tokens' would bring typebox into the
// bundle (docs/performance.md), so the scope titles are restated here and a test keeps them equal.
import type { ApiToken, TokenScope } from 'contract/tokens';
import { serverNow, shortDate } from 'shared-ui';

/** The contract's TOKEN_SCOPE_TITLES. */
export const SCOPE_TITLES: Record<TokenScope, string> = { read: 'Чтение', write: 'Чтение и запись' };

export const SCOPE_OPTIONS: { value: TokenScope; label: string }[] = [
  { value: 'read', label: SCOPE_TITLES.read },
  { value: 'write', label: SCOPE_TITLES.write },
];

/** 'Срок действия': days from now, or 'never'. */
export const EXPIRY_OPTIONS = [
  { value: '30', label: '30 дней' },
  { value: '90', label: '90 дней' },
  { value: '365', label: '1 год' },
  { value: 'never', label: 'Бессрочно' },
] as const;

export const DEFAULT_EXPIRY = '90';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The `expiresAt` sent for a choice of EXPIRY_OPTIONS: that many days from now by the server's clock
 * (a device clock running behind must not make the date a past one), or null for 'never'.
 */
export function expiresAtFor(choice: string, now: number = serverNow()): string | null {
  const days = Number(choice);
  return Number.isInteger(days) && days > 0 ? new Date(now + days * DAY_MS).toISOString() : null;
}

// Made on first use, like shared-ui's shortDate's.
let dayTime: Intl.DateTimeFormat | undefined;
let dayYearTime: Intl.DateTimeFormat | undefined;

/** '24 нояб., 18:30', with the year when it is not this year's: '3 янв. 2027 г., 18:30'; '' if malformed. */
export function dateTimeText(at: string, now: number = serverNow()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '';
  if (new Date(time).getFullYear() === new Date(now).getFullYear()) {
    dayTime ??= new Intl.DateTimeFormat('ru', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    return dayTime.format(time);
  }
  dayYearTime ??= new Intl.DateTimeFormat('ru', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dayYearTime.format(time);
}

export const createdText = (token: ApiToken, now: number = serverNow()) =>
  `Создан ${shortDate(token.createdAt, now)}`;

/** 'Истекает {date}', 'Истёк {date}' once past, or 'Бессрочный'. */
export function expiryText(token: ApiToken, now: number = serverNow()): string {
  if (!token.expiresAt) return 'Бессрочный';
  const date = shortDate(token.expiresAt, now);
  return Date.parse(token.expiresAt) <= now ? `Истёк ${date}` : `Истекает ${date}`;
}

export const lastUseText = (token: ApiToken, now: number = serverNow()) =>
  token.lastUsedAt ? `Последнее использование: ${dateTimeText(token.lastUsedAt, now)}` : 'Не использовался';
