import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './use-load';

/** A read the test answers by hand, with the signal it was given. */
function deferredReads<T>() {
  const calls: { key: string; signal: AbortSignal; resolve(value: T): void; reject(error: unknown): void }[] =
    [];
  const read = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => calls.push({ key, signal, resolve, reject }));
  return { calls, read };
}

describe('useLoad', () => {
  it('reads on mount, and a newer key drops the older, slower answer', async () => {
    const { calls, read } = deferredReads<string>();
    const { result, rerender } = renderHook(({ key }) => useLoad(read(key), key), {
      initialProps: { key: 'a' },
    });
    expect(result.current.status).toBe('loading');
    rerender({ key: 'b' });
    expect(calls.map((call) => call.key)).toEqual(['a', 'b']);
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[1]?.resolve('answer b'));
    await act(async () => calls[0]?.resolve('answer a'));
    expect(result.current).toMatchObject({ status: 'success', data: 'answer b', error: null });
  });

  it('keeps the last data when a reload fails, and shows it again once a retry succeeds', async () => {
    const { calls, read } = deferredReads<number[]>();
    const { result } = renderHook(() => useLoad(read('list')));
    await act(async () => calls[0]?.resolve([1, 2]));
    let reloaded: Promise<void> = Promise.resolve();
    act(() => {
      reloaded = result.current.reload();
    });
    expect(result.current).toMatchObject({ status: 'loading', data: [1, 2] });
    const failure = new Error('offline');
    await act(async () => {
      calls[1]?.reject(failure);
      await reloaded;
    });
    expect(result.current).toMatchObject({ status: 'error', data: [1, 2], error: failure });
    act(() => void result.current.reload());
    await act(async () => calls[2]?.resolve([1, 2, 3]));
    expect(result.current).toMatchObject({ status: 'success', data: [1, 2, 3], error: null });
  });

  it('replace shows an answer given another way and drops the read under way', async () => {
    const { calls, read } = deferredReads<string[]>();
    const { result } = renderHook(() => useLoad(read('list')));
    act(() => result.current.replace(['from a change']));
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.resolve(['stale']));
    expect(result.current).toMatchObject({ status: 'success', data: ['from a change'] });
    act(() => result.current.replace((current) => [...(current ?? []), 'one more']));
    expect(result.current.data).toEqual(['from a change', 'one more']);
  });

  it('aborts the read when the screen goes away', async () => {
    const { calls, read } = deferredReads<string>();
    const { unmount } = renderHook(() => useLoad(read('x')));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });
});
