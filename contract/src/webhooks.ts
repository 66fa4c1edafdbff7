/**
 * A board's webhooks: its administrators name a URL, the events to send there and a secret. Each event
 * is POSTed as JSON once the change is committed, signed with the secret, and retried with back-off
 * until the receiver answers 2xx (docs/decisions.md "Webhooks"). The payload of each event is below;
 * the API reference lists them in its `webhooks` section.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Column } from './columns.js';
import { Comment } from './comments.js';
import { errors, Id, Success } from './common.js';
import { Member } from './members.js';
import { Task } from './tasks.js';
import { type DeliveredEvent, PING_EVENT, WEBHOOK_EVENTS } from './webhook-events.js';

export {
  type DeliveredEvent,
  PING_EVENT,
  SWITCH_OFF_AFTER_MS,
  WEBHOOK_EVENT_TITLES,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhook-events.js';

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  event: 'X-Kanban-Event',
  delivery: 'X-Kanban-Delivery',
  signature: 'X-Kanban-Signature',
} as const;
export const WEBHOOK_USER_AGENT = 'Kanban-Webhooks/1';

export const WEBHOOK_LIMITS = {
  /** Webhooks on one board. */
  perBoard: 20,
  urlLength: 2000,
  secretMin: 16,
  secretMax: 256,
  /** Deliveries kept (and listed) per webhook. */
  deliveries: 50,
} as const;

export const MESSAGES = {
  url: 'Введите адрес, начинающийся с http:// или https://',
  privateUrl: 'Адрес во внутренней сети: такие адреса запрещены',
  unknownHost: 'Не удалось найти этот адрес',
  noEvents: 'Выберите хотя бы одно событие',
  unknownEvent: 'Неизвестное событие',
  secret: `Секрет — от ${WEBHOOK_LIMITS.secretMin} до ${WEBHOOK_LIMITS.secretMax} символов`,
  enabled: 'Некорректное значение',
  tooMany: `На доске может быть не больше ${WEBHOOK_LIMITS.perBoard} вебхуков`,
} as const;

/** What the administrators are told (the notification, its letter). */
export const switchedOffText = (url: string, board: string) =>
  `Вебхук ${url} на доске «${board}» отключён: 3 дня без ответа`;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookDelivery = Type.Object({
  id: Type.String({ format: 'uuid', description: 'the X-Kanban-Delivery header, the same on every retry' }),
  event: Type.Enum([...WEBHOOK_EVENTS, PING_EVENT]),
  status: Type.Enum(DELIVERY_STATUSES, {
    description:
      "'pending': not tried yet; 'retrying': the last try failed, another is due at `nextAttemptAt`; 'delivered': a try was answered 2xx; 'failed': every try failed (or the webhook was switched off)",
  }),
  attempts: Type.Integer({ description: 'tries so far' }),
  responseCode: Type.Union([Type.Integer(), Type.Null()], { description: "the last try's HTTP status" }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'why the last try failed, in Russian' }),
  /** When the event happened. */
  at: Type.String({ format: 'date-time' }),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** A webhook as its board's administrators see it: never its secret. */
export const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.Enum(WEBHOOK_EVENTS)),
  enabled: Type.Boolean({
    description:
      'false when turned off, or switched off after failing for 3 days (turning it on resets that)',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  failingSince: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'the first failed try since the last delivered one',
  }),
  lastDelivery: Type.Union([WebhookDelivery, Type.Null()]),
});
export type Webhook = Static<typeof Webhook>;

const Url = Type.String({
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  maxLength: WEBHOOK_LIMITS.urlLength,
  'x-error': MESSAGES.url,
});
const Events = Type.Array(Type.Enum(WEBHOOK_EVENTS), {
  maxItems: WEBHOOK_EVENTS.length * 2,
  'x-error': MESSAGES.unknownEvent,
});
const Secret = Type.String({
  minLength: WEBHOOK_LIMITS.secretMin,
  maxLength: WEBHOOK_LIMITS.secretMax,
  'x-error': MESSAGES.secret,
  description: 'the key of the HMAC-SHA256 in X-Kanban-Signature; never shown again',
});

const admin = { tags: ['webhooks'], security: [{ bearer: [] }], 'x-board-action': 'manage' } as const;
const BoardParams = Type.Object({ boardId: Id });
const WebhookParams = Type.Object({ boardId: Id, id: Id });

export const ListWebhooks = {
  operationId: 'listWebhooks',
  summary: "The board's webhooks, each with its last delivery (administrators only)",
  ...admin,
  params: BoardParams,
  response: { 200: Type.Array(Webhook), ...errors(400, 401, 403, 404) },
};

