import { type Static, Type } from 'typebox';
import { Body, errors, Id } from './common.js';

export const NOTIFICATION_KINDS = [
  'due-soon',
  'overdue',
  'mention',
  'comment',
  'moved',
  'due-changed',
  'assigned',
  'webhook-disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The due-date reminders' kinds: no actor, their own letter and e-mail switch. */
export const REMINDER_KINDS = ['due-soon', 'overdue'] as const satisfies readonly NotificationKind[];

/** A page of the list holds this many notifications. */
export const PAGE_SIZE = 30;

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(NOTIFICATION_KINDS, {
    description:
      "'due-soon': the due date is less than 24 h away; 'overdue': it has passed; 'mention': `actor` named the user in a comment; on a watched task: 'comment' (a new comment), 'moved' (to another column), 'due-changed' (its due date set, changed or removed); 'assigned': `actor` made the user an assignee of the task; 'webhook-disabled' (to the board's administrators, no task): a webhook of the board failed for 3 days and was switched off",
  }),
  task: Type.Union(
    [
      Type.Object({
        id: Type.String(),
        boardId: Type.Integer(),
        number: Type.Integer({ description: "the task's number on its board, which its link carries" }),
        title: Type.String(),
      }),
      Type.Null(),
    ],
    { description: "null for a notification about the board itself ('webhook-disabled')" },
  ),
  board: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** When the notification was made. */
  at: Type.String({ format: 'date-time' }),
  /** The due date the reminder was about (UTC). */
  dueAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  read: Type.Boolean(),
  /** Who did it; null for reminders (and when the account is gone). */
  actor: Type.Optional(Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()])),
  /**
   * By kind: mention and comment { commentId, text } (text cut to 200 characters); moved { from, to }
   * (column names); due-changed { from, to } (ISO instants or null); webhook-disabled { webhookId, url }.
   */
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type Notification = Static<typeof Notification>;

export const UnreadCount = Type.Object({
  unread: Type.Integer({ description: 'unread notifications of boards the user is still a member of' }),
});

const common = { tags: ['notifications'], security: [{ bearer: [] }] };

export const ListNotifications = {
  operationId: 'listNotifications',
  summary: "The user's notifications, newest first",
  ...common,
  description: `Newest first, ${PAGE_SIZE} a page; \`before\` (an id) gives the page after that notification.`,
  querystring: Type.Object({ before: Type.Optional(Id) }),
  response: { 200: Type.Array(Notification), ...errors(400, 401) },
};

export const GetUnread = {
  operationId: 'countUnreadNotifications',
  summary: 'How many notifications are unread',
  ...common,
  response: { 200: UnreadCount, ...errors(401) },
};

export const MarkRead = {
  operationId: 'markNotificationsRead',
  summary: 'Mark notifications as read',
  ...common,
  description: "Marks the caller's notifications among `ids` read (other ids are ignored).",
  body: Body({
    ids: Type.Array(Id, { maxItems: 500, 'x-error': 'Некорректный идентификатор' }),
  }),
  response: { 200: UnreadCount, ...errors(400, 401) },
};

export const MarkAllRead = {
  operationId: 'markAllNotificationsRead',
  summary: 'Mark every notification as read',
  ...common,
  response: { 200: UnreadCount, ...errors(401) },
};
