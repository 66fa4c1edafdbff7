/** Reminders: the scan that turns due dates into notifications, and what a reminder's e-mail needs. */

import type { NotificationKind } from 'contract/notifications';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { onBoard } from '../tasks/index.js';

type Db = Kysely<Database>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const REMINDER_TIMING = {
  /** 'due-soon' once the due date is this close. */
  soon: 24 * HOUR,
  /** A due date counts only once it has stood this long (see the plugin's note). */
  settle: MINUTE,
  /** Due dates further back get no 'overdue' (a date set long in the past is no news). */
  lookback: 7 * 24 * HOUR,
};

export interface CreatedReminder {
  id: number;
  userId: number;
  kind: NotificationKind;
  taskId: number;
  /** Whether the user wants reminders by e-mail too. */
  emailReminders: boolean;
}

/**
 * Inserts the reminders due at `at`: for each task with a due date that is not ticked done, each
 * assignee still an accepted member of its board gets 'due-soon' while `at` is within 24 h before the
 * date (not on a deleted board) and 'overdue' once it has passed, once per (user, task, kind, due date). The unique index on
 * exactly that makes the insert a no-op for a reminder already made, here or by a concurrent scan on
 * another instance (its insert waits for ours and then does nothing); the `not exists` only spares
 * identity values. A due date changed in the last minute waits unless it is the value it had a minute
 * ago (the task's revisions tell), so a date moved there and back, or typed in steps, is not announced.
 * Answers the rows this call inserted.
 */
export async function insertDueReminders(db: Db, at: Date): Promise<CreatedReminder[]> {
  const soonUntil = new Date(at.getTime() + REMINDER_TIMING.soon);
  const since = new Date(at.getTime() - REMINDER_TIMING.lookback);
  const settledBy = new Date(at.getTime() - REMINDER_TIMING.settle);
  const { rows } = await sql<{
    id: number;
    user_id: number;
    kind: NotificationKind;
    task_id: number;
    email_reminders: boolean;
  }>`
    with due as (
      select t.id as task_id, t.board_id, t.due_at, a.user_id,
             case when t.due_at <= ${at} then 'overdue' else 'due-soon' end as kind
      from tasks t
      join task_assignees a on a.task_id = t.id
      join board_members m on m.board_id = t.board_id and m.user_id = a.user_id
                          and m.accepted and not m.is_deleted
      join boards b on b.id = t.board_id and b.deleted_at is null
      where t.due_at > ${since} and t.due_at <= ${soonUntil} and not t.due_done and ${onBoard}
        and coalesce(
          (select (r.fields ->> 'dueAt')::timestamptz is not distinct from t.due_at
             from revisions r
            where r.entity = 'task' and r.entity_id = t.id and r.changed_at <= ${settledBy}
            order by r.version desc limit 1),
          -- No revision that old: settled only for a task with no revisions at all.
          not exists (select 1 from revisions r where r.entity = 'task' and r.entity_id = t.id)
        )
    ),
    created as (
      insert into notifications (user_id, kind, board_id, task_id, due_at)
      select d.user_id, d.kind, d.board_id, d.task_id, d.due_at from due d
      where not exists (
        select 1 from notifications n
        where n.user_id = d.user_id and n.task_id = d.task_id and n.kind = d.kind and n.due_at = d.due_at
      )
      on conflict (user_id, task_id, kind, due_at) do nothing
      returning id, user_id, kind, task_id
    )
    select c.id, c.user_id, c.kind, c.task_id, u.email_reminders
    from created c join users u on u.id = c.user_id
    order by c.id
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    taskId: row.task_id,
    emailReminders: row.email_reminders,
  }));
}

export interface ReminderMailData {
  email: string;
  name: string;
  kind: NotificationKind;
  boardId: number;
  boardName: string;
  taskId: number;
  /** The task's number on its board, which its link carries. */
  taskNumber: number;
  title: string;
  dueAt: Date;
}

/**
 * What the reminder's e-mail says, or null when it should no longer go: the user turned e-mail
 * reminders off, left the board or the board was deleted, the task was ticked done or its date moved
 * since, or it went to the archive (the task's deletion takes the notification with it).
 */
export async function findReminderMail(db: Db, notificationId: number): Promise<ReminderMailData | null> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('tasks as t', 't.id', 'n.task_id')
    .innerJoin('boards as b', 'b.id', 'n.board_id')
    .innerJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'n.board_id').onRef('m.user_id', '=', 'n.user_id'),
    )
    .select([
      'u.email',
      'u.name',
      'n.kind',
      'n.board_id',
      'b.name as board_name',
      't.id as task_id',
      't.number',
      't.title',
      't.due_at',
    ])
    .where('n.id', '=', notificationId)
    .where('u.email_reminders', '=', true)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where('b.deleted_at', 'is', null)
    .where('t.due_done', '=', false)
    .where(onBoard)
    .whereRef('t.due_at', '=', 'n.due_at')
    .executeTakeFirst();
  if (!row?.due_at) return null;
  return {
    email: row.email,
    name: row.name,
    kind: row.kind as NotificationKind,
    boardId: row.board_id,
    boardName: row.board_name,
    taskId: row.task_id,
    taskNumber: row.number,
    title: row.title,
    dueAt: row.due_at,
  };
}
