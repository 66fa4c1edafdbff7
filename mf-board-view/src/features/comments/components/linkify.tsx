import type { ReactNode } from 'react';
import { splitLinks } from '../model/links';
import { splitMentions } from '../model/mentions';

/**
 * The comment as React nodes: text stays text (React escapes it, nothing is parsed as HTML), links are
 * <a target="_blank" rel="noopener noreferrer">, and '@Имя' of the given member names is highlighted.
 * Never dangerouslySetInnerHTML.
 */
export function renderCommentText(text: string, memberNames: readonly string[] = []): ReactNode[] {
  return splitLinks(text).flatMap((part, index) =>
    part.type === 'link' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    ) : (
      splitMentions(part.text, memberNames).map((piece, inner) =>
        piece.type === 'mention' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
          <span key={`${index}.${inner}`} className="bv-mention">
            {piece.text}
          </span>
        ) : (
          piece.text
        ),
      )
    ),
  );
}
