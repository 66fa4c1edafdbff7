import { describe, expect, it } from 'vitest';
import { shortDate } from './short-date';

describe('shortDate', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('names the day and month, and the year only when it is not this one', () => {
    expect(shortDate('2026-12-12T10:00:00Z', now)).toBe('12 дек.');
    expect(shortDate('2027-01-03T10:00:00Z', now)).toBe('3 янв. 2027 г.');
  });

  it('reads a malformed instant as nothing', () => {
    expect(shortDate('вчера', now)).toBe('');
  });
});
