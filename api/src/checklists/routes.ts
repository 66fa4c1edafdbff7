import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const checklistRoutes: FastifyPluginAsyncTypebox = async () => {};

export default checklistRoutes;
