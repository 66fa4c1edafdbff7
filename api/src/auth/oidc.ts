/**
 * Sign-in through an OpenID Connect provider (docs/decisions.md "OIDC sign-in"). /start keeps the
 * sign-in's state, nonce, PKCE verifier and returnTo server-side (10 minutes, read once) and binds it to
 * this browser with an httpOnly SameSite=Lax cookie holding the state, so a callback this browser did
 * not start is refused (login CSRF). /callback checks the cookie against the state, trades the code,
 * finds the account by (issuer, subject), links one with the same e-mail only when the provider says it
 * verified it, or makes one (claiming invitations, as registering does), and redirects to
 * /login?oidc=<one-time code>; the page trades that code (60 s, once) at /finish for the sign-in token,
 * so a token never appears in an address. Every failure of /start and /callback is a redirect to
 * /login?oidcError=<code> (contract/src/oidc.ts), never an error page. The provider owns the second
 * factor: a sign-in through it is not asked for the TOTP code.
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from 'contract/common';
import {
  FinishOidc,
  ListAuthProviders,
  MESSAGES,
  OIDC_LOGIN_PARAMS,
  OidcCallback,
  type OidcError,
  StartOidc,
} from 'contract/oidc';
import { safeReturnTo } from 'contract/return-to';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { claimInvitations } from '../invites/index.js';
import { isUnreachable, OidcClient, type ProviderIdentity } from './oidc-client.js';
import {
  createPasswordlessUser,
  findIdentityUser,
  findUserIdByEmail,
  linkIdentity,
} from './oidc-repository.js';
import { memoryOneTimeStore, type OneTimeStore, redisOneTimeStore } from './one-time-store.js';
import { findSession } from './repository.js';

const STATE_COOKIE = 'kanban_oidc';
const COOKIE_PATH = '/api/auth/oidc';
const STATE_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A failure the browser hears about as `/login?oidcError=<code>`. */
class OidcFailure extends Error {
  constructor(
    readonly code: OidcError,
    options?: { cause?: unknown },
  ) {
    super(`oidc sign-in failed: ${code}`, options);
  }
}

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

const loginWith = (param: string, value: string) => `/login?${new URLSearchParams({ [param]: value })}`;

