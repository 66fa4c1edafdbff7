/**
 * A search hit's `fragment` (search.ts): plain text whose matched words sit between `MARK_START` and
 * `MARK_END`. No schema library here, so the header's search box reads it without typebox.
 */

/** Before a match in `fragment`. */
export const MARK_START = '\u0002';
/** After a match in `fragment`. */
export const MARK_END = '\u0003';

/** A fragment as text parts, the matched ones flagged: render each as a text node. */
export function fragmentParts(fragment: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, match });
    text = '';
  };
  for (const ch of fragment) {
    if (ch === MARK_START || ch === MARK_END) {
      flush();
      match = ch === MARK_START;
    } else text += ch;
  }
  flush();
  return parts;
}
