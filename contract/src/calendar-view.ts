/**
 * The board's calendar view reads its tasks by date range (issue 33): GET /api/board/{id}/calendar.
 * A task is in the range when its dates [startAt ?? dueAt, dueAt ?? startAt] overlap [from, to); the
 * board's filters (assignee, label, priority, search, due) apply as on GET /api/board/{id}. Tasks with
 * neither date come in `undated` for the view's side list, at most UNDATED_LIMIT of them in board
 * order, with their total count.
 */
import { type Static, Type } from 'typebox';
import { MESSAGES as BOARD_MESSAGES, GetBoard } from './boards.js';
import { errors, Id } from './common.js';
import { Task } from './tasks.js';

/** The longest range one call reads: a month view with its spill-over weeks fits. */
export const CALENDAR_MAX_DAYS = 62;
export const UNDATED_LIMIT = 200;

export const CALENDAR_MESSAGES = {
  from: 'Некорректная дата',
  to: 'Некорректная дата',
  order: 'Конец диапазона должен быть позже начала',
  tooLong: `Диапазон не длиннее ${CALENDAR_MAX_DAYS} дней`,
  tz: BOARD_MESSAGES.tz,
} as const;

/** A date (YYYY-MM-DD, the start of that day in `tz`) or an instant with its offset. */
const RangeEnd = (message: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
    'x-error': message,
  });

export const CalendarTasks = Type.Object({
  tasks: Type.Array(Task, { description: 'dated tasks overlapping the range, by their first date, then id' }),
  undated: Type.Array(Task, {
    description: `tasks with no start and no due date, board order, at most ${UNDATED_LIMIT}`,
  }),
  undatedCount: Type.Integer({ description: 'how many undated tasks match in all' }),
});
export type CalendarTasks = Static<typeof CalendarTasks>;

export const GetCalendarTasks = {
  'x-board-action': 'view',
  operationId: 'getBoardCalendar',
  summary: "The board's tasks in a date range, for the calendar view",
  description: `A task is in [from, to) when its [startAt ?? dueAt, dueAt ?? startAt] overlaps it. \`from\` and \`to\`: YYYY-MM-DD (midnight in \`tz\`) or ISO instants; \`to\` after \`from\`, at most ${CALENDAR_MAX_DAYS} days apart. The board's filters apply as on getBoard.`,
  tags: ['boards'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id }),
  querystring: Type.Object({
    ...GetBoard.querystring.properties,
    from: RangeEnd(CALENDAR_MESSAGES.from),
    to: RangeEnd(CALENDAR_MESSAGES.to),
    tz: Type.Optional(
      Type.String({
        description: "the viewer's zone for dates and `due`: an IANA name or ±HH:MM; UTC when absent",
        'x-error': CALENDAR_MESSAGES.tz,
      }),
    ),
  }),
  response: { 200: CalendarTasks, ...errors(400, 401, 403, 404) },
};
