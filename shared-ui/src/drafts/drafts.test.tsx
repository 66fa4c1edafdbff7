import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { readDraft, useDraftText, writeDraft } from './drafts';
import { useLeaveGuard } from './leave-guard';

/** Whether leaving the page now would ask first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('drafts', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useAuthStore.setState({ userId: 7 });
  });
  afterEach(() => useAuthStore.setState({ userId: null }));

  it('keeps a text per user until it is cleared', () => {
    writeDraft('comment:1:2', 'Привет');
    expect(readDraft('comment:1:2')).toBe('Привет');
    useAuthStore.setState({ userId: 8 });
    expect(readDraft('comment:1:2')).toBeNull();
    useAuthStore.setState({ userId: 7 });
    writeDraft('comment:1:2', '');
    expect(readDraft('comment:1:2')).toBeNull();
  });

  it('starts a field from its draft, keeps each change and reads another key’s own draft', () => {
    writeDraft('comment:1:2', 'начатый текст');
    const { result, rerender } = renderHook(({ key }) => useDraftText(key), {
      initialProps: { key: 'comment:1:2' },
    });
    expect(result.current[0]).toBe('начатый текст');
    act(() => result.current[1]('начатый текст и ещё'));
    expect(readDraft('comment:1:2')).toBe('начатый текст и ещё');

    rerender({ key: 'comment:1:3' });
    expect(result.current[0]).toBe('');
    rerender({ key: 'comment:1:2' });
    expect(result.current[0]).toBe('начатый текст и ещё');
    act(() => result.current[2]());
    expect(result.current[0]).toBe('');
    expect(readDraft('comment:1:2')).toBeNull();
  });

  it('asks before leaving while a draft could not be stored, and no longer once it is sent', () => {
    expect(leavingAsks()).toBe(false);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeDraft('comment:1:2', 'не влезло');
    expect(leavingAsks()).toBe(true);
    setItem.mockRestore();
    writeDraft('comment:1:2', '');
    expect(leavingAsks()).toBe(false);
  });

  it('asks before leaving while a component holds unkeepable work', () => {
    const { rerender, unmount } = renderHook(({ active }) => useLeaveGuard(active), {
      initialProps: { active: true },
    });
    expect(leavingAsks()).toBe(true);
    rerender({ active: false });
    expect(leavingAsks()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(leavingAsks()).toBe(false);
  });
});
