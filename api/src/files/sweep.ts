/**
 * The orphan sweep. An upload that was PUT but never added (the tab closed between the two calls),
 * an avatar uploaded but never set, or an object whose removal after a commit failed, belongs to no
 * row, and so does an import's file whose job ended without removing it. Every hour each instance removes such objects once they are a day old. It is race-free
 * because add refuses objects older than an hour (ADD_WITHIN_MS): nothing the sweep may remove can
 * still become a file or an avatar. Running on several instances at once is harmless.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import type { Storage } from '../plugins/storage.js';
import { objectUrl } from './signing.js';

/** An upload must be added (or made the avatar) within an hour of its PUT. */
export const ADD_WITHIN_MS = 60 * 60 * 1000;
/** Objects without a row are removed once they are this old. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

async function isReferenced(db: Kysely<Database>, key: string): Promise<boolean> {
  if (key.startsWith('imports/')) {
    // An import's file lives while its job waits or runs; the job removes it when it ends.
    const row = await db
      .selectFrom('imports')
      .select('id')
      .where('id', '=', key.slice(key.lastIndexOf('/') + 1))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row !== undefined;
  }
  if (key.startsWith('boards/')) {
    const row = await db.selectFrom('files').select('id').where('storage_key', '=', key).executeTakeFirst();
    if (row !== undefined) return true;
    // An item in the trash keeps its files' objects until it is emptied or purged (GIN index).
    const trashed = await db
      .selectFrom('trash')
      .select('id')
      .where(sql<boolean>`file_keys @> array[${key}]::text[]`)
      .executeTakeFirst();
    return trashed !== undefined;
  }
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('avatar', '=', objectUrl(key))
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes objects older than ORPHAN_AGE_MS that no file row, trash entry or avatar names; answers how many. */
export async function sweepOrphans(
  db: Kysely<Database>,
  storage: Storage,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const prefix of ['boards/', 'avatars/', 'imports/']) {
    for await (const object of storage.list(prefix)) {
      if (now - object.modifiedAt.getTime() < ORPHAN_AGE_MS) continue;
      if (await isReferenced(db, object.key)) continue;
      await storage.remove(object.key);
      removed += 1;
    }
  }
  return removed;
}
