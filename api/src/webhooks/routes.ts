/**
 * /api/board/{boardId}/webhooks: a board's administrators list, add, change, delete and test its
 * webhooks and read each one's last deliveries. The secret is kept as given (it keys the signature)
 * and never answered. An address is checked when saved: http or https, and (unless
 * WEBHOOK_ALLOW_PRIVATE) every address its host resolves to public; delivery checks again (delivery.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateWebhook,
  DeleteWebhook,
  EditWebhook,
  ListDeliveries,
  ListWebhooks,
  MESSAGES,
  PING_EVENT,
  TestWebhook,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookEvent,
} from 'contract/webhooks';
import { requireBoardAccess } from '../board-change/access.js';
import { HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { checkHost } from './address.js';
import { queueDeliveries } from './delivery.js';
import { sealed } from './payloads.js';
import {
  boardName,
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  userName,
} from './repository.js';

/** The events in their listed order, each once. */
const eventList = (events: readonly WebhookEvent[]) =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const allowPrivate = app.config.webhookAllowPrivate ?? false;

  /**
   * The URL as it will be called, or the field errors of the URL and events given: a malformed or
   * non-http(s) address, one with a user name or password, an internal one, no event.
   */
  async function checked(body: { url?: string; events?: WebhookEvent[] }): Promise<{ url?: string }> {
    const errors: Record<string, string> = {};
    let url: string | undefined;
    if (body.url !== undefined) {
      const parsed = URL.canParse(body.url) ? new URL(body.url) : null;
      if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname)
        errors.url = MESSAGES.url;
      else if (parsed.username || parsed.password) errors.url = MESSAGES.url;
      else if (parsed.href.length > WEBHOOK_LIMITS.urlLength) errors.url = MESSAGES.url;
      else if (!allowPrivate) {
        const host = await checkHost(parsed);
        if (host === 'private') errors.url = MESSAGES.privateUrl;
        else if (host === 'unknown') errors.url = MESSAGES.unknownHost;
      }
      url = parsed?.href;
    }
    if (body.events?.length === 0) errors.events = MESSAGES.noEvents;
    if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
    return { url };
  }

  async function found(boardId: number, id: number): Promise<Webhook> {
    const webhook = await findWebhook(app.db, boardId, id);
    if (!webhook) throw notFound();
    return webhook;
  }

  app.get('/:boardId/webhooks', { schema: ListWebhooks }, async (request) => {
    const { boardId } = request.params;
    await requireBoardAccess(app, boardId, request.user.id, 'manage');
    return listWebhooks(app.db, boardId);
  });

  app.post(
    '/:boardId/webhooks',
    { schema: CreateWebhook, preValidation: normalize({ url: 'trim' }) },
    async (request) => {
      const { boardId } = request.params;
      await requireBoardAccess(app, boardId, request.user.id, 'manage');
      const { url } = await checked(request.body);
      if ((await countWebhooks(app.db, boardId)) >= WEBHOOK_LIMITS.perBoard)
        throw new HttpError(400, { message: MESSAGES.tooMany });
      const id = await insertWebhook(app.db, {
        boardId,
        url: url ?? request.body.url,
        events: eventList(request.body.events),
        secret: request.body.secret,
        userId: request.user.id,
      });
      return found(boardId, id);
    },
  );

  app.put(
    '/:boardId/webhooks/:id',
    { schema: EditWebhook, preValidation: normalize({ url: 'trim' }) },
    async (request) => {
      const { boardId, id } = request.params;
      await requireBoardAccess(app, boardId, request.user.id, 'manage');
      await found(boardId, id);
      const { events, secret, enabled } = request.body;
      const { url } = await checked(request.body);
      await updateWebhook(app.db, boardId, id, {
        url,
        events: events && eventList(events),
        secret,
        enabled,
      });
      return found(boardId, id);
    },
  );

  app.delete('/:boardId/webhooks/:id', { schema: DeleteWebhook }, async (request) => {
    const { boardId, id } = request.params;
    await requireBoardAccess(app, boardId, request.user.id, 'manage');
    if (!(await deleteWebhook(app.db, boardId, id))) throw notFound();
    return { success: true as const };
  });

  app.post('/:boardId/webhooks/:id/test', { schema: TestWebhook }, async (request) => {
    const { boardId, id: webhookId } = request.params;
    const userId = request.user.id;
    await requireBoardAccess(app, boardId, userId, 'manage');
    await found(boardId, webhookId);
    const id = randomUUID();
    const board = { id: boardId, name: await boardName(app.db, boardId) };
    const actor = { id: userId, name: await userName(app.db, userId) };
    const payload = sealed(id, { event: PING_EVENT, at: new Date().toISOString(), board, actor });
    await app.db
      .transaction()
      .execute((trx) => queueDeliveries(app, trx, [{ id, webhookId, event: PING_EVENT, payload }]));
    app.webhooks.wake();
    return { id };
  });

  app.get('/:boardId/webhooks/:id/deliveries', { schema: ListDeliveries }, async (request) => {
    const { boardId, id } = request.params;
    await requireBoardAccess(app, boardId, request.user.id, 'manage');
    await found(boardId, id);
    return listDeliveries(app.db, id, WEBHOOK_LIMITS.deliveries);
  });
};

export default webhookRoutes;
