// shared-ui/load: one screen's data read from the API, the one way front ends do it. Not a shared
// module of the federation, like shared-ui/lazy: it keeps no state, so each front end bundles its own
// copy and a remote using it runs under a shell deployed before it.
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadStatus = 'loading' | 'success' | 'error';

export interface Load<T> {
  status: LoadStatus;
  /** The last data received: kept while a reload runs and when one fails. */
  data: T | null;
  /** The last read's failure; null once a read succeeds. */
  error: unknown;
  /** Reads again, aborting a read under way; settles when this read has. */
  reload(): Promise<void>;
  /** Shows data the API gave another way (its answer to a change), aborting a read under way. */
  replace(data: T | ((current: T | null) => T)): void;
}

interface State<T> {
  status: LoadStatus;
  data: T | null;
  error: unknown;
}

/**
 * Reads `read(signal)` on mount and again whenever `key` changes. A newer read aborts the older one,
 * and an aborted read's answer is dropped (a new key, `reload`, `replace`, unmount), so a slow answer
 * never overwrites a fresher one.
 */
export function useLoad<T>(read: (signal: AbortSignal) => Promise<T>, key: unknown = null): Load<T> {
  const [state, setState] = useState<State<T>>({ status: 'loading', data: null, error: null });
  const latestRead = useRef(read);
  latestRead.current = read;
  const controller = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is what starts a new read
  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((previous) => (previous.status === 'loading' ? previous : { ...previous, status: 'loading' }));
    try {
      const data = await latestRead.current(current.signal);
      if (!current.signal.aborted) setState({ status: 'success', data, error: null });
    } catch (error) {
      if (!current.signal.aborted) setState((previous) => ({ ...previous, status: 'error', error }));
    }
  }, [key]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  const replace = useCallback((data: T | ((current: T | null) => T)) => {
    controller.current?.abort();
    setState((previous) => ({
      status: 'success',
      error: null,
      data: typeof data === 'function' ? (data as (current: T | null) => T)(previous.data) : data,
    }));
  }, []);

  return { ...state, reload, replace };
}
