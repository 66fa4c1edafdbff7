import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_RETRY_MS, retryImport } from './retry-import';

describe('retryImport', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again every IMPORT_RETRY_MS until the chunk loads, and never fails', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue('модуль');
    const loaded = vi.fn();
    void retryImport(load).then(loaded);

    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(loaded).toHaveBeenCalledWith('модуль');
  });
});
