/**
 * Watching and notifications, made from a change's activity records (board-change/activity.ts) inside
 * the change's own transaction, so a change that rolls back leaves neither. `changeBoard` calls
 * `notifyChange` after inserting the activity and `announceNotified` after the commit.
 *
 * - Watching: the creator of a task (and its first assignees), assignees as they are added and
 *   commenters start watching, unless a row says they stopped (`watching = false` is never undone).
 * - Notifying: a comment's mentioned members get 'mention'; members made assignees of a task (when it
 *   is created or edited) get 'assigned'; the task's other watchers get 'comment', 'moved' (task.moved,
 *   or an edit of its column) and 'due-changed'. Never the one who acted, only accepted members who
 *   were not removed; a mentioned watcher gets the mention alone, a new assignee the assignment alone.
 * - Users who want e-mail at once get a 'notification-mail' job per notification in the same
 *   transaction (notifications/plugin.ts sends it); 'daily' ones wait for the digest.
 */

import type { ActivityEntry } from 'contract/activity-kinds';
import type { NotificationKind } from 'contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { columnNames } from '../board-change/activity.js';
import type { Recorder } from '../board-change/change-board.js';
import type { Database } from '../database.js';
import { membersAmong } from '../members/index.js';
import {
  announceUnread,
  insertNotifications,
  MAIL_QUEUE,
  type MailJob,
  type NewNotification,
  type NotificationMail,
} from '../notifications/index.js';
import type { Queue } from '../plugins/queue.js';
import type { Realtime } from '../plugins/realtime.js';
import { assigneesOf, type Watch, watchersOf, watchTasks } from './repository.js';

/** How much of a comment a notification keeps. */
export const TEXT_LIMIT = 200;

/** What `changeBoard` needs of the app to notify. */
export interface NotifyApp {
  db: Kysely<Database>;
  realtime: Realtime;
  queue: Queue;
  notificationMail: NotificationMail;
  log: FastifyBaseLogger;
}

/** Who got notifications from a change, and whether any letter is to go at once. */
export interface Notified {
  users: number[];
  mail: boolean;
}

interface Draft {
  kind: NotificationKind;
  taskId: number;
  data: Record<string, unknown>;
  /** Named users (mentions), or the task's watchers. */
  to: number[] | 'watchers';
  /** Who gets something more specific from the same record. */
  except?: readonly number[];
  /** `data.from` and `data.to` are column ids to name. */
  columns?: boolean;
}

/** A task edit's assignee lists and column ids: numbers, typed `unknown` in a FieldChange. */
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((id) => Number.isSafeInteger(id)) : [];

/** Records the watches a change implies and inserts its notifications (and instant letters' jobs). */
export async function notifyChange(
  trx: Transaction<Database>,
  queue: Queue,
  boardId: number,
  actorId: number,
  entries: readonly ActivityEntry[],
): Promise<Notified> {
  const watches: Watch[] = [];
  const createdTasks: number[] = [];
  const drafts: Draft[] = [];
  const movedColumns: number[] = [];

  for (const entry of entries) {
    const taskId = entry.taskId;
    if (taskId === undefined) continue;
    switch (entry.kind) {
      case 'task.created':
        createdTasks.push(taskId);
        break;
      case 'checklist.item-converted':
        createdTasks.push(Number(entry.data.newTaskId));
        break;
      case 'comment.added': {
        watches.push({ taskId, userId: actorId });
        const mentions = entry.data.mentions ?? [];
        const data = { commentId: entry.data.commentId, text: entry.data.text.slice(0, TEXT_LIMIT) };
        drafts.push({ kind: 'mention', taskId, data, to: mentions });
        drafts.push({ kind: 'comment', taskId, data, to: 'watchers', except: mentions });
        break;
      }
      case 'task.moved':
        drafts.push({
          kind: 'moved',
          taskId,
          data: { from: entry.data.from.name, to: entry.data.to.name },
          to: 'watchers',
        });
        break;
      case 'task.edited': {
        const assignees = entry.data.changes.find((change) => change.field === 'assignees');
        const before = new Set(ids(assignees?.from));
        const added = ids(assignees?.to).filter((userId) => !before.has(userId));
        for (const userId of added) watches.push({ taskId, userId });
        if (added.length > 0) drafts.push({ kind: 'assigned', taskId, data: {}, to: added });
        for (const change of entry.data.changes) {
          if (change.field === 'columnId') {
            movedColumns.push(...ids([change.from, change.to]));
            drafts.push({
              kind: 'moved',
              taskId,
              data: { from: change.from, to: change.to },
              to: 'watchers',
              except: added,
              columns: true,
            });
          } else if (change.field === 'dueAt') {
            drafts.push({
              kind: 'due-changed',
              taskId,
              data: { from: change.from, to: change.to },
              to: 'watchers',
              except: added,
            });
          }
        }
        break;
      }
    }
  }

  for (const taskId of createdTasks) watches.push({ taskId, userId: actorId });
  const firstAssignees = await assigneesOf(trx, createdTasks);
  watches.push(...firstAssignees);
  for (const taskId of createdTasks) {
    const to = firstAssignees.filter((watch) => watch.taskId === taskId).map((watch) => watch.userId);
    if (to.length > 0) drafts.push({ kind: 'assigned', taskId, data: {}, to });
  }
  await watchTasks(trx, watches);
  if (drafts.length === 0) return { users: [], mail: false };

  // An edit's column change names the columns as a move does.
  const names = movedColumns.length === 0 ? new Map<number, string>() : await columnNames(trx, movedColumns);
  const watchers = await watchersOf(
    trx,
    boardId,
    drafts.filter((d) => d.to === 'watchers').map((d) => d.taskId),
  );
  const members = await membersAmong(
    trx,
    boardId,
    drafts.flatMap((d) => (d.to === 'watchers' ? [] : d.to)),
  );
  const rows: NewNotification[] = [];
  for (const draft of drafts) {
    const data = draft.columns
      ? { from: names.get(Number(draft.data.from)) ?? '', to: names.get(Number(draft.data.to)) ?? '' }
      : draft.data;
    const audience =
      draft.to === 'watchers' ? (watchers.get(draft.taskId) ?? []) : draft.to.filter((id) => members.has(id));
    for (const userId of new Set(audience)) {
      if (userId === actorId || draft.except?.includes(userId)) continue;
      rows.push({ userId, kind: draft.kind, boardId, taskId: draft.taskId, actorId, data });
    }
  }
  const created = await insertNotifications(trx, rows);
  const mail = created.filter((row) => row.instant);
  if (mail.length > 0) {
    await queue.boss.insert(
      mail.map((row) => ({
        name: MAIL_QUEUE,
        data: { notificationId: row.id, kind: row.kind } satisfies MailJob,
      })),
      { db: queue.inTransaction(trx) },
    );
  }
  return { users: [...new Set(created.map((row) => row.userId))], mail: mail.length > 0 };
}

/** After the commit: the users' unread counts to their sockets, and the letters on their way. */
export async function announceNotified(app: NotifyApp, notified: Notified): Promise<void> {
  if (notified.mail) app.notificationMail.wake();
  if (notified.users.length === 0) return;
  await announceUnread(app, notified.users).catch((err) =>
    app.log.warn({ err }, 'could not announce new notifications'),
  );
}

/** The kernel's recorder of watches and notifications; the unread counts go out after the commit. */
export const recordNotifications: Recorder = async ({ app, trx, boardId, userId, changes }) => {
  const notified = await notifyChange(trx, app.queue, boardId, userId, changes.activity);
  return () => announceNotified(app, notified);
};
