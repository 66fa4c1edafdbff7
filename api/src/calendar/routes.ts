import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const calendarRoutes: FastifyPluginAsyncTypebox = async () => {};

export default calendarRoutes;
