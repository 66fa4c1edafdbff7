import { TOKEN_SCOPE_TITLES, TOKEN_SCOPES } from 'contract/tokens';
import { describe, expect, it } from 'vitest';
import {
  dateTimeText,
  EXPIRY_OPTIONS,
  expiresAtFor,
  expiryText,
  SCOPE_OPTIONS,
  SCOPE_TITLES,
} from './token-text';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const token = {
  id: 1,
  name: 'CI',
  scope: 'read' as const,
  createdAt: '2026-11-01T12:00:00Z',
  lastUsedAt: null,
};

describe('token texts', () => {
  it("restates the contract's scope titles, every scope offered in its order", () => {
    expect(SCOPE_TITLES).toEqual(TOKEN_SCOPE_TITLES);
    expect(SCOPE_OPTIONS.map((option) => option.value)).toEqual([...TOKEN_SCOPES]);
  });

  it('turns an expiry choice into the instant that many days on, and Бессрочно into null', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.label)).toEqual([
      '30 дней',
      '90 дней',
      '1 год',
      'Бессрочно',
    ]);
    expect(expiresAtFor('30', NOW)).toBe(new Date(NOW + 30 * DAY).toISOString());
    expect(expiresAtFor('90', NOW)).toBe('2027-02-26T12:00:00.000Z');
    expect(expiresAtFor('365', NOW)).toBe('2027-11-28T12:00:00.000Z');
    expect(expiresAtFor('never', NOW)).toBeNull();
  });

  it('dates with the time, and the year only when it is not this one', () => {
    expect(dateTimeText('2026-11-25T12:05:00Z', NOW)).toMatch(/^25 нояб\., \d{2}:05$/);
    expect(dateTimeText('2025-01-03T12:05:00Z', NOW)).toMatch(/^3 янв\. 2025 г\., \d{2}:05$/);
    expect(dateTimeText('вчера', NOW)).toBe('');
  });

  it('says when a token expires, expired or never does', () => {
    expect(expiryText({ ...token, expiresAt: '2027-02-18T12:00:00Z' }, NOW)).toBe(
      'Истекает 18 февр. 2027 г.',
    );
    expect(expiryText({ ...token, expiresAt: '2026-11-20T12:00:00Z' }, NOW)).toBe('Истёк 20 нояб.');
    expect(expiryText({ ...token, expiresAt: null }, NOW)).toBe('Бессрочный');
  });
});
