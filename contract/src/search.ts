/**
 * Search everywhere (issue 32): one box over every board the caller is an accepted member of, finding
 * task titles and descriptions, comments, checklist items and board names. Russian and English word
 * forms match ('задачи' finds 'Задача', 'reports' finds 'report'; 'е' finds 'ё'), a small typo in a
 * title, checklist item or board name still matches, and "quoted words" match only as that exact
 * phrase. Archived tasks (and the comments and items of archived tasks) are listed after everything
 * else, marked `archived`; trashed items and deleted boards never appear.
 *
 * `fragment` is plain text, never HTML: the matched words sit between `MARK_START` (U+0002) and
 * `MARK_END` (U+0003), characters the API removes from the stored text first, so they appear only as
 * markers. Render it with `fragmentParts` (search-fragment.ts) as text nodes, a match in `<mark>`.
 */
import { type Static, Type } from 'typebox';
import { errors, Id } from './common.js';

export const SEARCH_KINDS = ['task', 'comment', 'checklistItem', 'board'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export { fragmentParts, MARK_END, MARK_START } from './search-fragment.js';

export const SEARCH_LIMITS = { query: 200, defaultPage: 20, maxPage: 50 } as const;

export const MESSAGES = {
  q: 'Введите, что искать',
  limit: `Число результатов: от 1 до ${SEARCH_LIMITS.maxPage}`,
  cursor: 'Некорректная ссылка на продолжение, начните поиск заново',
} as const;

export const SearchHit = Type.Object({
  kind: Type.Enum(SEARCH_KINDS),
  boardId: Type.Integer(),
  boardName: Type.String(),
  /** The task found, or the task of the comment or checklist item found; absent for a board. */
  taskId: Type.Optional(Type.String()),
  /** That task's number on its board (the one its card shows and its address uses); absent for a board. */
  taskNumber: Type.Optional(Type.Integer()),
  /** That task's column; absent for a board. */
  columnId: Type.Optional(Type.String()),
  /** That column's name, for the result's line; absent for a board. */
  columnName: Type.Optional(Type.String()),
  /** The task's title (for a comment or checklist item too: the item is in `fragment`), or the board's name. */
  title: Type.String(),
  fragment: Type.String({
    description:
      "Plain text around the match (up to about 20 words): a task's description where it matched, else its title; the comment; the checklist item; the board name. Matched words are wrapped in U+0002 (start) and U+0003 (end), which never occur otherwise: show them as text, with the marked parts in <mark>.",
  }),
  /** The task (or its column) is in the board's archive. */
  archived: Type.Boolean(),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchResults = Type.Object({
  items: Type.Array(SearchHit),
  /** Pass as `cursor` for the next page; absent on the last one. */
  next: Type.Optional(Type.String()),
});
export type SearchResults = Static<typeof SearchResults>;

export const Search = {
  operationId: 'search',
  summary: 'Search tasks, comments, checklist items and board names on all of my boards',
  tags: ['search'],
  security: [{ bearer: [] }],
  description:
    'Full-text search (PostgreSQL, Russian configuration with English words stemmed as English) plus trigram similarity for typos in titles, checklist items and board names. `q` is read as a web search: words must all occur (in any form), "quoted words" as that phrase, `-word` excludes, `or` between words allows either. Best matches first, archived ones after all others; pages by `cursor`. With `boardId`, only that board (403 unless the caller is its member).',
  querystring: Type.Object({
    q: Type.String({ minLength: 1, maxLength: SEARCH_LIMITS.query, pattern: '\\S', 'x-error': MESSAGES.q }),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SEARCH_LIMITS.maxPage,
        default: SEARCH_LIMITS.defaultPage,
        'x-error': MESSAGES.limit,
      }),
    ),
    cursor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,200}$', 'x-error': MESSAGES.cursor })),
    boardId: Type.Optional(Id),
  }),
  response: { 200: SearchResults, ...errors(400, 401, 403, 404) },
};
