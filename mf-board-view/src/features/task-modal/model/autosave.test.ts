import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosave, type SaveStatus } from './autosave';

/** A send whose answers the test gives one by one, recording what each call saw. */
function sender() {
  const calls: string[] = [];
  const answers: Array<(outcome: 'saved' | 'conflict' | Error) => void> = [];
  let value = '';
  const send = vi.fn(
    () =>
      new Promise<'saved' | 'conflict'>((resolve, reject) => {
        calls.push(value);
        answers.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
      }),
  );
  return {
    send,
    calls,
    type: (next: string) => {
      value = next;
    },
    answer: async (outcome: 'saved' | 'conflict' | Error) => {
      answers.shift()?.(outcome);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('Autosave', () => {
  let statuses: SaveStatus[];
  beforeEach(() => {
    vi.useFakeTimers();
    statuses = [];
  });
  afterEach(() => vi.useRealTimers());

  const queue = (send: () => Promise<'saved' | 'conflict'>) =>
    new Autosave({ delayMs: 500, send, onStatus: (status) => statuses.push(status) });

  it('sends one save per burst of typing, after the quiet', async () => {
    const s = sender();
    const save = queue(s.send);
    for (const text of ['П', 'Пр', 'При', 'Прив', 'Привет']) {
      s.type(text);
      save.changed();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(s.send).not.toHaveBeenCalled();
    expect(save.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(s.calls).toEqual(['Привет']);
    await s.answer('saved');
    expect(save.current).toBe('saved');
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'saving', 'saved']);
  });

  it('keeps the order: an edit during a save goes in the next one, never beside it', async () => {
    const s = sender();
    const save = queue(s.send);
    s.type('один');
    save.changed();
    const flushed = save.flush();
    expect(s.calls).toEqual(['один']);
    s.type('один два');
    save.changed();
    await vi.advanceTimersByTimeAsync(100);
    await s.answer('saved');
    await flushed;
    // The second edit's quiet has not passed yet: it waits for it.
    expect(s.calls).toEqual(['один']);
    expect(save.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(s.calls).toEqual(['один', 'один два']);
    // Its quiet passes while the next save is under way: it goes right after that one answers.
    s.type('один два три');
    save.changed();
    await vi.advanceTimersByTimeAsync(600);
    expect(s.send).toHaveBeenCalledTimes(2);
    await s.answer('saved');
    expect(s.calls).toEqual(['один', 'один два', 'один два три']);
    await s.answer('saved');
    expect(save.current).toBe('saved');
    expect(save.unsaved).toBe(false);
  });

  it('loses nothing when a save fails: the edits go again on retry, the next edit or a flush', async () => {
    const s = sender();
    const save = queue(s.send);
    s.type('офлайн');
    save.changed();
    await vi.advanceTimersByTimeAsync(500);
    await s.answer(new Error('Failed to fetch'));
    expect(save.current).toBe('failed');
    expect(save.unsaved).toBe(true);
    const again = save.retry();
    expect(s.calls).toEqual(['офлайн', 'офлайн']);
    await s.answer('saved');
    expect(await again).toBe('saved');
    expect(save.unsaved).toBe(false);
  });

  it('stops at a conflict until the user has chosen and asks to save', async () => {
    const s = sender();
    const save = queue(s.send);
    s.type('моё');
    save.changed();
    await vi.advanceTimersByTimeAsync(500);
    await s.answer('conflict');
    expect(save.current).toBe('conflict');
    // Choosing or editing does not send by itself, nor does leaving a field (a plain flush).
    save.changed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await save.flush()).toBe('conflict');
    expect(s.send).toHaveBeenCalledTimes(1);
    const done = save.flush({ resolve: true });
    await s.answer('saved');
    expect(await done).toBe('saved');
    expect(s.send).toHaveBeenCalledTimes(2);
  });

  it('a flush with nothing waiting sends nothing', async () => {
    const s = sender();
    const save = queue(s.send);
    expect(await save.flush()).toBe('saved');
    expect(s.send).not.toHaveBeenCalled();
  });
});
