/**
 * An activity row as one Russian sentence. Neither the row's user nor the board's members carry a
 * gender, so no sentence conjugates a verb for its author: the change is said impersonally, with the
 * object first ('Задача «Отчёт» перенесена из «В работе» в «Готово»'), and the author follows after a
 * dash ('… — Анна'). Every field of `data` is optional here: a missing one reads as nothing or
 * a neutral word, and a kind this client does not know reads 'Изменение на доске'.
 */
import type { Board, Role } from 'contract';
import { ROLE_TITLES } from 'contract/roles';
import { plural } from 'shared-ui';
import type { Activity } from '../api/get-activity';

const IMPORT_SOURCES = { trello: 'Trello', csv: 'CSV', kanban: 'экспорта доски' } as const;

export interface DescribeContext {
  board: Pick<Board, 'members' | 'labels' | 'priorities' | 'columns'>;
  /** The task form's field names as the task modal labels them. */
  fieldLabels: Record<string, string>;
}

const NONE = 'нет';
const MAX_QUOTE = 80;

const LABEL_FIELDS: Record<string, string> = {
  title: 'Название',
  color: 'Цвет',
  isMainColor: 'Основной цвет',
};
const BOARD_FIELDS: Record<string, string> = {
  name: 'Название',
  color: 'Цвет',
  showIdsMode: 'Номера задач',
  showTotalColumnEstimation: 'Сумма оценок колонки',
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function quote(value: unknown): string {
  const text = str(value);
  if (text === null) return '';
  const short = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text;
  return `«${short}»`;
}

/** ' «text»' or '' when absent, to append after a noun. */
const named = (value: unknown) => {
  const text = quote(value);
  return text ? ` ${text}` : '';
};

// Made on first use, like shared/time-text.ts's.
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(value: unknown): string {
  const text = str(value);
  if (!text) return NONE;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  dateFormat ??= new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateFormat.format(date);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

function taskValue(field: string, value: unknown, ctx: DescribeContext): string {
  const { board } = ctx;
  switch (field) {
    case 'title':
    case 'cover':
      return quote(value) || NONE;
    case 'priority':
      return board.priorities.find((p) => p.value === value)?.label ?? (str(value) || NONE);
    case 'columnId': {
      const id = str(value);
      return id ? quote(board.columns[id]?.name ?? id) : NONE;
    }
    case 'assignees': {
      const names = list(value).map(
        (id) => board.members.find((m) => m.id === Number(id))?.name || `#${String(id)}`,
      );
      return names.length ? names.join(', ') : NONE;
    }
    case 'labels': {
      const titles = list(value).map(
        (id) => board.labels.find((l) => l.id === Number(id))?.title ?? `#${String(id)}`,
      );
      return titles.length ? titles.join(', ') : NONE;
    }
    case 'dueAt':
      return formatDate(value);
    case 'dueDone':
      return value === true ? 'да' : NONE;
    default:
      return typeof value === 'boolean' ? (value ? 'да' : NONE) : str(value) || NONE;
  }
}

/** 'Приоритет: Низкий → Высокий; Описание изменено' from `data.changes`. */
function changesText(
  changes: unknown,
  labels: Record<string, string>,
  value: (field: string, value: unknown) => string,
): string {
  return list(changes)
    .map((item) => {
      const change = record(item);
      const field = str(change.field) ?? '';
      const label = labels[field] ?? field;
      if (!label) return '';
      if (field === 'description') return `${label}: изменено`;
      return `${label}: ${value(field, change.from)} → ${value(field, change.to)}`;
    })
    .filter(Boolean)
    .join('; ');
}

const withDetails = (sentence: string, details: string) => (details ? `${sentence}: ${details}` : sentence);

/** The action alone, without its author. */
export function describeAction(row: Activity, ctx: DescribeContext): string {
  const data = record(row.data);
  const task = named(row.task?.title);
  const inTask = row.task ? ` в задаче${task}` : '';
  const column = named(row.column?.name);
  const checklist = named(str(data.checklistTitle) ?? str(record(data.checklist).title) ?? data.title);
  const item = named(str(data.itemText) ?? str(record(data.item).text) ?? data.text);
  const member = named(
    str(data.name) ?? str(record(data.member).name) ?? str(data.email) ?? str(record(data.member).email),
  );

  switch (row.kind) {
    case 'task.created':
      return `Создана задача${task}${column ? ` в колонке${column}` : ''}`;
    case 'task.edited':
      return withDetails(
        `Изменена задача${task}`,
        changesText(data.changes, ctx.fieldLabels, (field, value) => taskValue(field, value, ctx)),
      );
    case 'task.moved': {
      const from = named(record(data.from).name);
      const to = named(record(data.to).name);
      return `Задача${task} перенесена${from ? ` из${from}` : ''}${to ? ` в${to}` : ''}`;
    }
    case 'task.deleted':
      return `Удалена задача${task}`;
    case 'task.restored':
      return `Восстановлена задача${task}`;
    case 'task.archived':
      return `Задача${task} отправлена в архив`;
    case 'task.unarchived':
      return `Задача${task} возвращена из архива`;
    case 'comment.added':
      return withDetails(`Добавлен комментарий${row.task ? ` к задаче${task}` : ''}`, quote(data.text));
    case 'comment.deleted':
      return `Удалён комментарий${row.task ? ` к задаче${task}` : ''}`;
    case 'comment.restored':
      return withDetails(`Восстановлен комментарий${row.task ? ` к задаче${task}` : ''}`, quote(data.text));
    case 'file.added':
      return `Прикреплён файл${named(data.name)}${row.task ? ` к задаче${task}` : ''}`;
    case 'file.deleted':
      return `Удалён файл${named(data.name)}${inTask}`;
    case 'label.created':
      return `Создана метка${named(data.title)}`;
    case 'label.edited':
      return withDetails(
        `Изменена метка${named(data.title)}`,
        changesText(data.changes, LABEL_FIELDS, (_field, value) => quote(value) || NONE),
      );
    case 'label.deleted':
      return `Удалена метка${named(data.title)}`;
    case 'label.restored':
      return `Восстановлена метка${named(data.title)}`;
    case 'task.moved-out':
      return `Задача${task} перенесена на доску${named(record(data.board).name)}`;
    case 'task.moved-in':
      return `Задача${task} перенесена с доски${named(record(data.board).name)}`;
    case 'column.created':
      return `Создана колонка${column}`;
    case 'column.renamed':
      return `Колонка${named(data.from)} переименована${named(data.to) ? ` в${named(data.to)}` : ''}`;
    case 'column.deleted':
      return `Удалена колонка${column || named(data.name)}`;
    case 'column.restored': {
      const count = typeof data.tasksCount === 'number' && data.tasksCount > 0 ? data.tasksCount : 0;
      return `Восстановлена колонка${column || named(data.name)}${count ? ` с карточками (${count})` : ''}`;
    }
    case 'column.archived':
    case 'column.unarchived': {
      const count = typeof data.tasksCount === 'number' && data.tasksCount > 0 ? data.tasksCount : 0;
      const where = row.kind === 'column.archived' ? 'отправлена в архив' : 'возвращена из архива';
      return `Колонка${column || named(data.name)}${count ? ` с карточками (${count})` : ''} ${where}`;
    }
    case 'trash.emptied':
      return typeof data.count === 'number' ? `Очищена корзина (стёрто: ${data.count})` : 'Очищена корзина';
    case 'columns.reordered':
      return 'Изменён порядок колонок';
    case 'checklist.added':
      return `Добавлен чек-лист${checklist}${inTask}`;
    case 'checklist.edited':
      return data.from !== undefined && data.to !== undefined
        ? `Чек-лист${named(data.from)} переименован в${named(data.to)}${inTask}`
        : `Изменён чек-лист${checklist}${inTask}`;
    case 'checklist.deleted':
      return `Удалён чек-лист${checklist}${inTask}`;
    case 'checklist.item-added':
      return `Добавлен пункт${item}${checklist ? ` в чек-лист${checklist}` : ''}${inTask}`;
    case 'checklist.item-done':
      return `Выполнен пункт${item}${inTask}`;
    case 'checklist.item-undone':
      return `Снята отметка с пункта${item}${inTask}`;
    case 'checklist.item-edited':
      return `Изменён пункт${item}${inTask}`;
    case 'checklist.item-deleted':
      return `Удалён пункт${item}${inTask}`;
    case 'checklist.item-converted':
      return `Пункт${item} превращён в карточку${inTask}`;
    case 'member.invited':
      return `Отправлено приглашение${member ? ` для${member}` : ''}`;
    case 'member.joined':
      return 'Принято приглашение на доску';
    case 'member.removed':
      return `Исключён участник${member}`;
    case 'member.left':
      return 'Выход из доски';
    case 'invitation.rejected':
      return 'Отклонено приглашение на доску';
    case 'invitation.cancelled':
      return `Отменено приглашение${member ? ` для${member}` : ''}`;
    case 'member.role-changed': {
      const to = ROLE_TITLES[String(data.to) as Role];
      return `Изменена роль участника${member}${to ? `: ${to.toLowerCase()}` : ''}`;
    }
    case 'board.owner-changed':
      return `Доска передана участнику${member}`;
    case 'board.public-link':
      return data.enabled === false ? 'Выключен доступ по ссылке' : 'Включён доступ по ссылке';
    case 'board.edited':
      return withDetails(
        'Изменены настройки доски',
        changesText(data.changes, BOARD_FIELDS, (_field, value) =>
          typeof value === 'boolean' ? (value ? 'да' : NONE) : quote(value) || NONE,
        ),
      );
    case 'board.restored':
      return 'Восстановлена доска';
    case 'board.imported': {
      const source = IMPORT_SOURCES[String(data.format) as keyof typeof IMPORT_SOURCES] ?? 'файла';
      const tasks = Number(data.tasks) || 0;
      return `Доска импортирована из ${source}: ${tasks} ${plural(tasks, { one: 'задача', few: 'задачи', many: 'задач' })}`;
    }
    case 'board.copied': {
      const tasks = Number(data.tasks) || 0;
      const cards =
        tasks > 0 ? `: ${tasks} ${plural(tasks, { one: 'задача', few: 'задачи', many: 'задач' })}` : '';
      return data.from === 'template'
        ? `Доска создана из шаблона${named(data.name)}${cards}`
        : `Доска скопирована с доски${named(data.name)}${cards}`;
    }
    default:
      // Every kind has its sentence (a new one without it fails tsc here); a kind from a newer API
      // reads as a change on the board.
      row.kind satisfies never;
      return 'Изменение на доске';
  }
}

/** The whole sentence: the action, then its author ('… — Анна') when the row has one. */
export function describeActivity(row: Activity, ctx: DescribeContext): string {
  const action = describeAction(row, ctx);
  return row.user?.name ? `${action} — ${row.user.name}` : action;
}
