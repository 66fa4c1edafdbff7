/**
 * Search everywhere (docs/decisions.md "Search"): one SQL statement per call.
 *
 * The caller's boards come first, as an array computed once (an InitPlan over their accepted, not
 * removed memberships of boards not deleted; or the one board asked for). Every arm then asks its
 * table for `array[board_id] && <those boards>` together with the words: the migration's GIN indexes
 * lead with that one-element array, so a single Bitmap Index Scan reads only the caller's boards'
 * postings. The arms:
 * - tasks whose stored document (title A, description B) matches the full-text query, or whose
 *   title is similar to the query (pg_trgm `%>`, word similarity >= 0.5: a typo);
 * - comments (C) matching the full-text query (no typos: long texts);
 * - checklist items (B) matching it, or similar;
 * - names of the caller's boards (as A) matching it, or similar.
 * The full-text query is `websearch_to_tsquery` in the `search_russian` configuration: words in any
 * form, "quoted" phrases, `-word`, `or`. The typo arm is left out for a query with a phrase or an
 * excluded word, which must match as written.
 *
 * A hit is archived when its task is, or its task's column: the archived tasks of the caller's
 * boards are one small hashed set. Order: live before archived, then the score (full-text matches
 * 1 + ts_rank, typo-only matches their word similarity, below 1), then kind and id, so the order is
 * total and a page ends at a key: the cursor is that key (archived, score, kind, id), and the next
 * page is what sorts after it. Only the page's rows (limit + 1) get their task, column, board name
 * and highlighted fragment (ts_headline, the expensive part) joined on.
 */
import { MAX_ID } from 'contract/common';
import { MARK_END, MARK_START, SEARCH_KINDS, type SearchHit, type SearchResults } from 'contract/search';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** Where a page ended: its last hit's place in the order. */
export interface SearchCursor {
  archived: boolean;
  score: number;
  /** Index in SEARCH_KINDS. */
  kind: number;
  id: number;
}

export interface SearchQuery {
  /** As typed, trimmed. */
  q: string;
  limit: number;
  after: SearchCursor | null;
  /** Only this board (the caller's membership already checked). */
  boardId?: number;
}

