import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListMyTasks } from 'contract/my-tasks';
import { findMyTasks } from './repository.js';

/** 'Мои задачи': the caller's assigned tasks across their boards (under /api/task). */
const myTasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mine', { schema: ListMyTasks }, async (request) => findMyTasks(app.db, request.user.id));
};

export default myTasksRoutes;
