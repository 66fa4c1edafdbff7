/**
 * A task's checklists as its detail shows them. The checklists domain writes them and answers with
 * the task's detail, so it imports tasks; the detail reads them here rather than through it.
 */
import type { Checklist } from 'contract/checklist-shapes';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** A task's checklists with their items, both in position order. */
export async function checklistsOfTask(db: Db, taskId: number): Promise<Checklist[]> {
  const lists = await db
    .selectFrom('checklists')
    .select(['id', 'title', 'position'])
    .where('task_id', '=', taskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (lists.length === 0) return [];
  const items = await db
    .selectFrom('checklist_items')
    .select(['id', 'checklist_id', 'text', 'done', 'assignee_id', 'position'])
    .where('task_id', '=', taskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return lists.map((list) => ({
    ...list,
    items: items
      .filter((item) => item.checklist_id === list.id)
      .map((item) => ({
        id: item.id,
        text: item.text,
        done: item.done,
        assigneeId: item.assignee_id,
        position: item.position,
      })),
  }));
}
