/**
 * The calendar feed as iCalendar text, made by ical-generator (folding, escaping and UTC date-times
 * per RFC 5545 are its job, not ours). Each task with a due date is a 30-minute event starting at the
 * due instant, in UTC; a task with a start date is an event from its start (DTSTART) to its due date
 * (30 minutes when it has none or they are equal); its UID is stable per task (`task-<id>@<site host>`), so calendar apps update
 * the event when the date moves. A VEVENT has no 'completed' status (that is VTODO's), so a ticked
 * due date shows as '✓ ' before the title. Events are transparent: a deadline is not busy time.
 */

import type { MyTask } from 'contract/my-tasks';
import ical, { ICalEventTransparency } from 'ical-generator';
import { taskUrl } from '../plugins/letters.js';

const EVENT_MINUTES = 30;

export function calendarFeed(publicUrl: string, tasks: MyTask[]): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({
    name: 'Мои задачи',
    prodId: { company: 'kanban', product: 'my-tasks', language: 'RU' },
    // Calendar apps that honour it re-fetch every 15 minutes.
    ttl: 15 * 60,
  });
  for (const task of tasks) {
    const first = task.startAt ?? task.dueAt;
    if (!first) continue;
    const start = new Date(first);
    const due = task.dueAt === null ? null : new Date(task.dueAt);
    const url = taskUrl(publicUrl, task.board.id, task.number);
    calendar.createEvent({
      id: `task-${task.id}@${host}`,
      start,
      end: due && due > start ? due : new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: task.dueDone ? `✓ ${task.title}` : task.title,
      description: `Доска «${task.board.name}»${task.dueDone ? '. Выполнено.' : ''}\n${url}`,
      url,
      created: new Date(task.createdAt),
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
