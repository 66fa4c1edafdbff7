import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const notificationRoutes: FastifyPluginAsyncTypebox = async () => {};

export default notificationRoutes;
