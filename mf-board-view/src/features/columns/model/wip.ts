import type { Column } from 'contract';
import type { ColumnLimit } from '../api/edit-column';

/** The limit field's text: '' for no limit. */
export const limitText = (limit: number | null | undefined) => (limit == null ? '' : String(limit));

export const WIP_MAX = 1000;
/** The API's own message for a limit it refuses (contract's columns MESSAGES.wipLimit). */
export const LIMIT_ERROR = `Лимит — целое число от 1 до ${WIP_MAX}`;

/**
 * The limit fields of the column's save, each only when changed (the API takes the last save of a
 * limit as it is, without merging by version); null when the typed limit is not a whole number from
 * 1 to 1000, which is then not sent.
 */
export function limitChange(
  column: Pick<Column, 'wipLimit' | 'wipStrict'>,
  values: { wipLimit: string; wipStrict: boolean },
): ColumnLimit | null {
  const text = values.wipLimit.trim();
  const change: ColumnLimit = {};
  if (text !== limitText(column.wipLimit)) {
    const limit = Number(text);
    if (text !== '' && (!/^\d+$/.test(text) || limit < 1 || limit > WIP_MAX)) return null;
    change.wipLimit = text === '' ? null : limit;
  }
  if (values.wipStrict !== column.wipStrict) change.wipStrict = values.wipStrict;
  return change;
}

/** 'Карточек: 5 из 4, больше лимита': the count's accessible name. */
export function countLabel(count: number, limit: number | null): string {
  if (limit === null) return `Карточек: ${count}`;
  return `Карточек: ${count} из ${limit}${count > limit ? ', больше лимита' : ''}`;
}
