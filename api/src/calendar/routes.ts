import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteFeedUrl, Feed, GetFeedUrl, NewFeedUrl } from 'contract/calendar';
import { notFound } from '../errors.js';
import { findMyTasks } from '../my-tasks/index.js';
import { calendarFeed } from './feed.js';
import { findCalendarToken, findUserIdByCalendarToken, setCalendarToken } from './repository.js';

/** 256 random bits, URL-safe: the feed address is the only permission a calendar app can carry. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The personal calendar feed: a secret address (`/api/calendar/<token>.ics`, public: no bearer, listed
 * in auth/plugin.ts PUBLIC_ROUTES) serving the caller's assigned tasks with due dates.
 */
const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/calendar/${token}.ics`;

  app.get('/token', { schema: GetFeedUrl }, async (request) => {
    const token = await findCalendarToken(app.db, request.user.id);
    return { url: token ? feedUrl(token) : null };
  });

  app.post('/token', { schema: NewFeedUrl }, async (request) => {
    const token = newToken();
    await setCalendarToken(app.db, request.user.id, token);
    return { url: feedUrl(token) };
  });

  app.delete('/token', { schema: DeleteFeedUrl }, async (request) => {
    await setCalendarToken(app.db, request.user.id, null);
    return { url: null };
  });

  app.get('/:token.ics', { schema: Feed }, async (request, reply) => {
    const { token } = request.params;
    const userId = TOKEN.test(token) ? await findUserIdByCalendarToken(app.db, token) : null;
    if (userId === null) throw notFound();
    const tasks = await findMyTasks(app.db, userId, true);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(calendarFeed(app.config.publicUrl, tasks));
  });
};

export default calendarRoutes;
