/** Table types for Kysely, as the migrations leave the schema. Only repositories use them. */

import type { ShowIdsMode } from 'contract/boards';
import type { Role } from 'contract/roles';
import type { PriorityValue } from 'contract/tasks';
import type { ColumnType, Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  gender: number | null;
  avatar: string | null;
  /** Null for an account made through the OIDC provider, until a password reset gives it one. */
  password_hash: string | null;
  token_version: Generated<number>;
  /** Bumped with every change to the user's board list or invitations (see boards/versioned-cache.ts). */
  lists_version: Generated<number>;
  created_at: Generated<Date>;
  /** Due-date reminders by e-mail (in-app ones always). */
  email_reminders: Generated<boolean>;
  /** The secret of the user's calendar feed URL; null until asked for. */
  calendar_token: string | null;
  /** E-mail for mentions and watched tasks: at once, a daily digest, or none (in-app always). */
  email_notifications: Generated<'instant' | 'daily' | 'off'>;
  /** The TOTP secret (base32) while two-factor sign-in is on; null when off. */
  totp_secret: string | null;
  /** The secret setup offered, until a code confirms it. */
  totp_pending_secret: string | null;
  /** The last time step whose code was accepted: a code works once. */
  totp_last_step: BigIntColumn | null;
}

/** One-time recovery codes of two-factor sign-in, kept as SHA-256. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** An account's identity at the OIDC provider (auth/oidc.ts). */
export interface OidcIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  validated_at: Date | null;
  completed_at: Date | null;
  created_at: Generated<Date>;
}

/** int8 columns come back from node-postgres as text; repositories convert them with Number(). */
type BigIntColumn = ColumnType<string, number | string | undefined, number | string>;

export interface BoardsTable {
  id: Generated<number>;
  name: string;
  color: Generated<string>;
  show_ids_mode: Generated<ShowIdsMode>;
  show_total_column_estimation: Generated<boolean>;
  created_by: number;
  version: BigIntColumn;
  task_seq: Generated<number>;
  created_at: Generated<Date>;
  /** Set while the board is in its creator's 'Недавно удалённые' (30 days, then purged). */
  deleted_at: Date | null;
  deleted_by: number | null;
  /** The secret of the board's read-only public link; null while it is off. */
  public_token: Generated<string | null>;
}

export interface BoardMembersTable {
  id: Generated<number>;
  board_id: number;
  user_id: number;
  accepted: Generated<boolean>;
  is_deleted: Generated<boolean>;
  invited_at: Generated<Date>;
  accepted_at: Date | null;
  role: Generated<Role>;
}

export interface InvitationsTable {
  id: Generated<number>;
  board_id: number;
  email: string;
  invited_by: number;
  invited_at: Generated<Date>;
  role: Generated<Role>;
}

export interface ColumnsTable {
  id: Generated<number>;
  board_id: number;
  name: string;
  position: number;
  version: Generated<number>;
  /** The column's limit of cards (1..1000), or null; strict: moves and new cards into a full column are refused. */
  wip_limit: Generated<number | null>;
  wip_strict: Generated<boolean>;
  /** Set while the column (with its tasks) is in the board's archive. */
  archived_at: Generated<Date | null>;
  archived_by: Generated<number | null>;
}

export interface TasksTable {
  id: Generated<number>;
  board_id: number;
  column_id: number;
  position: number;
  number: number;
  title: string;
  description: Generated<string>;
  estimation: Generated<string>;
  priority: PriorityValue | null;
  created_by: number;
  created_at: Generated<Date>;
  version: Generated<number>;
  due_at: Date | null;
  /** The task's start, with due_at forming its range (not after due_at: the API checks it). */
  start_at: Generated<Date | null>;
  due_done: Generated<boolean>;
  /** One of the task's image files, shown on its card. */
  cover_file_id: Generated<number | null>;
  /** Set while the task is in the board's archive (off the board, kept until put back). */
  archived_at: Generated<Date | null>;
  archived_by: Generated<number | null>;
  /** The search document (title A, description B), set by a trigger on every write (…_search.ts). */
  search: Generated<string | null>;
}

export interface ChecklistsTable {
  id: Generated<number>;
  board_id: number;
  task_id: number;
  title: string;
  position: number;
  created_at: Generated<Date>;
}

export interface ChecklistItemsTable {
  id: Generated<number>;
  board_id: number;
  task_id: number;
  checklist_id: number;
  text: string;
  done: Generated<boolean>;
  assignee_id: number | null;
  position: number;
  /** The search document, set by a trigger from the text on every write (migrations/…_search.ts). */
  search: Generated<string | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  board_id: number;
  /** Null for a notification about the board itself (a webhook switched off). */
  task_id: number | null;
  due_at: Date | null;
  read_at: Date | null;
  created_at: Generated<Date>;
  /** Who did what the notification tells (null for reminders, or when the account is gone). */
  actor_id: number | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** When it went out by e-mail (at once or in a digest); null while not sent. */
  emailed_at: Date | null;
}

