/**
 * Dialog rendered through a portal into the shell's `#modal-root`. Closes on Escape, on a backdrop
 * click (press and release both on the backdrop, so a text selection dragged out does not close it)
 * and on the ✖ button. Focus moves into the dialog, Tab cycles inside it, and on close focus returns
 * to what had it before. Modals stack (a confirmation over a board modal): only the topmost one reacts
 * to Escape and traps Tab.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

export const MODAL_ROOT_ID = 'modal-root';
export const MISSING_PORTAL_MESSAGE =
  'Отсутствует портал в разметке. Убедитесь, что предоставлен корректный элемент.';

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

/** Open modals, oldest first: keyboard handling belongs to the last one. */
const openModals: object[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ onClose, title, width = 500, children, ariaLabel, className }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector('.ui-modal__body')?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    const token = {};
    openModals.push(token);
    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialog.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialog.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals.splice(openModals.indexOf(token), 1);
      document.removeEventListener('keydown', onKeyDown);
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
