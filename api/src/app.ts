/**
 * The whole API as one Fastify instance: infrastructure plugins first (config, db, redis, auth,
 * mailer, limiter, realtime, storage), then the domain plugins, then the static site with its not-found handler.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import activityRoutes from './activity/routes.js';
import archiveRoutes from './archive/routes.js';
import oidcRoutes from './auth/oidc.js';
import authPlugin from './auth/plugin.js';
import authRoutes from './auth/routes.js';
import twoFactorRoutes from './auth/two-factor-routes.js';
import backupPlugin from './backup/plugin.js';
import { memberBoardVersion } from './board-change/access.js';
import { recordActivity } from './board-change/activity.js';
import { boardChangePlugin } from './board-change/change-board.js';
import { advanceLiveBoard } from './boards/live-board.js';
import { recordPatch } from './boards/patch.js';
import boardRoutes from './boards/routes.js';
import calendarRoutes from './calendar/routes.js';
import checklistRoutes from './checklists/routes.js';
import columnRoutes from './columns/routes.js';
import commentRoutes from './comments/routes.js';
import type { Config } from './config.js';
import copyRoutes from './copy/routes.js';
import { clientErrorHandler, errorHandler, MESSAGES } from './errors.js';
import exportRoutes from './export/routes.js';
import fileRoutes from './files/routes.js';
import healthRoutes from './health/routes.js';
import importJobPlugin from './import/job.js';
import { recordPendingAssignees } from './import/pending-assignees.js';
import importRoutes from './import/routes.js';
import inviteRoutes from './invites/routes.js';
import labelRoutes from './labels/routes.js';
import { recordLists } from './members/lists.js';
import memberRoutes, { roleRoutes } from './members/routes.js';
import myTasksRoutes from './my-tasks/routes.js';
import notificationMailPlugin from './notifications/plugin.js';
import notificationRoutes from './notifications/routes.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import drainPlugin from './plugins/drain.js';
import limiterPlugin from './plugins/limiter.js';
import mailerPlugin from './plugins/mailer.js';
import metricsPlugin from './plugins/metrics.js';
import outagesPlugin from './plugins/outages.js';
import queuePlugin from './plugins/queue.js';
import realtimePlugin from './plugins/realtime.js';
import redisPlugin from './plugins/redis.js';
import securityPlugin from './plugins/security.js';
import staticPlugin from './plugins/static.js';
import storagePlugin from './plugins/storage.js';
import { findPublicBoard } from './public/repository.js';
import { publicLinkRoutes, publicRoutes } from './public/routes.js';
import presencePlugin from './realtime/presence.js';
import remindersPlugin from './reminders/plugin.js';
import resetRoutes from './reset/routes.js';
import searchRoutes from './search/routes.js';
import taskRoutes from './tasks/routes.js';
import { boardFromTemplate } from './templates/index.js';
import templateRoutes from './templates/routes.js';
import tokenRoutes from './tokens/routes.js';
import trashPurgePlugin from './trash/purge.js';
import trashRoutes from './trash/routes.js';
import { validatorCompiler } from './validation.js';
import { recordNotifications } from './watchers/notify.js';
import watcherRoutes from './watchers/routes.js';
import webhookDeliveryPlugin from './webhooks/delivery.js';
import { recordWebhooks } from './webhooks/recorder.js';
import webhookRoutes from './webhooks/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const configPlugin = fp<{ config: Config }>(async (app, { config }) => app.decorate('config', config), {
  name: 'config',
});

/**
 * Builds the app; plugins load on `ready()` or `listen()`. Callers close it when that fails, since
 * plugins that did load may hold connections.
 */
