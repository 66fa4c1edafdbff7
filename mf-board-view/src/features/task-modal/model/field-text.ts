import type { Board } from 'contract';
import { dueText, fromLocalDue } from '../../../shared/due';
import { memberLabel } from '../../../shared/members';
import { FIELD_LABELS, type TaskField, type TaskForm } from './task-form';

const LONG_TEXT = 160;

/** 'Поле «Описание» изменил(а) Анна': who changed a field the user is editing. */
export function conflictTitle(field: TaskField, name: string): string {
  const who = name.trim() || 'другой участник';
  return `Поле «${FIELD_LABELS[field]}» изменил(а) ${who}`;
}

/** A field's value as a person reads it: names for ids, a shortened description, a due date in words. */
export function valueText(
  field: TaskField,
  value: TaskForm[TaskField],
  board: Board,
  now = Date.now(),
): string {
  if (typeof value === 'boolean') return value ? 'выполнено' : 'не выполнено';
  if (Array.isArray(value)) {
    const names = value.map((id) =>
      field === 'labels'
        ? (board.labels.find((label) => String(label.id) === id)?.title ?? id)
        : memberLabelOf(board, id),
    );
    return names.length > 0 ? names.join(', ') : 'нет';
  }
  if (field === 'columnId') return board.columns[value]?.name ?? value;
  if (field === 'priority') {
    return board.priorities.find((item) => item.value === value)?.label ?? 'Не задан';
  }
  if (field === 'dueAt' || field === 'startAt') {
    const at = fromLocalDue(value);
    if (at) return dueText(at, now, 'long');
    return field === 'dueAt' ? 'без срока' : 'без начала';
  }
  if (!value.trim()) return 'пусто';
  return value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT)}…` : value;
}

function memberLabelOf(board: Board, id: string): string {
  const member = board.members.find((item) => String(item.id) === id);
  return member ? memberLabel(member) : id;
}
