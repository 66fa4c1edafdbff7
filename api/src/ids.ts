/**
 * Ids of board items. Board, user, label and comment ids are numbers in the API, column and task ids
 * strings of digits (docs/api.md); every id column is an int4 identity. Bodies take either form, path
 * parameters are text. A well-formed id outside int4 can match no row, so it becomes `NO_ROW` and the
 * caller answers as for any unknown id (404, or the field's message) instead of a database error.
 */
import { Type } from 'typebox';

const INT4_MAX = 2_147_483_647;
const NO_ROW = 0;

const DIGITS = '^[0-9]{1,20}$';

/** An id in a body: a positive integer or its digits. */
export const BodyId = (error?: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: DIGITS })], {
    ...(error !== undefined && { 'x-error': error }),
  });

/** A list of ids in a body. */
export const BodyIds = (error: string, maxItems: number) =>
  Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: DIGITS })]), {
    maxItems,
    'x-error': error,
  });

/** An id in the path. */
export const PathId = Type.String({ pattern: DIGITS });

/** The id as an int4 (or `NO_ROW`, which no row has). */
export function toId(value: number | string): number {
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : NO_ROW;
}

/** Distinct ids in first-seen order (an id no row can have stays, as `NO_ROW`, and fails lookups). */
export function toIds(values: readonly (number | string)[]): number[] {
  return [...new Set(values.map(toId))];
}
