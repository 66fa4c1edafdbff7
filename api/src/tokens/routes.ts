/**
 * /api/tokens: the signed-in user's personal API tokens. A token's secret is `kb_` and 32 random
 * bytes, shown once in the creation's answer and kept as its SHA-256 (the secret is long and random,
 * so a fast hash is enough); the auth hook (auth/plugin.ts) accepts it as a bearer token. These routes
 * themselves refuse a token (a token cannot make or revoke tokens).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateToken, ListTokens, MESSAGES, RevokeToken, TOKEN_PREFIX } from 'contract/tokens';
import { HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { deleteToken, insertToken, listTokens } from './repository.js';

const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: ListTokens }, async (request) => listTokens(app.db, request.user.id));

  app.post('/', { schema: CreateToken, preValidation: normalize({ name: 'trim' }) }, async (request) => {
    const { name, scope, expiresAt } = request.body;
    const expires = expiresAt ? new Date(expiresAt) : null;
    if (expires && expires.getTime() <= Date.now())
      throw new HttpError(400, { expiresAt: MESSAGES.expiresAt });
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const token = await insertToken(app.db, {
      userId: request.user.id,
      name,
      scope,
      secret,
      expiresAt: expires,
    });
    return { ...token, token: secret };
  });

  app.delete('/:id', { schema: RevokeToken }, async (request) => {
    if (!(await deleteToken(app.db, request.user.id, request.params.id))) throw notFound();
    return { success: true as const };
  });
};

export default tokenRoutes;
