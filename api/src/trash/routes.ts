import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The board's trash: list, restore, empty. */
const trashRoutes: FastifyPluginAsyncTypebox = async () => {};

export default trashRoutes;
