import { describe, expect, it } from 'vitest';
import { fragmentParts, MARK_END, MARK_START } from './search.js';

describe('fragmentParts', () => {
  it('splits a fragment at its markers, as text only', () => {
    expect(fragmentParts(`${MARK_START}Задача${MARK_END} про <b>${MARK_START}отчёт${MARK_END}</b>`)).toEqual([
      { text: 'Задача', match: true },
      { text: ' про <b>', match: false },
      { text: 'отчёт', match: true },
      { text: '</b>', match: false },
    ]);
    expect(fragmentParts('без совпадений')).toEqual([{ text: 'без совпадений', match: false }]);
    expect(fragmentParts('')).toEqual([]);
  });
});