const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = app.config.oidc ?? null;
  const callbackUrl = `${app.config.publicUrl}${COOKIE_PATH}/callback`;
  const provider = config ? new OidcClient(config, callbackUrl) : null;
  if (config && app.config.production && config.issuer.startsWith('http:')) {
    app.log.warn('OIDC_ISSUER is plain http: the provider is reached without TLS');
  }
  const store: OneTimeStore = app.redis
    ? redisOneTimeStore(app.redis, `${app.config.redisPrefix}oidc:`)
    : memoryOneTimeStore();
  app.addHook('onClose', async () => store.close());
  await app.register(fastifyCookie);

  const cookie = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https:'),
  } as const;

  /** /start and /callback answer every failure, their own or not, with a redirect to /login. */
  function redirectToLogin(error: FastifyError | OidcFailure, request: FastifyRequest, reply: FastifyReply) {
    const code: OidcError =
      error instanceof OidcFailure
        ? error.code
        : error instanceof HttpError && error.statusCode === 429
          ? 'tooMany'
          : 'failed';
    if (code === 'failed') request.log.error({ err: error }, 'oidc sign-in failed');
    else request.log.info({ err: error.cause ?? error, code }, 'oidc sign-in refused');
    reply.clearCookie(STATE_COOKIE, cookie).redirect(loginWith(OIDC_LOGIN_PARAMS.error, code));
  }

  /** The account the identity signs in to: known, linked by a verified e-mail, or new. */
  function accountFor(identity: ProviderIdentity): Promise<number> {
    return app.db.transaction().execute(async (trx) => {
      const known = await findIdentityUser(trx, identity);
      if (known !== null) return known;
      const { email } = identity;
      if (email === null || email.length > LIMITS.email || !EMAIL.test(email))
        throw new OidcFailure('noEmail');
      const existing = await findUserIdByEmail(trx, email);
      if (existing !== null) {
        // Only the provider's word that the address is the user's may open an account made by password.
        if (!identity.emailVerified) throw new OidcFailure('emailTaken');
        await linkIdentity(trx, existing, identity);
        return existing;
      }
      const name = (identity.name ?? email.split('@')[0] ?? email).slice(0, LIMITS.name);
      const created = await createPasswordlessUser(trx, { name, email });
      // Registered with this e-mail a moment ago: the next attempt links it or refuses.
      if (created === null) throw new OidcFailure('emailTaken');
      await linkIdentity(trx, created, identity);
      await claimInvitations(trx, created, email);
      return created;
    });
  }

  app.get('/providers', { schema: ListAuthProviders }, async () =>
    config ? [{ id: 'oidc' as const, name: config.name, only: config.only }] : [],
  );

  app.get('/oidc/start', { schema: StartOidc, errorHandler: redirectToLogin }, async (request, reply) => {
    if (!provider) throw new OidcFailure('disabled');
    await app.limiter.check('message', [
      { name: 'oidc:ip', subject: request.ip, limit: app.config.rateLimits.loginIp },
    ]);
    let started: Awaited<ReturnType<OidcClient['start']>>;
    try {
      started = await provider.start();
    } catch (err) {
      throw new OidcFailure('unavailable', { cause: err });
    }
    const { url, ...checks } = started;
    const pending: Pending = { ...checks, returnTo: safeReturnTo(request.query.returnTo) };
    await store.put(`state:${checks.state}`, JSON.stringify(pending), STATE_TTL_MS);
    return reply
      .setCookie(STATE_COOKIE, checks.state, { ...cookie, maxAge: STATE_TTL_MS / 1000 })
      .redirect(url);
  });

  app.get(
    '/oidc/callback',
    { schema: OidcCallback, errorHandler: redirectToLogin },
    async (request, reply) => {
      if (!provider) throw new OidcFailure('disabled');
      const bound = request.cookies[STATE_COOKIE];
      // Read once, whatever happens next: a callback is never replayed.
      const saved = bound ? await store.take(`state:${bound}`) : null;
      const { error, state } = request.query;
      if (error) throw new OidcFailure(error === 'access_denied' ? 'denied' : 'provider');
      if (!saved || state !== bound) throw new OidcFailure('state');
      const pending = JSON.parse(saved) as Pending;

      // The address exactly as the provider called it (every parameter, `iss` included).
      const current = new URL(callbackUrl);
      current.search = new URL(request.url, 'http://callback.invalid').search;
      let identity: ProviderIdentity;
      try {
        identity = await provider.finish(current, pending);
      } catch (err) {
        throw new OidcFailure(isUnreachable(err) ? 'unavailable' : 'exchange', { cause: err });
      }
      const userId = await accountFor(identity);
      const code = randomBytes(32).toString('base64url');
      await store.put(`code:${code}`, JSON.stringify({ userId, returnTo: pending.returnTo }), CODE_TTL_MS);
      return reply.clearCookie(STATE_COOKIE, cookie).redirect(loginWith(OIDC_LOGIN_PARAMS.code, code));
    },
  );

  app.post('/oidc/finish', { schema: FinishOidc }, async (request) => {
    const saved = await store.take(`code:${request.body.code}`);
    const signedIn = saved ? (JSON.parse(saved) as { userId: number; returnTo: string }) : null;
    const session = signedIn ? await findSession(app.db, signedIn.userId) : null;
    if (!signedIn || !session) throw new HttpError(400, { code: MESSAGES.expired });
    return { token: app.issueToken(signedIn.userId, session.tokenVersion), returnTo: signedIn.returnTo };
  });
};

export default oidcRoutes;