/** Who watches a task; `watching = false` keeps someone who stopped from being added back. */
export interface TaskWatchersTable {
  task_id: number;
  user_id: number;
  watching: boolean;
}

/** A deleted task, column, label or comment, kept whole for 30 days (board-change/trash-entries.ts). */
export interface TrashTable {
  id: Generated<number>;
  board_id: number;
  kind: 'task' | 'column' | 'label' | 'comment';
  item_id: number;
  /** The task's title, column's name, label's title or comment's text, for the list. */
  title: string;
  /** A comment's task; a task's column. */
  task_id: number | null;
  column_id: number | null;
  deleted_by: number | null;
  deleted_at: Generated<Date>;
  snapshot: ColumnType<Record<string, unknown>, string, string>;
  /** Storage keys of the item's files: removed from storage only when the entry is purged or emptied. */
  file_keys: ColumnType<string[], string[] | undefined, string[]>;
}

export interface TaskAssigneesTable {
  task_id: number;
  user_id: number;
}

export interface TaskLabelsTable {
  task_id: number;
  label_id: number;
}

export interface LabelsTable {
  id: Generated<number>;
  board_id: number;
  title: string;
  color: Generated<string>;
  is_main_color: Generated<boolean>;
  version: Generated<number>;
}

/** One version of an item's editable fields (board-change/revisions.ts). */
export interface RevisionsTable {
  board_id: number;
  entity: 'task' | 'column' | 'label' | 'board';
  entity_id: number;
  version: BigIntColumn;
  fields: ColumnType<Record<string, unknown>, string, string>;
  changed_by: number | null;
  changed_at: Generated<Date>;
}

export interface CommentsTable {
  id: Generated<number>;
  board_id: number;
  task_id: number;
  user_id: number;
  text: string;
  created_at: Generated<Date>;
  /** The author as an imported board's source named them, when they have no account here. */
  author_name: Generated<string | null>;
  /** The search document, set by a trigger from the text on every write (migrations/…_search.ts). */
  search: Generated<string | null>;
}

export interface FilesTable {
  id: Generated<number>;
  board_id: number;
  task_id: number;
  name: string;
  storage_key: string;
  type: string;
  size: BigIntColumn;
  created_by: number;
  created_at: Generated<Date>;
}

/** One recorded change of a board (board-change/activity.ts). */
export interface ActivityTable {
  id: Generated<number>;
  board_id: number;
  user_id: number | null;
  at: Generated<Date>;
  kind: string;
  task_id: number | null;
  task_title: string | null;
  column_id: number | null;
  column_name: string | null;
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface ImportsTable {
  id: string;
  user_id: number;
  format: string;
  /** What the importer asked: the board's name, the member mapping, the zone, the file's name. */
  options: ColumnType<Record<string, unknown>, string, string>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  stage: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  board_id: number | null;
  report: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

/** An imported task's assignee waiting to accept their invitation (by the invited e-mail). */
export interface PendingAssigneesTable {
  board_id: number;
  task_id: number;
  email: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: 'read' | 'write';
  /** SHA-256 (hex) of the token's secret. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** A board's webhook (webhooks/): the secret as given, since it keys each delivery's HMAC. */
export interface WebhooksTable {
  id: Generated<number>;
  board_id: number;
  url: string;
  events: ColumnType<string[], string, string>;
  secret: string;
  enabled: Generated<boolean>;
  /** The first failed try since the last delivered one; null while it works. */
  failing_since: Date | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** One event sent (or to be sent) to one webhook, with the body frozen at the change. */
export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<number>;
  webhook_id: number;
  event: string;
  payload: string;
  status: Generated<'pending' | 'delivered' | 'failed' | 'retrying'>;
  attempts: Generated<number>;
  response_code: number | null;
  error: string | null;
  created_at: Generated<Date>;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
}

/** A user's saved board template (templates/): a board export without people, comments or files. */
export interface BoardTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Its column names in order. */
  columns: ColumnType<string[], string, string>;
  labels: number;
  tasks: number;
  snapshot: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  boards: BoardsTable;
  board_members: BoardMembersTable;
  invitations: InvitationsTable;
  columns: ColumnsTable;
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  task_labels: TaskLabelsTable;
  labels: LabelsTable;
  comments: CommentsTable;
  files: FilesTable;
  revisions: RevisionsTable;
  checklists: ChecklistsTable;
  checklist_items: ChecklistItemsTable;
  notifications: NotificationsTable;
  activity: ActivityTable;
  task_watchers: TaskWatchersTable;
  trash: TrashTable;
  imports: ImportsTable;
  pending_assignees: PendingAssigneesTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  oidc_identities: OidcIdentitiesTable;
  recovery_codes: RecoveryCodesTable;
  board_templates: BoardTemplatesTable;
}