/** The migration's text search configuration. */
const CONFIG = sql.raw(`'search_russian'::regconfig`);
const MARKS = MARK_START + MARK_END;
const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=20, MinWords=8, ShortWord=2`;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The text for the typo arm: the query itself, unless it has a phrase or an excluded word (those
 * match as written) or no run of three letters or digits (pg_trgm finds nothing to compare).
 */
export function typoText(q: string): string | null {
  if (q.includes('"') || /(^|\s)-\S/.test(q)) return null;
  return /[\p{L}\p{N}]{3}/u.test(q) ? q : null;
}

interface Row {
  kind: number;
  item_id: number;
  board_id: number;
  board_name: string;
  task_id: number | null;
  task_number: number | null;
  column_id: number | null;
  column_name: string | null;
  archived: boolean;
  score: number;
  title: string;
  fragment: string;
}

/** The one statement of a search (the bench EXPLAINs it): the page's rows and one more. */
export function searchStatement(userId: number, query: SearchQuery): RawBuilder<Row> {
  const { q, limit, after, boardId } = query;
  const tsquery = sql`websearch_to_tsquery(${CONFIG}, ${q})`;
  const typo = typoText(q);
  /**
   * A row's document matches the query, or (typo) its text is similar: full-text matches score
   * 1 + ts_rank (0..1, by weight: titles and board names A, descriptions and checklist items B,
   * comments C), typo-only matches their word similarity (0.5..1), so word forms come before typos.
   */
  const match = (vector: RawBuilder<unknown>, text: string, ranked = vector) =>
    typo === null
      ? { where: sql`${vector} @@ ${tsquery}`, score: sql`1 + ts_rank(${ranked}, ${tsquery})` }
      : {
          where: sql`(${vector} @@ ${tsquery} or ${sql.ref(text)} %> ${typo})`,
          score: sql`case when ${vector} @@ ${tsquery} then 1 + ts_rank(${ranked}, ${tsquery})
            else word_similarity(${typo}, ${sql.ref(text)}) end`,
        };
  const task = match(sql`t.search`, 't.title');
  const item = match(sql`i.search`, 'i.text');
  // A board's name: the migration's index expression, ranked as a title.
  const boardName = sql`to_tsvector(${CONFIG}, b.name)`;
  const board = match(boardName, 'b.name', sql`setweight(${boardName}, 'A')`);
  const headline = (text: RawBuilder<unknown>) =>
    sql`ts_headline(${CONFIG}, translate(${text}, ${MARKS}, ''), ${tsquery}, ${HEADLINE_OPTIONS})`;
  const mine = sql`(select ids from my)::int[]`;
  const shelved = (taskId: RawBuilder<unknown>) => sql`${taskId} in (select id from shelved)`;
  const afterCursor =
    after === null
      ? sql`true`
      : sql`(h.archived, -h.score, h.kind, h.item_id) >
          (${after.archived}::boolean, ${-after.score}::float8, ${after.kind}::int, ${after.id}::int)`;

  return sql<Row>`
    with my as (
      select array(
        select m.board_id from board_members m join boards b on b.id = m.board_id
        where m.user_id = ${userId} and m.accepted and not m.is_deleted and b.deleted_at is null
          ${boardId === undefined ? sql`` : sql`and m.board_id = ${boardId}`}
      ) as ids
    ),
    shelved as (
      select id from tasks where board_id = any(${mine}) and archived_at is not null
      union
      select t.id from columns col join tasks t on t.column_id = col.id
      where col.board_id = any(${mine}) and col.archived_at is not null
    ),
    hits as (
      select 0 as kind, t.id as item_id, t.board_id, t.id as task_id, ${shelved(sql`t.id`)} as archived,
        (${task.score})::float8 as score
      from tasks t
      where array[t.board_id] && ${mine} and ${task.where}
      union all
      select 1, c.id, c.board_id, c.task_id, ${shelved(sql`c.task_id`)},
        (1 + ts_rank(c.search, ${tsquery}))::float8
      from comments c
      where array[c.board_id] && ${mine} and c.search @@ ${tsquery}
      union all
      select 2, i.id, i.board_id, i.task_id, ${shelved(sql`i.task_id`)}, (${item.score})::float8
      from checklist_items i
      where array[i.board_id] && ${mine} and ${item.where}
      union all
      select 3, b.id, b.id, null, false, (${board.score})::float8
      from boards b
      where b.id = any(${mine}) and ${board.where}
    ),
    page as (
      select * from hits h
      where ${afterCursor}
      order by h.archived, -h.score, h.kind, h.item_id
      limit ${limit + 1}
    )
    select p.kind, p.item_id, p.board_id, b.name as board_name, p.task_id, t.number as task_number,
      t.column_id, col.name as column_name, p.archived,
      p.score, coalesce(t.title, b.name) as title,
      case
        when p.kind = 1 then ${headline(sql`c.text`)}
        when p.kind = 2 then ${headline(sql`i.text`)}
        when p.kind = 3 then ${headline(sql`b.name`)}
        when ts_filter(t.search, '{b}') @@ ${tsquery} then ${headline(sql`t.description`)}
        else ${headline(sql`t.title`)}
      end as fragment
    from page p
    join boards b on b.id = p.board_id
    left join tasks t on t.id = p.task_id
    left join columns col on col.id = t.column_id
    left join comments c on p.kind = 1 and c.id = p.item_id
    left join checklist_items i on p.kind = 2 and i.id = p.item_id
    order by p.archived, -p.score, p.kind, p.item_id
  `;
}

export async function search(db: Db, userId: number, query: SearchQuery): Promise<SearchResults> {
  const { limit } = query;
  const typo = typoText(query.q);
  const { rows } = await searchStatement(userId, query).execute(db);

  const items = rows.slice(0, limit).map(
    (row): SearchHit => ({
      kind: SEARCH_KINDS[row.kind]!,
      boardId: row.board_id,
      boardName: row.board_name,
      ...(row.task_id !== null && {
        taskId: String(row.task_id),
        taskNumber: Number(row.task_number),
        columnId: String(row.column_id),
        columnName: row.column_name ?? '',
      }),
      title: row.title,
      fragment:
        typo !== null && !row.fragment.includes(MARK_START) ? markSimilar(row.fragment, typo) : row.fragment,
      archived: row.archived,
    }),
  );
  const last = rows[limit - 1];
  return rows.length > limit && last
    ? {
        items,
        next: encodeCursor({ archived: last.archived, score: last.score, kind: last.kind, id: last.item_id }),
      }
    : { items };
}

/** pg_trgm's trigrams of a word: lower-cased, two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const result = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at += 1) result.add(padded.slice(at, at + 3));
  return result;
}

/** pg_trgm's `similarity` of two words. */
function similarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * Marks a typo hit's words: ts_headline marks only what the full-text query matched, so a fragment
 * found by similarity alone gets its words that are like one of the query's (pg_trgm's default
 * similarity threshold, 0.3) marked here.
 */
function markSimilar(fragment: string, typo: string): string {
  const wanted = (typo.match(WORD) ?? []).filter((word) => word.length >= 3);
  return fragment.replace(WORD, (word) =>
    wanted.some((want) => similarity(want, word) >= 0.3) ? `${MARK_START}${word}${MARK_END}` : word,
  );
}

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.archived ? 1 : 0, cursor.score, cursor.kind, cursor.id]),
  ).toString('base64url');
}

/** The cursor a page's `next` gave, or null when the text is not one. */
export function decodeCursor(text: string): SearchCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [archived, score, kind, id] = value as unknown[];
  const valid =
    (archived === 0 || archived === 1) &&
    typeof score === 'number' &&
    Number.isFinite(score) &&
    Number.isInteger(kind) &&
    (kind as number) >= 0 &&
    (kind as number) < SEARCH_KINDS.length &&
    Number.isInteger(id) &&
    (id as number) > 0 &&
    (id as number) <= MAX_ID;
  return valid ? { archived: archived === 1, score, kind: kind as number, id: id as number } : null;
}
