import type { ShowIdsMode } from 'api/contract';

/** The card's number as the board shows it: hidden, (n), [n], 'n.' or 'n ' (SPEC 'Board screen'). */
export function formatTaskNumber(mode: ShowIdsMode, number: number): string {
  switch (mode) {
    case 'circle':
      return `(${number})`;
    case 'square':
      return `[${number}]`;
    case 'dot':
      return `${number}.`;
    case 'space':
      return `${number} `;
    default:
      return '';
  }
}
