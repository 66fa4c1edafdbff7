import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetUnread, ListNotifications, MarkAllRead, MarkRead } from 'contract/notifications';
import { countUnread, listNotifications, markRead } from './repository.js';
import { announceUnread } from './unread.js';

/** The caller's notifications (due-date reminders for now); reading them updates every open tab. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: ListNotifications }, async (request) =>
    listNotifications(app.db, request.user.id, request.query.before),
  );

  app.get('/unread', { schema: GetUnread }, async (request) => ({
    unread: await countUnread(app.db, request.user.id),
  }));

  app.put('/read', { schema: MarkRead }, async (request) => {
    const userId = request.user.id;
    await markRead(app.db, userId, request.body.ids);
    const counts = await announceUnread(app, [userId]);
    return { unread: counts.get(userId) ?? 0 };
  });

  app.put('/read-all', { schema: MarkAllRead }, async (request) => {
    const userId = request.user.id;
    await markRead(app.db, userId, null);
    const counts = await announceUnread(app, [userId]);
    return { unread: counts.get(userId) ?? 0 };
  });
};

export default notificationRoutes;
