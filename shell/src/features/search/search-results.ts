import type { SearchHit, SearchKind } from 'contract';
import { fragmentParts } from 'contract/search-fragment';
import { paths } from 'shared-ui';

const KIND_TITLES: Record<SearchKind, string> = {
  task: 'Задача',
  comment: 'Комментарий',
  checklistItem: 'Пункт чек-листа',
  board: 'Доска',
};

/** What a hit is, as its option says it (a kind added to the API later still reads as something). */
export const kindTitle = (kind: SearchKind): string => KIND_TITLES[kind] ?? 'Найдено';

/** Where a hit leads: its task over its board, or the board. */
export function hitHref(hit: SearchHit): string {
  return hit.kind !== 'board' && hit.taskNumber !== undefined
    ? paths.boardTask.href({ boardId: hit.boardId, taskNumber: hit.taskNumber })
    : paths.board.href({ boardId: hit.boardId });
}

/** The hits of one board, in the API's order; archived ones make a group of their own. */
export interface HitGroup {
  key: string;
  boardName: string;
  archived: boolean;
  /** Indexes into the loaded hits: an option's id, stable when 'Показать ещё' adds more. */
  hits: number[];
}

/**
 * Groups hits by board, the boards in the order of their best hit. The API lists archived hits after
 * all others, so each board's archived ones form a later group and stay after every live one.
 */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  hits.forEach((hit, index) => {
    const key = `${hit.boardId}${hit.archived ? ':archived' : ''}`;
    const group = groups.get(key);
    if (group) group.hits.push(index);
    else groups.set(key, { key, boardName: hit.boardName, archived: hit.archived, hits: [index] });
  });
  return [...groups.values()].sort((a, b) => Number(a.archived) - Number(b.archived));
}

/** The fragment as text parts, matches flagged; `sameAsTitle` when it is only the title (shown once). */
export function readFragment(hit: SearchHit) {
  const parts = fragmentParts(hit.fragment);
  const text = parts.map((part) => part.text).join('');
  return { parts, sameAsTitle: text.trim() === hit.title.trim() };
}

/** The polite announcement after a search. */
export function countText(found: number, more: boolean): string {
  if (found === 0) return 'Ничего не найдено';
  return more ? `Найдено: ${found}, есть ещё` : `Найдено: ${found}`;
}
