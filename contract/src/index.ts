/**
 * The API's shapes as the front ends see them: types derived from the typebox schemas each domain
 * defines once (`contract/src/<domain>.ts`). Front ends import these types (`import type … from
 * 'contract'`) and never restate them; the realtime events live beside, in 'contract/realtime'.
 * Types only: nothing here may pull typebox into a front end's bundle.
 */
import type { User } from './auth.js';

export type { EmailNotifications } from './auth.js';
export type { User };
/** 1 male, 0 female, null not chosen. */
export type Gender = User['gender'];
export type { Activity } from './activity.js';
export type { ActivityData, ActivityKind, FieldChange } from './activity-kinds.js';
export type { Archive, ArchivedColumn, ArchivedTask } from './archive.js';
export type {
  Board,
  BoardFilter,
  BoardListItem,
  BoardSettings,
  DeletedBoard,
  ShowIdsMode,
  Sort,
} from './boards.js';
export type { CalendarTasks } from './calendar-view.js';
export type { Checklist, ChecklistItem, ChecklistProgress } from './checklists.js';
export type { Column } from './columns.js';
export type { Comment } from './comments.js';
export type { DroppedAssignee } from './copy.js';
export type { BoardExport, ExportFormat } from './export.js';
export type { FileItem, ImageType } from './files.js';
export type { ImportJob, ImportPreview, ImportReport } from './imports.js';
export type { Invitation } from './invites.js';
export type { Label } from './labels.js';
export type { Member } from './members.js';
export type { MyTask } from './my-tasks.js';
export type { Notification, NotificationKind } from './notifications.js';
export type { AuthProvider, OidcError, OidcSignIn } from './oidc.js';
export type { PublicLink } from './public.js';
export type { Conflict } from './revisions.js';
export type { BoardAction, BoardRole, Role } from './roles.js';
export type { SearchHit, SearchKind, SearchResults } from './search.js';
export type { Priority, PriorityValue, Task, TaskDetail } from './tasks.js';
export type { BuiltInTemplate, Template } from './templates.js';
export type { ApiToken, TokenScope } from './tokens.js';
export type { TrashItem, TrashKind } from './trash.js';
export type { TwoFactorChallenge, TwoFactorSetup, TwoFactorStatus } from './two-factor.js';
export type {
  DeliveredEvent,
  DeliveryStatus,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookPayload,
  WebhookPayloads,
} from './webhooks.js';

import type { Static } from 'typebox';
import type { ChangePassword, Edit, Login, Register } from './auth.js';
import type { CreateBoard, EditBoard } from './boards.js';
import type { GetCalendarTasks } from './calendar-view.js';
import type { EditColumn } from './columns.js';
import type { CopyBoard, CopyColumn, CopyTask, MoveTaskToBoard } from './copy.js';
import type { AddFile } from './files.js';
import type { CreateTask, EditTask, MoveTask } from './tasks.js';
import type { SaveTemplate } from './templates.js';

/** Request bodies as the API reads them (an id may go as a number or a string). */
export type LoginBody = Static<typeof Login.body>;
export type RegisterBody = Static<typeof Register.body>;
export type EditProfileBody = Static<typeof Edit.body>;
export type ChangePasswordBody = Static<typeof ChangePassword.body>;
export type CreateBoardBody = Static<typeof CreateBoard.body>;
export type EditBoardBody = Static<typeof EditBoard.body>;
export type AddFileBody = Static<typeof AddFile.body>;
export type CreateTaskBody = Static<typeof CreateTask.body>;
export type EditTaskBody = Static<typeof EditTask.body>;
export type MoveTaskBody = Static<typeof MoveTask.body>;
export type EditColumnBody = Static<typeof EditColumn.body>;
/** The calendar range call's query (GET /api/board/{id}/calendar). */
export type CalendarQuery = Static<typeof GetCalendarTasks.querystring>;
export type SaveTemplateBody = Static<typeof SaveTemplate.body>;
export type CopyBoardBody = Static<typeof CopyBoard.body>;
export type CopyColumnBody = Static<typeof CopyColumn.body>;
export type CopyTaskBody = Static<typeof CopyTask.body>;
export type MoveTaskToBoardBody = Static<typeof MoveTaskToBoard.body>;

/** What a copy or a move answers: the new board's or column's id; a card's id there and the assignees left off it. */
export type CopyBoardResult = Static<(typeof CopyBoard.response)[200]>;
export type CopyColumnResult = Static<(typeof CopyColumn.response)[200]>;
export type CopyTaskResult = Static<(typeof CopyTask.response)[200]>;
