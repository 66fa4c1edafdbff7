/**
 * '@Имя' in comment text: the query being typed after '@', inserting a picked member, the members
 * still mentioned when the comment is sent, and splitting a text into plain parts and mentions.
 * A name may hold spaces ('Борис Второй'), so a mention ends where the name does, not at a space.
 */

/** What is typed after '@' at most: longer, the '@' is taken for part of the text. */
const MAX_QUERY = 40;
// A letter or digit right after the name means it is a longer word ('@Борисов'), not this mention.
const WORD_CHAR = /[\p{L}\p{N}_]/u;

export interface MentionQuery {
  /** Index of the '@'. */
  start: number;
  /** The text between the '@' and the caret. */
  query: string;
}

/**
 * The '@…' the caret is in: an '@' at the start or after whitespace, followed by no line break and
 * no other '@' up to the caret. Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || /^\s/.test(query)) return null;
  return { start, query };
}

/** Whether `label` fits what was typed: any of its words (or the whole) starts with it, case-insensitively. */
export function matchesQuery(label: string, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase('ru');
  if (!wanted) return true;
  const name = label.toLocaleLowerCase('ru');
  return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
}

/** The text with the '@query' at `mention` replaced by '@label ', and where the caret goes after it. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  label: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${label} `;
  // The space is not doubled when one already follows.
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}

/** Whether the text holds '@label' as a whole mention (not the start of a longer word). */
export function hasMention(text: string, label: string): boolean {
  const needle = `@${label}`;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const after = text[at + needle.length] ?? '';
    const before = at > 0 ? (text[at - 1] ?? '') : '';
    if (!WORD_CHAR.test(after) && !WORD_CHAR.test(before)) return true;
  }
  return false;
}

/** The picked members whose '@label' is still in the text, in the order they were picked. */
export function mentionedIds(text: string, picked: ReadonlyMap<number, string>): number[] {
  return [...picked].filter(([, label]) => hasMention(text, label)).map(([id]) => id);
}

export type MentionPart = { type: 'text'; text: string } | { type: 'mention'; text: string };

/** Splits text into plain parts and '@label' mentions of the given labels (the longest label wins). */
export function splitMentions(text: string, labels: readonly string[]): MentionPart[] {
  const names = [...new Set(labels.filter((label) => label.length > 0))].sort((a, b) => b.length - a.length);
  const parts: MentionPart[] = [];
  let plain = '';
  let index = 0;
  while (index < text.length) {
    const before = index > 0 ? (text[index - 1] ?? '') : '';
    const label =
      text[index] === '@' && !WORD_CHAR.test(before)
        ? names.find(
            (name) =>
              text.startsWith(name, index + 1) && !WORD_CHAR.test(text[index + 1 + name.length] ?? ''),
          )
        : undefined;
    if (label === undefined) {
      plain += text.charAt(index);
      index += 1;
      continue;
    }
    if (plain) parts.push({ type: 'text', text: plain });
    plain = '';
    parts.push({ type: 'mention', text: `@${label}` });
    index += label.length + 1;
  }
  if (plain) parts.push({ type: 'text', text: plain });
  return parts;
}
