export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// http://, https:// or www. up to whitespace or a character that cannot be in a bare link.
const LINK = /(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the link.
const TRAILING = /[.,!?;:)\]}»"']+$/;

/**
 * Splits comment text into plain text and links. Only http, https and www links count (never
 * javascript: or data:); www gets http:// in its address.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    // Inside a word (e.g. "awww.x"), it is not a link.
    if (start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1] ?? '')) continue;
    const link = match[0].replace(TRAILING, '');
    if (!/^(?:https?:\/\/|www\.)[^./]/i.test(link)) continue;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    const href = /^www\./i.test(link) ? `http://${link}` : link;
    parts.push({ type: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
