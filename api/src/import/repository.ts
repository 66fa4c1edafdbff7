/** The rows of import jobs: made queued by the route, run and finished by the job, read by their importer. */
import type { ImportFormat, ImportJob, ImportReport, ImportStage } from 'contract/imports';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export interface ImportOptions {
  name: string;
  /** Source member id -> e-mail (lower case). */
  members: Record<string, string>;
  tz: string;
  fileName: string;
  storageKey: string;
}

export interface ImportRow {
  id: string;
  userId: number;
  format: ImportFormat;
  state: ImportJob['state'];
  options: ImportOptions;
}

export async function insertImport(
  db: Db,
  row: { id: string; userId: number; format: ImportFormat; options: ImportOptions },
): Promise<void> {
  await db
    .insertInto('imports')
    .values({ id: row.id, user_id: row.userId, format: row.format, options: JSON.stringify(row.options) })
    .execute();
}

export async function findImport(db: Db, id: string): Promise<ImportRow | null> {
  const row = await db
    .selectFrom('imports')
    .select(['id', 'user_id', 'format', 'state', 'options'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    format: row.format as ImportFormat,
    state: row.state,
    options: row.options as unknown as ImportOptions,
  };
}

/** The job as its importer sees it; null when it is someone else's or unknown. */
export async function findImportJob(db: Db, id: string, userId: number): Promise<ImportJob | null> {
  const row = await db
    .selectFrom('imports')
    .select(['id', 'state', 'progress', 'stage', 'board_id', 'report', 'error'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    stage: (row.stage as ImportStage | null) ?? null,
    ...(row.board_id !== null && { boardId: row.board_id }),
    ...(row.report !== null && { report: row.report as unknown as ImportReport }),
    ...(row.error !== null && { error: row.error }),
  };
}

/** Marks a queued job running; false when it already ran (a retry after it ended). */
export async function startImport(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ state: 'running' })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function saveProgress(db: Db, id: string, progress: number, stage: ImportStage): Promise<void> {
  await db
    .updateTable('imports')
    .set({ progress, stage: JSON.stringify(stage) })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

export async function finishImport(
  db: Db,
  id: string,
  outcome: { boardId: number; report: ImportReport } | { error: string },
): Promise<void> {
  await db
    .updateTable('imports')
    .set({
      ...('error' in outcome
        ? { state: 'failed', error: outcome.error }
        : { state: 'done', progress: 1, board_id: outcome.boardId, report: JSON.stringify(outcome.report) }),
      stage: null,
      finished_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
