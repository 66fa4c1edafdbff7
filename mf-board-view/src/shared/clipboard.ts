/** Writes `text` to the clipboard; false where it is refused (plain HTTP away from localhost: no secure context). */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
