/**
 * Copies `text`: the Clipboard API where the page may use it, else the selected `field` (the legacy
 * copy command); `field` is an input, a text area, or any element whose text is selected as a whole.
 * Rejects when neither worked; the field's text is selected then, ready for Ctrl+C.
 */
export async function copyText(text: string, field: HTMLElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (an insecure origin, a denied permission): try the selection.
    }
  }
  if (field) select(field);
  if (!field || typeof document.execCommand !== 'function' || !document.execCommand('copy'))
    throw new Error('copy failed');
}

function select(field: HTMLElement) {
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    field.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(field);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
