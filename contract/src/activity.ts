import { type Static, Type } from 'typebox';
import { ACTIVITY_KINDS } from './activity-kinds.js';
import { errors, Id } from './common.js';

export const ACTIVITY_PAGE = 50;

const KINDS = `What happened (api/src/activity/kinds.ts types each kind's data); \`data\` by kind:
- task.created {}; task.edited { changes: [{ field, from, to }] } (fields: title, description, estimation, priority, columnId, assignees, labels, dueAt, startAt, dueDone); task.moved { from: { id, name }, to: { id, name } } (only between columns; a move inside one column is not recorded); task.deleted {}; task.restored {} (from the trash)
- comment.added { commentId, text, mentions? (user ids) }; comment.deleted { commentId, text }; comment.restored { commentId, text }
- file.added { name }; file.deleted { name }
- label.created { title }; label.edited { title, changes: [{ field, from, to }] } (title, color, isMainColor); label.deleted { title }; label.restored { title }
- column.created {}; column.renamed { from, to }; column.deleted { name }; column.restored { name, tasksCount }; columns.reordered {}
- trash.emptied { count } (the creator emptied the board's trash; count: entries erased)
- checklist.added { checklistTitle }; checklist.edited { checklistTitle, from, to }; checklist.deleted { checklistTitle }
- checklist.item-added / item-done / item-undone / item-deleted / item-converted { checklistTitle, itemText } (item-converted also { newTaskId }); checklist.item-edited { checklistTitle, itemText, from, to }
- member.invited { email, name, userId? } (userId when the address has an account); member.joined {}; member.removed { userId, name, email }; member.left {}; invitation.rejected {}; invitation.cancelled { userId, name, email } (userId negative for an address without an account)
- user is who acted: for member.joined, member.left and invitation.rejected the member themselves
- board.edited { changes: [{ field, from, to }] } (name, color, showIdsMode, showTotalColumnEstimation)
- board.restored {} (the creator brought the deleted board back)
\`task\` and \`column\` carry the title and name at the time of the change.`;

export const Activity = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], {
    description: 'null when the account is gone',
  }),
  kind: Type.Enum(ACTIVITY_KINDS, { description: KINDS }),
  task: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  column: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type Activity = Static<typeof Activity>;

export const ListActivity = {
  operationId: 'listActivity',
  summary: "A board's activity feed, newest first",
  tags: ['activity'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id }),
  querystring: Type.Object({
    taskId: Type.Optional(Id),
    before: Type.Optional({ ...Id, description: 'the oldest activity id already shown' }),
  }),
  response: { 200: Type.Array(Activity), ...errors(400, 401, 403, 404) },
};
