import { useEffect } from 'react';

/** What dnd-kit reads of the re-sent key (`code`), and what the modal reads (`key`), which it ignores. */
const CANCEL = { code: 'Escape', key: 'DragCancel' } as const;

/**
 * Escape during a drag cancels the drag only. The modal closes on an Escape keydown on the document,
 * as dnd-kit's sensors cancel on it, and the modal's listener comes first; so while `dragging`, the
 * Escape is stopped before either sees it and sent again in a form only dnd-kit reads (it matches
 * `code`, the modal `key`).
 */
export function useEscapeCancelsDrag(dragging: boolean) {
  useEffect(() => {
    if (!dragging) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      (event.target ?? document).dispatchEvent(new KeyboardEvent('keydown', { ...CANCEL, bubbles: true }));
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [dragging]);
}
