/**
 * The keys that open the search box: Ctrl+K (Cmd+K on a Mac) anywhere, and '/' outside a text field.
 * The 'K' key is read by its place too (`code`), so the Russian layout's Ctrl+Л works; so is '/' (the
 * key that gives '.' there, right of 'Ю').
 */

/** A Mac or an iPad with a keyboard: Cmd, not Ctrl. */
export const onMac = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/** For `aria-keyshortcuts` and the hint on the header's button. */
export const shortcutKeys = () =>
  onMac() ? { aria: 'Meta+K /', hint: '⌘K' } : { aria: 'Control+K /', hint: 'Ctrl K' };

const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Whether a key pressed in `target` types into it ('/' is then a character, not the shortcut). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]'))
    return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey) return false;
  const mac = onMac();
  const command = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  // Chrome's autofill sends keydown events without a `key`.
  if (command) return !event.shiftKey && (event.code === 'KeyK' || event.key?.toLowerCase() === 'k');
  if (event.ctrlKey || event.metaKey) return false;
  const slash = event.key === '/' || (event.code === 'Slash' && !event.shiftKey);
  return slash && !typesText(event.target);
}
