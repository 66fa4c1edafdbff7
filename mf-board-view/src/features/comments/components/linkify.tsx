import type { ReactNode } from 'react';
import { splitLinks } from '../model/links';

/**
 * The comment as React nodes: text stays text (React escapes it, nothing is parsed as HTML), links are
 * <a target="_blank" rel="noopener noreferrer">. Never dangerouslySetInnerHTML.
 */
export function renderCommentText(text: string): ReactNode[] {
  return splitLinks(text).map((part, index) =>
    part.type === 'link' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
