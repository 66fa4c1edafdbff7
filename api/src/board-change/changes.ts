/**
 * What one board change touched, as its route states it: the tasks, columns and labels changed or
 * removed, whether the members, the column order or the board's settings changed, and the activity
 * rows to record. The recorders (registered with the kernel, see change-board.ts) read it inside
 * the change's transaction: the patch reads the touched items back, the activity rows are inserted.
 */
import type { ActivityEntry, ActivityKind, EntryOf } from 'contract/activity-kinds';

/** What one change touched; routes fill it in, the recorders read it. */
export class BoardChanges {
  readonly tasks = new Set<number>();
  readonly columns = new Set<number>();
  readonly labels = new Set<number>();
  readonly removedTasks = new Set<number>();
  readonly removedColumns = new Set<number>();
  readonly removedLabels = new Set<number>();
  settings = false;
  /** The board was handed to another owner. */
  owner = false;
  order = false;
  members = false;
  /** Users whose standing on the board changed (invited, joined, removed, left): told even without a row. */
  readonly people = new Set<number>();
  /** The activity rows to record, inserted by the activity recorder before the commit. */
  readonly activity: ActivityEntry[] = [];

  /** Records one activity row of this change (activity/kinds.ts lists the kinds and their data). */
  record<K extends ActivityKind>(
    kind: K,
    ...[entry]: Record<never, never> extends EntryOf<K> ? [EntryOf<K>?] : [EntryOf<K>]
  ): this {
    this.activity.push({ kind, ...entry } as ActivityEntry);
    return this;
  }

  /** A task's fields or counts changed (or it was created). */
  task(id: number): this {
    this.tasks.add(id);
    return this;
  }

  /** A column's name or task order changed (or it was created). */
  column(...ids: number[]): this {
    for (const id of ids) this.columns.add(id);
    return this;
  }

  label(id: number): this {
    this.labels.add(id);
    return this;
  }

  removeTask(id: number): this {
    this.removedTasks.add(id);
    this.tasks.delete(id);
    return this;
  }

  removeColumn(id: number): this {
    this.removedColumns.add(id);
    this.columns.delete(id);
    this.order = true;
    return this;
  }

  removeLabel(id: number): this {
    this.removedLabels.add(id);
    this.labels.delete(id);
    return this;
  }

  columnOrder(): this {
    this.order = true;
    return this;
  }

  boardSettings(): this {
    this.settings = true;
    return this;
  }

  /** The board's owner changed (its `createdBy`). */
  ownerChanged(): this {
    this.owner = true;
    return this;
  }

  /** The member list changed; `people` are the users whose own standing changed (positive ids). */
  memberList(...people: number[]): this {
    this.members = true;
    for (const id of people) if (id > 0) this.people.add(id);
    return this;
  }
}
