import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** PUT /api/task/watch. */
const watcherRoutes: FastifyPluginAsyncTypebox = async () => {};

export default watcherRoutes;
