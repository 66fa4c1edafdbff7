/**
 * Copies `text`: the Clipboard API where the page may use it, else the selected `field` (the legacy
 * copy command). Rejects when neither worked; the field's text is selected then, ready for Ctrl+C.
 */
export async function copyText(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (an insecure origin, a denied permission): try the selection.
    }
  }
  field?.select();
  if (!field || typeof document.execCommand !== 'function' || !document.execCommand('copy'))
    throw new Error('copy failed');
}
