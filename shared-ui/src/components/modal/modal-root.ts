/**
 * Where modals go: the shell's `#modal-root`, a sibling of the app root, and what Tab can stop on in a
 * container. In shared-ui's core (not with Modal, in shared-ui/widgets) because the shell's burger panel
 * and the board's undo toast use them on every first screen.
 */

export const MODAL_ROOT_ID = 'modal-root';
export const MISSING_PORTAL_MESSAGE =
  'Отсутствует портал в разметке. Убедитесь, что предоставлен корректный элемент.';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can actually stop on inside `container`: rendered, not inert, not tabIndex -1. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && rendered(element),
  );
}

/** Not display:none or visibility:hidden (jsdom, which lacks checkVisibility, counts all as rendered). */
function rendered(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : true;
}
