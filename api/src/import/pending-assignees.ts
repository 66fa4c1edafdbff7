/**
 * An imported board's assignments of mapped members wait in `pending_assignees` (by the invited
 * e-mail) until the member joins. This recorder, run first in every board change (app.ts), makes them
 * the member's in the change where they accept the invitation ('member.joined'), so the patch carries
 * the tasks; a declined or withdrawn invitation drops them.
 */
import type { Recorder } from '../board-change/change-board.js';
import { recordTaskEdits } from '../tasks/index.js';

export const recordPendingAssignees: Recorder = async ({ trx, boardId, userId, changes }) => {
  for (const entry of changes.activity) {
    const joined = entry.kind === 'member.joined';
    let email: string | undefined;
    if (joined || entry.kind === 'invitation.rejected') {
      email = (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())
        ?.email;
    } else if (entry.kind === 'invitation.cancelled') email = entry.data.email;
    if (!email) continue;
    const claimed = await trx
      .deleteFrom('pending_assignees')
      .where('board_id', '=', boardId)
      .where('email', '=', email)
      .returning('task_id')
      .execute();
    if (!joined || claimed.length === 0) continue;
    const taskIds = claimed.map((row) => row.task_id);
    await trx
      .insertInto('task_assignees')
      .values(taskIds.map((taskId) => ({ task_id: taskId, user_id: userId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Each task gets a new version and revision, as an edit would.
    await recordTaskEdits(trx, boardId, taskIds, userId);
    for (const taskId of taskIds) changes.task(taskId);
  }
  return undefined;
};