export function buildApp(config: Config): App {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Readable lines on a terminal (`npm start`, `npm run dev`); JSON lines anywhere else (CI, production).
      ...(config.logPretty && { transport: { target: 'pino-pretty' } }),
    },
    bodyLimit: config.bodyLimit,
    // Creating an embedded PGlite database and migrating it can take longer than the 10 s default.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    // A URL Fastify cannot read (`/api/board/%ff`) gets the product's error shape too, and the
    // security headers, which this answer (written before any hook runs) would otherwise miss.
    frameworkErrors: (_error, request, reply) =>
      (reply as unknown as FastifyReply)
        .code(400)
        .headers(request.server.securityHeaders)
        .send({ message: MESSAGES.badRequest }),
    clientErrorHandler,
    // While the instance drains (plugins/drain.ts), a request arriving on an open connection is
    // still answered, with `Connection: close`, not Fastify's English 503.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  // A call without a body that still says `Content-Type: application/json` (many HTTP clients send
  // it on every PUT and DELETE) has no body, not a malformed one.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, String(body), done);
  });
  app.register(configPlugin, { config });
  app.register(drainPlugin);
  // gzip or brotli for answers over 1 KB (board payloads), static files included.
  app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // CSP, Referrer-Policy, Permissions-Policy and the rest, on the site and the API alike.
  app.register(securityPlugin);
  app.register(docsPlugin);
  app.register(dbPlugin);
  app.register(redisPlugin);
  app.register(outagesPlugin);
  app.register(authPlugin);
  app.register(mailerPlugin);
  app.register(limiterPlugin);
  // Only accepted members may watch a board live, by the same check as the board routes.
  app.register(realtimePlugin, {
    canWatch: (boardId, userId) => memberBoardVersion(app, boardId, userId),
    publicWatch: (token) => findPublicBoard(app.db, token),
  });
  app.register(presencePlugin);
  app.register(storagePlugin);
  app.register(queuePlugin);
  app.register(metricsPlugin);
  app.register(notificationMailPlugin);
  app.register(remindersPlugin);
  app.register(trashPurgePlugin);

  // Every board change's recorders, in order (the patch carries the activity rows; webhooks read the
  // patch), and announcers.
  app.register(boardChangePlugin, {
    recorders: [
      recordPendingAssignees,
      recordActivity,
      recordNotifications,
      recordPatch,
      recordLists,
      recordWebhooks,
    ],
    announcers: [advanceLiveBoard],
  });
  app.register(webhookDeliveryPlugin);
  app.register(importJobPlugin);
  app.register(healthRoutes, { prefix: '/health' });
  // POST /backup: the backup command's way into a running API with the embedded database.
  app.register(backupPlugin);
  app.register(authRoutes, { prefix: '/api/auth' });
  app.register(oidcRoutes, { prefix: '/api/auth' });
  app.register(twoFactorRoutes, { prefix: '/api/auth/2fa' });
  app.register(resetRoutes, { prefix: '/api/reset' });
  app.register(columnRoutes, { prefix: '/api/column' });
  app.register(taskRoutes, { prefix: '/api/task' });
  app.register(watcherRoutes, { prefix: '/api/task' });
  app.register(labelRoutes, { prefix: '/api/label' });
  app.register(commentRoutes, { prefix: '/api/comment' });
  app.register(boardRoutes, { prefix: '/api/board', fromTemplate: boardFromTemplate });
  app.register(memberRoutes, { prefix: '/api/board' });
  app.register(roleRoutes, { prefix: '/api/member' });
  app.register(publicLinkRoutes, { prefix: '/api/board' });
  app.register(webhookRoutes, { prefix: '/api/board' });
  app.register(publicRoutes, { prefix: '/api/public' });
  app.register(inviteRoutes, { prefix: '/api/invite' });
  app.register(fileRoutes, { prefix: '/api/file' });
  app.register(checklistRoutes, { prefix: '/api/checklist' });
  app.register(notificationRoutes, { prefix: '/api/notification' });
  app.register(calendarRoutes, { prefix: '/api/calendar' });
  app.register(trashRoutes, { prefix: '/api/trash' });
  app.register(archiveRoutes, { prefix: '/api/archive' });
  app.register(exportRoutes, { prefix: '/api/export' });
  app.register(importRoutes, { prefix: '/api/import' });
  app.register(tokenRoutes, { prefix: '/api/tokens' });
  app.register(myTasksRoutes, { prefix: '/api/task' });
  app.register(activityRoutes, { prefix: '/api/activity' });
  app.register(templateRoutes, { prefix: '/api/templates' });
  // POST /api/board/{boardId}/copy, /api/column/copy, /api/task/copy, /api/task/move-to-board.
  app.register(copyRoutes, { prefix: '/api' });
  app.register(searchRoutes, { prefix: '/api/search' });

  app.register(staticPlugin);
  return app;
}
