import { type RefObject, useEffect, useState } from 'react';
import { copyText } from '../../../shared/copy-text';

const COPIED_FOR_MS = 2000;

export type CopyState = 'default' | 'copied' | 'failed';

/**
 * A copy button's life: `copy()` copies `text`, 'copied' for a moment; when the page may not copy,
 * `target`'s text is left selected and the state is 'failed' (the caller says to copy by hand).
 */
export function useCopy(text: string, target: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<CopyState>('default');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('default'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () =>
    copyText(text, target.current).then(
      () => setState('copied'),
      () => setState('failed'),
    );

  return { state, copy };
}