export const CreateWebhook = {
  operationId: 'createWebhook',
  summary: 'Add a webhook to the board (administrators only)',
  description:
    'An address in a private, loopback, link-local or other internal range is refused (unless the server allows them).',
  ...admin,
  params: BoardParams,
  body: Type.Object({ url: Url, events: Events, secret: Secret }, { additionalProperties: false }),
  response: { 200: Webhook, ...errors(400, 401, 403, 404) },
};

export const EditWebhook = {
  operationId: 'editWebhook',
  summary: "Change a webhook's address, events, secret, or turn it on or off",
  description: 'Only the fields given change. Turning a webhook on forgets its failing streak.',
  ...admin,
  params: WebhookParams,
  body: Type.Object(
    {
      url: Type.Optional(Url),
      events: Type.Optional(Events),
      secret: Type.Optional(Secret),
      enabled: Type.Optional(Type.Boolean({ 'x-error': MESSAGES.enabled })),
    },
    { additionalProperties: false },
  ),
  response: { 200: Webhook, ...errors(400, 401, 403, 404) },
};

export const DeleteWebhook = {
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook and its deliveries',
  ...admin,
  params: WebhookParams,
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const TestWebhook = {
  operationId: 'testWebhook',
  summary: "Send a 'ping' event to the webhook, through the same queue as the others",
  ...admin,
  params: WebhookParams,
  response: { 200: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...errors(400, 401, 403, 404) },
};

export const ListDeliveries = {
  operationId: 'listWebhookDeliveries',
  summary: `A webhook's last ${WEBHOOK_LIMITS.deliveries} deliveries, newest first`,
  ...admin,
  params: WebhookParams,
  response: { 200: Type.Array(WebhookDelivery), ...errors(400, 401, 403, 404) },
};

// The payloads. Every event carries who did what on which board, when; then what it is about.

const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });
const ColumnRef = Type.Object({ id: Type.String(), name: Type.String() });

const envelope = <E extends DeliveredEvent>(event: E) => ({
  id: Type.String({ format: 'uuid', description: 'the delivery id (X-Kanban-Delivery)' }),
  event: Type.Literal(event),
  at: Type.String({ format: 'date-time', description: 'when the change was made' }),
  board: Ref,
  actor: Type.Object({ id: Type.Integer(), name: Type.String() }, { description: 'who made the change' }),
});

const TaskField = { ...Task, description: 'the task as the board shows it, after the change' };

/** Each event's JSON body. */
export const WEBHOOK_PAYLOADS = {
  'task.created': Type.Object({
    ...envelope('task.created'),
    task: TaskField,
    column: Type.Optional(Column),
  }),
  'task.updated': Type.Object({
    ...envelope('task.updated'),
    task: TaskField,
    changes: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() }), {
      description:
        'the edited fields (title, description, estimation, priority, columnId, assignees, labels, dueAt, startAt, dueDone) with their values before and after',
    }),
  }),
  'task.moved': Type.Object({
    ...envelope('task.moved'),
    task: TaskField,
    column: Type.Optional({ ...Column, description: 'the column the task is in now' }),
    changes: Type.Object({ from: ColumnRef, to: ColumnRef }),
  }),
  'task.archived': Type.Object({
    ...envelope('task.archived'),
    task: { ...Task, description: 'the task as it was when it went to the archive' },
  }),
  'task.deleted': Type.Object({
    ...envelope('task.deleted'),
    task: Type.Object(
      { id: Type.String(), title: Type.String() },
      { description: 'the deleted task (it is in the trash)' },
    ),
  }),
  'comment.created': Type.Object({ ...envelope('comment.created'), task: TaskField, comment: Comment }),
  'checklist.item.checked': Type.Object({
    ...envelope('checklist.item.checked'),
    task: TaskField,
    item: Type.Object({ checklistTitle: Type.String(), text: Type.String() }),
  }),
  'member.joined': Type.Object({
    ...envelope('member.joined'),
    member: { ...Member, description: 'who joined (the actor too)' },
  }),
  ping: Type.Object({ ...envelope(PING_EVENT) }),
} satisfies Record<DeliveredEvent, TSchema>;

export type WebhookPayloads = { [E in DeliveredEvent]: Static<(typeof WEBHOOK_PAYLOADS)[E]> };
/** Any delivery's body. */
export type WebhookPayload = WebhookPayloads[DeliveredEvent];
