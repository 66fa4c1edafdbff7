/**
 * What a user typed and has not sent or saved yet (a comment, a new card's title, a task's edited
 * fields), kept in localStorage until it is sent or discarded, so it survives closing, Back, a reload,
 * a crash and a lost connection. Keys are per signed-in user: another account on the same browser
 * never sees them. A browser that refuses storage (private mode, quota) keeps nothing: the text is
 * still on screen while the page lives, and leaving the page asks first (leave-guard.ts) until the
 * draft is sent, discarded or stored after all.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthStore } from '../stores/auth-store';
import { holdPage, releasePage } from './leave-guard';

const PREFIX = 'draft';

const storageKey = (key: string) => `${PREFIX}:${useAuthStore.getState().userId ?? 'guest'}:${key}`;

/** The draft kept under `key` (for example `comment:12:345`), or null. */
export function readDraft<T>(key: string): T | null {
  try {
    const stored = window.localStorage.getItem(storageKey(key));
    return stored === null ? null : (JSON.parse(stored) as T);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; null (or an empty text) discards it. */
export function writeDraft<T>(key: string, value: T | null): void {
  const reason = `draft:${key}`;
  const empty = value === null || value === '';
  try {
    if (empty) window.localStorage.removeItem(storageKey(key));
    else window.localStorage.setItem(storageKey(key), JSON.stringify(value));
    releasePage(reason);
  } catch {
    // No storage: nothing is kept beyond the page's life, so leaving asks first.
    if (empty) releasePage(reason);
    else holdPage(reason);
  }
}

/**
 * A text field's value kept as a draft under `key`: it starts from the draft, every change is kept,
 * and `clear()` (after sending) discards it. A new key (another task) reads that key's draft.
 */
export function useDraftText(key: string): [string, (text: string) => void, () => void] {
  const [state, setState] = useState(() => ({ key, text: readDraft<string>(key) ?? '' }));
  const text = state.key === key ? state.text : (readDraft<string>(key) ?? '');
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(() => {
    if (state.key !== key) setState({ key, text: readDraft<string>(key) ?? '' });
  }, [key, state.key]);
  const set = useCallback((next: string) => {
    writeDraft(keyRef.current, next);
    setState({ key: keyRef.current, text: next });
  }, []);
  const clear = useCallback(() => set(''), [set]);
  return [text, set, clear];
}
