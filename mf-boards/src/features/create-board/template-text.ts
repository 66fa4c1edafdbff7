/**
 * A template's preview in the create-board modal: its columns in order and how many cards it brings
 * ('Бэклог → В работе → Готово · 5 карточек').
 */
import type { Template } from 'contract';
import { plural } from 'shared-ui';

const CARDS = { one: 'карточка', few: 'карточки', many: 'карточек' };

/**
 * 'Пустая': the API's plain board, with its default columns. Their names are not repeated here: they
 * live in contract/boards, a TypeBox module this chunk does not load for three strings.
 */
export const EMPTY_PREVIEW = 'Колонки по умолчанию, без карточек';

export function templatePreview({ columns, tasks }: Pick<Template, 'columns' | 'tasks'>): string {
  const parts = [columns.length > 0 ? columns.join(' → ') : 'Без колонок'];
  // A no-break space: '21 карточка' never splits over two lines.
  if (tasks > 0) parts.push(`${tasks.toLocaleString('ru-RU')}\u00a0${plural(tasks, CARDS)}`);
  return parts.join(' · ');
}
