/**
 * Three-way merge of an item's fields: `base` is the item as the saving form loaded it, `current` as
 * it is now, `mine` what the form sends (omitted fields are not the form's changes). A field only the
 * form changed takes the form's value; a field only others changed keeps theirs; a field both changed
 * to different values is a conflict. Lists that are sets (assignees, labels) compare sorted.
 */
import { sameValue } from 'contract/same-value';

export type Fields = Record<string, unknown>;

export interface Merged<T extends Fields> {
  merged: T;
  /** Fields the form changed that the item also changed since `base`, to a different value. */
  conflicts: (keyof T & string)[];
  /** Whether `merged` differs from `current`. */
  changed: boolean;
}

export function mergeFields<T extends Fields>(base: T, current: T, mine: Partial<T>): Merged<T> {
  const merged = { ...current };
  const conflicts: (keyof T & string)[] = [];
  let changed = false;
  for (const field of Object.keys(current) as (keyof T & string)[]) {
    if (!(field in mine) || mine[field] === undefined) continue;
    const value = mine[field] as T[typeof field];
    if (sameValue(value, base[field]) || sameValue(value, current[field])) continue;
    if (!sameValue(current[field], base[field])) {
      conflicts.push(field);
      continue;
    }
    merged[field] = value;
    changed = true;
  }
  return { merged, conflicts, changed };
}
