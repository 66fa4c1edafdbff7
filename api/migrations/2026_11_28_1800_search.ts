/**
 * Search everywhere (docs/decisions.md "Search"): PostgreSQL's full-text search and pg_trgm, the same
 * on PGlite (which loads the contrib extensions when it opens the database, plugins/db.ts).
 *
 * - `search_russian` is the `russian` configuration (Russian words by the Russian stemmer, English
 *   ones by the English stemmer) with 'ё' read as 'е' first (the unaccent dictionary as a filter), so
 *   'отчет' finds 'отчёт' and the highlight still shows the text as written.
 * - Tasks, comments and checklist items keep their document in a `search` tsvector column (a task's
 *   title weighted A, its description B) that a BEFORE trigger sets from the text on every insert and
 *   text change, whatever wrote the row: the API, an import, a copy, the trash's restore (which puts a
 *   snapshot's row back as it was, `search` included, and the trigger recomputes it). Stored, so
 *   matching and ranking the candidates read it instead of parsing and stemming each text again
 *   (which took ~25 µs a task). Not a generated column: those refuse the restore's `insert … select
 *   r.*` of a snapshot.
 * - Every index leads with the row's board, so one index scan meets both the caller's boards and the
 *   words (or trigrams) instead of reading every board's matches.
 * - Trigram indexes (typos) on the short texts only: task titles, checklist items, board names.
 */
import { type Kysely, sql } from 'kysely';

const DOCUMENTS = [
  {
    table: 'tasks',
    vector: sql`setweight(to_tsvector('search_russian', new.title), 'A') ||
      setweight(to_tsvector('search_russian', new.description), 'B')`,
    columns: sql`title, description`,
    touch: sql`title = title`,
  },
  // Weights order the hits (ts_rank): a title A, a description or checklist item B, a comment C.
  ...[
    { table: 'comments', weight: 'C' },
    { table: 'checklist_items', weight: 'B' },
  ].map(({ table, weight }) => ({
    table,
    vector: sql`setweight(to_tsvector('search_russian', new.text), ${sql.lit(weight)})`,
    columns: sql`text`,
    touch: sql`text = text`,
  })),
];

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search configuration search_russian (copy = pg_catalog.russian)`.execute(db);
  await sql`alter text search configuration search_russian
    alter mapping for word, hword, hword_part with unaccent, russian_stem`.execute(db);

  for (const { table, vector, columns, touch } of DOCUMENTS) {
    const fn = sql.id(`${table}_search_vector`);
    await sql`alter table ${sql.table(table)} add column search tsvector`.execute(db);
    // The search path as now, so a session with another one (a restore's) still finds the configuration.
    await sql`create function ${fn}() returns trigger language plpgsql set search_path from current as $$
      begin
        new.search := ${vector};
        return new;
      end $$`.execute(db);
    await sql`create trigger ${sql.id(`${table}_search`)} before insert or update of ${columns}
      on ${sql.table(table)} for each row execute function ${fn}()`.execute(db);
    // Fills the column for the rows already there (the trigger fires on `update of` its columns).
    await sql`update ${sql.table(table)} set ${touch}`.execute(db);
  }

  // Each index leads with the row's board as a one-element array: the search asks for
  // `array[board_id] && <the caller's boards>` and the words (or trigrams) in one GIN scan, reading
  // only the caller's boards' postings. (A plain `board_id = any(...)` would also match the btree on
  // board_id, whose scan the planner prefers while it tests the words row by row.)
  await sql`create index tasks_search_idx on tasks using gin ((array[board_id]), search)`.execute(db);
  await sql`create index comments_search_idx on comments using gin ((array[board_id]), search)`.execute(db);
  await sql`create index checklist_items_search_idx on checklist_items
    using gin ((array[board_id]), search)`.execute(db);
  await sql`create index tasks_title_trgm_idx on tasks
    using gin ((array[board_id]), title gin_trgm_ops)`.execute(db);
  await sql`create index checklist_items_text_trgm_idx on checklist_items
    using gin ((array[board_id]), text gin_trgm_ops)`.execute(db);
  // A user has few boards, found by their ids: these serve a search of many boards' names.
  await sql`create index boards_search_idx on boards
    using gin (to_tsvector('search_russian'::regconfig, name))`.execute(db);
  await sql`create index boards_name_trgm_idx on boards using gin (name gin_trgm_ops)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index boards_name_trgm_idx`.execute(db);
  await sql`drop index boards_search_idx`.execute(db);
  for (const { table } of DOCUMENTS) {
    await sql`drop trigger ${sql.id(`${table}_search`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.id(`${table}_search_vector`)}()`.execute(db);
    // Drops its indexes with it.
    await sql`alter table ${sql.table(table)} drop column search`.execute(db);
  }
  await sql`drop text search configuration search_russian`.execute(db);
  await sql`drop extension if exists unaccent`.execute(db);
  await sql`drop extension if exists pg_trgm`.execute(db);
}
