/**
 * Revisions: each version of an item's editable fields, written in the transaction that makes the
 * change. A save from an older version reads the fields as of that version (its base) and the
 * revisions after it (who changed what), then merges (merge.ts).
 */

import type { Conflict } from 'contract/revisions';
import { type Kysely, sql } from 'kysely';
import type { Database, RevisionsTable } from '../database.js';
import { HttpError } from '../errors.js';
import { type Fields, mergeFields } from './merge.js';

type Db = Kysely<Database>;
export type Entity = RevisionsTable['entity'];

export interface Revision {
  boardId: number;
  entity: Entity;
  entityId: number;
  version: number;
  fields: Fields;
  userId: number | null;
}

export async function recordRevision(db: Db, revision: Revision): Promise<void> {
  await db
    .insertInto('revisions')
    .values({
      board_id: revision.boardId,
      entity: revision.entity,
      entity_id: revision.entityId,
      version: revision.version,
      fields: JSON.stringify(revision.fields),
      changed_by: revision.userId,
    })
    .onConflict((oc) => oc.columns(['entity', 'entity_id', 'version']).doNothing())
    .execute();
}

export interface History {
  /** The fields as of the form's version; null when no revision is that old. */
  base: Fields | null;
  /** Revisions after it, oldest first, with their authors' names. */
  later: { fields: Fields; userId: number | null; name: string }[];
}

/** The item's fields as of `version` and every revision since. */
export async function historySince(
  db: Db,
  entity: Entity,
  entityId: number,
  version: number,
): Promise<History> {
  const rows = await db
    .selectFrom('revisions as r')
    .leftJoin('users as u', 'u.id', 'r.changed_by')
    .select(['r.version', 'r.fields', 'r.changed_by', sql<string>`coalesce(u.name, '')`.as('name')])
    .where('r.entity', '=', entity)
    .where('r.entity_id', '=', entityId)
    .where(
      'r.version',
      '>=',
      sql<string>`coalesce((select max(version) from revisions where entity = ${entity}
        and entity_id = ${entityId} and version <= ${version}), 0)`,
    )
    .orderBy('r.version')
    .execute();
  const first = rows[0];
  const hasBase = first !== undefined && Number(first.version) <= version;
  return {
    base: hasBase ? first.fields : null,
    later: (hasBase ? rows.slice(1) : rows).map((row) => ({
      fields: row.fields,
      userId: row.changed_by,
      name: row.name,
    })),
  };
}

/** For each conflicting field, the last person who changed it after the base. */
export function conflictAuthors(history: History, fields: readonly string[]): Conflict[] {
  return fields.map((field) => {
    let previous = history.base?.[field];
    let author: Conflict = { field, userId: null, name: '' };
    for (const revision of history.later) {
      if (JSON.stringify(revision.fields[field]) !== JSON.stringify(previous)) {
        author = { field, userId: revision.userId, name: revision.name };
      }
      previous = revision.fields[field];
    }
    return author;
  });
}

export interface VersionedSave<T extends Fields> {
  entity: Entity;
  entityId: number;
  /** The version the form was loaded from; undefined: overwrite, as before versions existed. */
  version: number | undefined;
  current: T;
  mine: Partial<T>;
  /** Fields added after older revisions were kept, with the value they had then (a task's startAt: null). */
  defaults?: Partial<T>;
}

/**
 * The fields to write for a save: the form's values over the current ones when it sent no version,
 * else the three-way merge against the fields as of its version (merge.ts), with the authors of any
 * conflicting field.
 */
export async function mergeSave<T extends Fields>(
  db: Db,
  save: VersionedSave<T>,
): Promise<{ fields: T; changed: boolean; conflicts: Conflict[] }> {
  const found =
    save.version === undefined ? null : await historySince(db, save.entity, save.entityId, save.version);
  const filled = (fields: Fields): Fields => ({ ...save.defaults, ...fields });
  const history = found && {
    base: found.base && filled(found.base),
    later: found.later.map((revision) => ({ ...revision, fields: filled(revision.fields) })),
  };
  // No revision that old: when nothing changed since either, the form's values win; when something
  // did, what the form started from is unknown and every field it sets differently is a conflict.
  const base = (history?.base ?? (history?.later.length ? {} : save.current)) as T;
  const merge = mergeFields(base, save.current, save.mine);
  return {
    fields: merge.merged,
    changed: merge.changed,
    conflicts: history ? conflictAuthors(history, merge.conflicts) : [],
  };
}

/**
 * A versioned edit's save: `mergeSave`, and when the form and someone else changed a field to
 * different values, 409 with `message`, the current item under its own key (`current409()`, read
 * only then) and the conflicting fields. Nothing is written either way: the caller writes `fields`.
 */
export async function saveVersioned<T extends Fields>(
  db: Db,
  save: VersionedSave<T> & {
    message: string;
    current409: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<{ fields: T; changed: boolean }> {
  const { conflicts, ...merged } = await mergeSave(db, save);
  if (conflicts.length > 0) {
    throw new HttpError(409, { message: save.message, ...(await save.current409()), conflicts });
  }
  return merged;
}
