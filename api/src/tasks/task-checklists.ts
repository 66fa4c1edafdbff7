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
  return (await checklistsOfTasks(db, [taskId])).get(taskId) ?? [];
}

/** The checklists of many tasks at once (an export), by task id; lists and items in position order. */
export async function checklistsOfTasks(db: Db, taskIds: number[]): Promise<Map<number, Checklist[]>> {
  const byTask = new Map<number, Checklist[]>();
  if (taskIds.length === 0) return byTask;
  const lists = await db
    .selectFrom('checklists')
    .select(['id', 'task_id', 'title', 'position'])
    .where('task_id', 'in', taskIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (lists.length === 0) return byTask;
  const items = await db
    .selectFrom('checklist_items')
    .select(['id', 'checklist_id', 'text', 'done', 'assignee_id', 'position'])
    .where('task_id', 'in', taskIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byList = new Map<number, Checklist>();
  for (const { task_id, ...list } of lists) {
    const checklist: Checklist = { ...list, items: [] };
    byList.set(list.id, checklist);
    byTask.set(task_id, [...(byTask.get(task_id) ?? []), checklist]);
  }
  for (const item of items) {
    byList.get(item.checklist_id)?.items.push({
      id: item.id,
      text: item.text,
      done: item.done,
      assigneeId: item.assignee_id,
      position: item.position,
    });
  }
  return byTask;
}
