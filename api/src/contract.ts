/**
 * The API's shapes as the front ends see them: types derived from the typebox schemas each domain
 * defines once (`<domain>/schemas.ts`). Front ends import these types (`import type … from
 * 'api/contract'`) and never restate them; the realtime events live beside, in 'api/realtime-contract'.
 * Types only: nothing here may pull typebox into a front end's bundle.
 */
import type { User } from './auth/schemas.js';

export type { EmailNotifications } from './auth/schemas.js';
export type { User };
/** 1 male, 0 female, null not chosen. */
export type Gender = User['gender'];
export type { ActivityData, ActivityKind, FieldChange } from './activity/kinds.js';
export type { Activity } from './activity/schemas.js';
export type {
  Board,
  BoardFilter,
  BoardListItem,
  BoardSettings,
  DeletedBoard,
  ShowIdsMode,
  Sort,
} from './boards/schemas.js';
export type { Checklist, ChecklistItem, ChecklistProgress } from './checklists/schemas.js';
export type { Column } from './columns/schemas.js';
export type { Comment } from './comments/schemas.js';
export type { ImageType } from './files/content.js';
export type { FileItem } from './files/schemas.js';
export type { Invitation } from './invites/schemas.js';
export type { Label } from './labels/schemas.js';
export type { Member } from './members/schemas.js';
export type { MyTask } from './my-tasks/schemas.js';
export type { Notification, NotificationKind } from './notifications/schemas.js';
export type { Conflict } from './revisions/schemas.js';
export type { Priority, PriorityValue, Task, TaskDetail } from './tasks/schemas.js';
export type { TrashItem, TrashKind } from './trash/schemas.js';
