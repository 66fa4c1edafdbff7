/**
 * Dialog rendered through a portal into the shell's `#modal-root`. Closes on Escape, on a backdrop
 * click (press and release both on the backdrop, so a text selection dragged out does not close it)
 * and on the ✖ button. Focus moves into the dialog, Tab cycles inside it, and on close focus returns
 * to what had it before. Modals stack (a confirmation over a board modal): only the topmost one reacts
 * to Escape and traps Tab. Everything behind the topmost modal is `inert` (the app root, other
 * children of <body>, the modals below it), so neither Tab, a screen reader nor a click reaches it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MISSING_PORTAL_MESSAGE, MODAL_ROOT_ID, tabbables } from 'shared-ui';
import './modal.css';

export type ModalWidth = 400 | 500 | 600 | 1200;

export interface ModalProps {
  onClose: () => void;
  title?: ReactNode;
  width?: ModalWidth;
  children?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  className?: string;
}

/** Open modals (their backdrops), oldest first: keyboard handling belongs to the last one. */
const openModals: HTMLElement[] = [];

/** Elements this module made inert, so closing gives back exactly those and no others. */
const madeInert = new Set<Element>();

/** Makes everything but the topmost modal inert, or nothing when no modal is open. */
function applyInert() {
  for (const element of madeInert) element.removeAttribute('inert');
  madeInert.clear();
  const top = openModals[openModals.length - 1];
  if (!top) return;
  const mark = (element: Element) => {
    if (element.hasAttribute('inert')) return;
    element.setAttribute('inert', '');
    madeInert.add(element);
  };
  // Siblings of every ancestor up to <body>: the app root and anything else on the page.
  for (let node: HTMLElement = top; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling.tagName !== 'SCRIPT') mark(sibling);
    }
    if (node.parentElement === document.body) break;
  }
}

export function Modal({ onClose, title, width = 500, children, ariaLabel, className }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const backdrop = dialog?.parentElement;
    if (!dialog || !backdrop) return;
    openModals.push(backdrop);
    applyInert();
    const body = dialog.querySelector<HTMLElement>('.ui-modal__body');
    const [first] = body ? tabbables(body) : [];
    (first ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== backdrop) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(dialog);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      // From the ends, or from anywhere outside the list (the dialog itself, <body> after a focused
      // element was removed), Tab goes round inside the dialog, never to the page or the browser.
      if (event.shiftKey && (active === firstItem || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    // A focused element removed from the dialog (a deleted comment, a closed editor) leaves focus on
    // <body>: bring it back to the dialog so the next Tab starts inside it.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null || openModals[openModals.length - 1] !== backdrop) return;
      queueMicrotask(() => {
        if (dialog.isConnected && (document.activeElement === document.body || !document.activeElement)) {
          dialog.focus();
        }
      });
    };
    // A body that scrolls but holds nothing focusable (a log, a long text) becomes a tab stop itself,
    // so the keyboard can scroll it (axe scrollable-region-focusable).
    const scrollable = () => {
      if (!body) return;
      const needsStop = body.scrollHeight > body.clientHeight && tabbables(body).length === 0;
      if (needsStop) body.tabIndex = 0;
      else body.removeAttribute('tabindex');
    };
    scrollable();
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(scrollable) : null;
    const mutations = typeof MutationObserver === 'function' ? new MutationObserver(scrollable) : null;
    if (body) {
      resizes?.observe(body);
      mutations?.observe(body, { childList: true, subtree: true });
    }
    document.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('focusout', onFocusOut);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals.splice(openModals.indexOf(backdrop), 1);
      applyInert();
      resizes?.disconnect();
      mutations?.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('focusout', onFocusOut);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const root = document.getElementById(MODAL_ROOT_ID);
  if (!root) throw new Error(MISSING_PORTAL_MESSAGE);

  return createPortal(
    // biome-ignore lint/a11y: the backdrop click is a mouse shortcut; Escape and the close button cover keyboards
    <div
      className="ui-modal__backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={['ui-modal', className].filter(Boolean).join(' ')}
        style={{ maxWidth: width }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
      >
        <div className="ui-modal__header">
          {title && (
            <h2 className="ui-modal__title" id={titleId}>
              {title}
            </h2>
          )}
          <button type="button" className="ui-modal__close" aria-label="Закрыть" onClick={onClose}>
            ✖
          </button>
        </div>
        <div className="ui-modal__body">{children}</div>
      </div>
    </div>,
    root,
  );
}
