/**
 * What a webhook is sent about a change: the events its activity rows make (one per row of a kind
 * that has an event) with their bodies in the contract's shapes (contract/src/webhooks.ts). Read in
 * the change's transaction after the patch, so a task is as the patch carries it (the board's own
 * answer at the new version); what the patch lacks (an archived task, a comment) is read here.
 */
import type { Activity } from 'contract/activity';
import type { ActivityData, ActivityKind } from 'contract/activity-kinds';
import type { BoardPatch } from 'contract/realtime';
import type { Task } from 'contract/tasks';
import type { DeliveredEvent, WebhookEvent, WebhookPayloads } from 'contract/webhooks';
import type { Kysely } from 'kysely';
import { findComment } from '../comments/index.js';
import type { Database } from '../database.js';
import { loadMembers } from '../members/index.js';
import { findTask } from '../tasks/index.js';
import { boardName } from './repository.js';

type Db = Kysely<Database>;

/** The webhook event of each activity kind that has one. */
export const EVENT_OF: Partial<Record<ActivityKind, WebhookEvent>> = {
  'task.created': 'task.created',
  'task.edited': 'task.updated',
  'task.moved': 'task.moved',
  'task.archived': 'task.archived',
  'task.deleted': 'task.deleted',
  // A card moved to another board leaves this one and arrives there.
  'task.moved-out': 'task.deleted',
  'task.moved-in': 'task.created',
  'comment.added': 'comment.created',
  'checklist.item-done': 'checklist.item.checked',
  'member.joined': 'member.joined',
};

/** A body before its delivery id is known (each webhook's delivery has its own). */
export type Unsent<E extends DeliveredEvent = DeliveredEvent> = {
  [K in E]: Omit<WebhookPayloads[K], 'id'>;
}[E];

/** The body with its delivery id first, as it is sent and signed. */
export const sealed = (id: string, body: Unsent): string => JSON.stringify({ id, ...body });

const dataOf = <K extends ActivityKind>(activity: Activity, _kind: K) => activity.data as ActivityData[K];

/** The change's events among `wanted`, with their bodies, in the order the change recorded them. */
export async function changeEvents(
  db: Db,
  context: { boardId: number; userId: number; activity: readonly Activity[]; patch?: BoardPatch },
  wanted: ReadonlySet<WebhookEvent>,
): Promise<Unsent<WebhookEvent>[]> {
  const { boardId, userId, activity, patch } = context;
  const rows = activity.filter((row) => {
    const event = EVENT_OF[row.kind];
    return event !== undefined && wanted.has(event);
  });
  if (rows.length === 0) return [];
  const board = { id: boardId, name: patch?.board?.name ?? (await boardName(db, boardId)) };
  const taskOf = async (id: string | undefined): Promise<Task | null> => {
    if (id === undefined) return null;
    return patch?.tasks?.find((task) => task.id === id) ?? (await findTask(db, boardId, Number(id)));
  };
  const columnOf = (id: string | undefined) => patch?.columns?.find((column) => column.id === id);

  const events: Unsent<WebhookEvent>[] = [];
  for (const row of rows) {
    const base = { at: row.at, board, actor: row.user ?? { id: userId, name: '' } };
    const task =
      row.kind === 'task.deleted' || row.kind === 'task.moved-out' || row.kind === 'member.joined'
        ? null
        : await taskOf(row.task?.id);
    switch (row.kind) {
      case 'task.created':
      case 'task.moved-in': {
        if (!task) break;
        const column = columnOf(task.columnId);
        events.push({ event: 'task.created', ...base, task, ...(column && { column }) });
        break;
      }
      case 'task.edited':
        if (task)
          events.push({ event: 'task.updated', ...base, task, changes: dataOf(row, row.kind).changes });
        break;
      case 'task.moved': {
        if (!task) break;
        const { from, to } = dataOf(row, row.kind);
        const column = columnOf(to.id);
        events.push({ event: 'task.moved', ...base, task, ...(column && { column }), changes: { from, to } });
        break;
      }
      case 'task.archived':
        if (task) events.push({ event: 'task.archived', ...base, task });
        break;
      case 'task.deleted':
      case 'task.moved-out':
        if (row.task) events.push({ event: 'task.deleted', ...base, task: row.task });
        break;
      case 'comment.added': {
        const comment = await findComment(db, boardId, dataOf(row, row.kind).commentId);
        if (task && comment) events.push({ event: 'comment.created', ...base, task, comment });
        break;
      }
      case 'checklist.item-done': {
        const { checklistTitle, itemText } = dataOf(row, row.kind);
        if (task)
          events.push({
            event: 'checklist.item.checked',
            ...base,
            task,
            item: { checklistTitle, text: itemText },
          });
        break;
      }
      case 'member.joined': {
        const members = patch?.members ?? (await loadMembers(db, boardId));
        const member = members.find((item) => item.id === row.user?.id);
        if (member) events.push({ event: 'member.joined', ...base, member });
        break;
      }
    }
  }
  return events;
}
