import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const myTasksRoutes: FastifyPluginAsyncTypebox = async () => {};

export default myTasksRoutes;
