import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

const headers = (date: string) => new Headers({ date });

describe('server clock', () => {
  afterEach(() => noteServerDate(headers(new Date().toUTCString())));

  it("counts from the server's time when the device's clock is off", () => {
    const device = Date.parse('2026-11-27T12:00:00.000Z');
    // The device runs 3 minutes ahead of the server.
    noteServerDate(headers('Fri, 27 Nov 2026 11:57:00 GMT'), device);
    expect(serverNow() - Date.now()).toBeCloseTo(-179_500, -3);
  });

  it('takes a second or so of difference as none, and ignores an answer without a date', () => {
    const device = Date.parse('2026-11-27T12:00:00.700Z');
    noteServerDate(headers('Fri, 27 Nov 2026 12:00:00 GMT'), device);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    noteServerDate(new Headers(), device);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});
