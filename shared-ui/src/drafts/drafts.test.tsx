import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { readDraft, useDraftText, writeDraft } from './drafts';

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
});
