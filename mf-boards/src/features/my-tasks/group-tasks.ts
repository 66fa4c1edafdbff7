import { dayNumber, isoWeekday } from './due-time';

export type DueGroupKey = 'overdue' | 'today' | 'week' | 'later' | 'none' | 'done';

/** The groups of 'Мои задачи', in the order they are shown. */
export const DUE_GROUPS: readonly { key: DueGroupKey; title: string }[] = [
  { key: 'overdue', title: 'Просрочено' },
  { key: 'today', title: 'Сегодня' },
  { key: 'week', title: 'На этой неделе' },
  { key: 'later', title: 'Позже' },
  { key: 'none', title: 'Без срока' },
  { key: 'done', title: 'Выполнено' },
];

interface Due {
  dueAt: string | null;
  dueDone: boolean;
}

/**
 * Where a task goes, seen at `now` in `timeZone`: a done due date goes to 'Выполнено' whenever it
 * falls (it needs no attention); otherwise 'Просрочено' once the moment has passed, 'Сегодня' for the
 * rest of today, 'На этой неделе' up to the end of Sunday (ISO week; empty on a Sunday), then 'Позже'.
 */
export function dueGroupOf({ dueAt, dueDone }: Due, now: number, timeZone: string): DueGroupKey {
  if (dueAt === null) return 'none';
  if (dueDone) return 'done';
  const due = Date.parse(dueAt);
  if (due < now) return 'overdue';
  const today = dayNumber(now, timeZone);
  const day = dayNumber(due, timeZone);
  if (day === today) return 'today';
  if (day <= today + 7 - isoWeekday(today)) return 'week';
  return 'later';
}

export interface TaskGroup<T> {
  key: DueGroupKey;
  title: string;
  tasks: T[];
}

interface Groupable extends Due {
  title: string;
  number: number;
  board: { name: string };
}

const byName = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/**
 * The non-empty groups in display order. Inside a group tasks come by due date (soonest first;
 * 'Выполнено' latest first), then by board name and task number.
 */
export function groupTasks<T extends Groupable>(
  tasks: readonly T[],
  now: number,
  timeZone: string,
): TaskGroup<T>[] {
  const groups = new Map<DueGroupKey, T[]>(DUE_GROUPS.map(({ key }) => [key, []]));
  for (const task of tasks) groups.get(dueGroupOf(task, now, timeZone))?.push(task);
  const byBoard = (a: T, b: T) => byName.compare(a.board.name, b.board.name) || a.number - b.number;
  const due = (task: T) => (task.dueAt === null ? 0 : Date.parse(task.dueAt));
  return DUE_GROUPS.flatMap(({ key, title }) => {
    const list = groups.get(key) ?? [];
    if (list.length === 0) return [];
    const sign = key === 'done' ? -1 : 1;
    list.sort((a, b) => sign * (due(a) - due(b)) || byBoard(a, b));
    return [{ key, title, tasks: list }];
  });
}
