/**
 * Ids of board items in bodies. Board, user, label and comment ids are numbers in the API, column and
 * task ids strings of digits (docs/api.md); bodies take either form. Every id column is an int4
 * identity: a number beyond it is refused like any malformed id, while digits beyond it become
 * `NO_ROW`, which no row has, so the caller answers as for any unknown id. Path ids use `Id` from
 * common.ts (400 'Некорректный идентификатор' when malformed or out of range).
 */
import { Type } from 'typebox';
import { MAX_ID } from './common.js';

const NO_ROW = 0;
const INVALID_ID = 'Некорректный идентификатор';

const IdValue = Type.Union([
  Type.Integer({ minimum: 1, maximum: MAX_ID }),
  Type.String({ pattern: '^[0-9]{1,20}$' }),
]);

/** An id in a body: a positive integer or its digits. */
export const BodyId = (error = INVALID_ID) => Type.Union(IdValue.anyOf, { 'x-error': error });

/** A list of ids in a body. */
export const BodyIds = (error: string, maxItems: number) =>
  Type.Array(IdValue, { maxItems, 'x-error': error });

/** The id as an int4 (or `NO_ROW`, which no row has). */
export function toId(value: number | string): number {
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : NO_ROW;
}

/** Distinct ids in first-seen order (an id no row can have stays, as `NO_ROW`, and fails lookups). */
export function toIds(values: readonly (number | string)[]): number[] {
  return [...new Set(values.map(toId))];
}
