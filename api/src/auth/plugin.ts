/**
 * Tokens, password hashing and the one authentication hook. Every /api route needs a bearer token
 * except those listed in PUBLIC_ROUTES. A token carries the user id and the user's token version;
 * changing the password or finishing a reset bumps the version, which retires every earlier token.
 * A personal API token (`kb_…`, tokens/routes.ts) is the other kind of bearer: looked up by its hash
 * on every call (so revoking it works at once), limited to reading when its scope says so, and never
 * let near tokens, two-factor sign-in, the password or the e-mail. The realtime handshake takes
 * sign-in tokens only. A two-factor ticket is signed like a token but marked with its purpose, so it
 * opens nothing but the second step of a sign-in. With OIDC_ONLY=true the hook refuses password
 * sign-in and registration (403): the OIDC provider (auth/oidc.ts) is then the only way in.
 */
import fastifyJwt from '@fastify/jwt';
import type { User } from 'contract/auth';
import { passwordOffText } from 'contract/oidc';
import { MESSAGES as TOKEN_MESSAGES, TOKEN_PREFIX } from 'contract/tokens';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, unauthorized } from '../errors.js';
import { findLiveToken, touchToken } from '../tokens/index.js';
import { PasswordHasher } from './password.js';
import { findSession, type Session } from './repository.js';

export const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/login/2fa',
  'POST /api/auth/register',
  // Sign-in through the OIDC provider (auth/oidc.ts): the flow's state and one-time codes are the permission.
  'GET /api/auth/providers',
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/oidc/finish',
  'POST /api/reset/create',
  'PATCH /api/reset/validate',
  'PATCH /api/reset/password',
  'GET /api/openapi.json',
  // Signed file links: the signature (or an avatar's unguessable key) is the permission.
  'PUT /api/file/object/*',
  'POST /api/file/object/*',
  'GET /api/file/object/*',
  // A calendar app's feed: the secret token in the address is the permission.
  'GET /api/calendar/:token.ics',
  // A board's read-only public link: its secret token is the permission.
  'GET /api/public/:token',
  'GET /api/public/:token/task/:taskId',
  'GET /api/public/:token/file/:fileId',
]);

interface TokenPayload {
  sub: string;
  ver: number;
  /** Set on a two-factor ticket (`issueTicket`), which is not a sign-in token. */
  purpose?: 'second-factor';
}

/** How long the ticket between the password and the second factor lasts. */
const TICKET_TTL = '5m';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** The signed-in user, loaded once per request by the auth hook. */
    user: User;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user's `users.lists_version`, read with the session for free, so cached board
     * and invitation lists are checked without another query (src/boards/versioned-cache.ts).
     */
    listsVersion: number;
  }
  interface FastifyInstance {
    passwords: PasswordHasher;
    issueToken(userId: number, tokenVersion: number): string;
    /** A short-lived ticket for the second factor of a sign-in (POST /api/auth/login/2fa). */
    issueTicket(userId: number, tokenVersion: number): string;
    /** The account a ticket was issued for, or null when it is invalid, expired or retired. */
    readTicket(ticket: string): Promise<{ userId: number; tokenVersion: number } | null>;
    /** The user a bearer token belongs to, or null when it is invalid, expired or retired. */
    authenticate(token: string): Promise<User | null>;
  }
}

/** Refused with OIDC_ONLY=true: the provider is then the only way in. */
const PASSWORD_SIGN_IN = new Set(['POST /api/auth/login', 'POST /api/auth/register']);

/** What a personal API token may not do, besides managing tokens and 2FA: the password and the e-mail. */
const NOT_WITH_TOKEN = new Set(['PUT /api/auth/password', 'PUT /api/auth/edit']);
const NOT_WITH_TOKEN_PREFIXES = ['/api/tokens', '/api/auth/2fa'];
const TOUCH_EVERY_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The API reference page and its assets (src/plugins/docs.ts). */
const DOCS_PREFIX = '/api/docs';

export function requiresAuth(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined || !route.startsWith('/api/')) return false;
  if (route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`)) return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return !PUBLIC_ROUTES.has(`${method} ${route}`);
}

export default fp(
  async (app) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: app.config.tokenTtl },
      verify: { algorithms: ['HS256'], cache: 10_000 },
    });
    app.decorate('passwords', new PasswordHasher(app.config.scrypt));
    app.decorate('issueToken', (userId: number, tokenVersion: number) =>
      app.jwt.sign({ sub: String(userId), ver: tokenVersion }),
    );

    app.decorate('issueTicket', (userId: number, tokenVersion: number) =>
      app.jwt.sign(
        { sub: String(userId), ver: tokenVersion, purpose: 'second-factor' },
        { expiresIn: TICKET_TTL },
      ),
    );

    /** The session a signed token (or, with `purpose`, a ticket) of the current token version names. */
    async function signedSession(token: string, purpose?: TokenPayload['purpose']): Promise<Session | null> {
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(token);
      } catch {
        return null;
      }
      if (payload.purpose !== purpose) return null;
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const session = await findSession(app.db, id);
      return session && session.tokenVersion === payload.ver ? session : null;
    }
    const validSession = (token: string) => signedSession(token);

    app.decorate('readTicket', async (ticket: string) => {
      const session = await signedSession(ticket, 'second-factor');
      return session ? { userId: session.user.id, tokenVersion: session.tokenVersion } : null;
    });

    app.decorate(
      'authenticate',
      async (token: string): Promise<User | null> => (await validSession(token))?.user ?? null,
    );
    app.decorateRequest('listsVersion', 0);

    /** A personal API token's session, checked against its scope and what no token may do. */
    async function tokenSession(request: FastifyRequest, secret: string): Promise<Session | null> {
      const now = new Date();
      const token = await findLiveToken(app.db, secret, now);
      const session = token ? await findSession(app.db, token.userId) : null;
      if (!token || !session) return null;
      const route = request.routeOptions.url ?? '';
      if (
        NOT_WITH_TOKEN_PREFIXES.some((prefix) => route.startsWith(prefix)) ||
        NOT_WITH_TOKEN.has(`${request.method} ${route}`)
      ) {
        throw new HttpError(403, { message: TOKEN_MESSAGES.notWithToken });
      }
      if (token.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
        throw new HttpError(403, { message: TOKEN_MESSAGES.readOnly });
      }
      // The list's 'last use' to the minute: one write a minute per token, not one per call (awaited,
      // so the call that used the token already shows it).
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await touchToken(app.db, token.id, now).catch((err: unknown) =>
          request.log.warn({ err }, 'token use not noted'),
        );
      }
      return session;
    }

    app.addHook('onRequest', async (request) => {
      const oidc = app.config.oidc;
      if (oidc?.only && PASSWORD_SIGN_IN.has(`${request.method} ${request.routeOptions.url}`)) {
        throw new HttpError(403, { message: passwordOffText(oidc.name) });
      }
      if (!requiresAuth(request)) return;
      const token = bearerToken(request);
      const session = !token
        ? null
        : token.startsWith(TOKEN_PREFIX)
          ? await tokenSession(request, token)
          : await validSession(token);
      if (!session) throw unauthorized();
      request.user = session.user;
      request.listsVersion = session.listsVersion;
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
