/**
 * A real OpenID Connect provider for tests (oidc-provider 8.8, the last for Node 20) on a free port of
 * 127.0.0.1 over http: one confidential client (`kanban` / `kanban-secret`, HTTP Basic), PKCE S256
 * required, and the accounts the test gives, each with its `email` and `email_verified` (changeable with
 * `setAccount`). Consent is pre-granted (`loadExistingGrant`), so signing in is one step: the
 * provider's interaction page `/interaction/<uid>` lists the accounts as links ('Войти как …') and a
 * 'Отказать' link; `?account=<id>` signs in as that account, `?deny=1` answers `access_denied`. A browser
 * test clicks those links; an API test calls `authorize(url, account)`, which walks the redirects
 * with its own cookie jar and returns the address the provider sends the browser back to.
 * The e-mail claims come from the userinfo endpoint (the provider keeps scope claims out of the ID
 * token), as many real providers do.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  /** Accounts by id (the `sub` claim). */
  accounts?: Record<string, OidcAccount>;
  /** The app's callback, e.g. `${PUBLIC_URL}/api/auth/oidc/callback`. */
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}

export interface OidcProviderHandle {
  /** `http://127.0.0.1:<port>`: OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds an account or replaces its claims (a changed e-mail, say). */
  setAccount(id: string, account: OidcAccount): void;
  /**
   * Follows the authorization address as a fresh browser would (no provider session), signing in as
   * `account` (or refusing, with `{ deny: true }`); the address the provider redirects back to.
   */
  authorize(authorizationUrl: string, account: string | { deny: true }): Promise<URL>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderHandle> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const clientId = options.clientId ?? 'kanban';
  const clientSecret = options.clientSecret ?? 'kanban-secret';

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      if (!accounts.has(id)) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: what it asks for is granted without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['kanban-test-provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256' } as never] },
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };
  const provider = new Provider(issuer, configuration);

  provider.use(async (ctx, next) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(ctx.path)?.[1];
    if (!uid) return next();
    await provider.interactionDetails(ctx.req, ctx.res);
    const { account, deny } = ctx.query;
    if (!deny && !(typeof account === 'string' && accounts.has(account))) {
      const links = [...accounts]
        .map(([id, claims]) => {
          const label = escapeHtml(`Войти как ${claims.email ?? id}`);
          return `<li><a href="/interaction/${uid}?account=${encodeURIComponent(id)}">${label}</a></li>`;
        })
        .join('');
      ctx.type = 'html';
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Тестовый провайдер</title><ul>${links}<li><a href="/interaction/${uid}?deny=1">Отказать</a></li></ul>`;
      return;
    }
    const result = deny
      ? { error: 'access_denied', error_description: 'The user refused' }
      : { login: { accountId: account as string } };
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
      mergeWithLastSubmission: false,
    });
    ctx.redirect(returnTo);
    ctx.status = 303;
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(id, account) {
      accounts.set(id, account);
    },
    async authorize(authorizationUrl, account) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of res.headers.getSetCookie()) {
          const pair = header.split(';', 1)[0] ?? '';
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
        const target = new URL(location, next);
        if (target.href.startsWith(options.redirectUri)) return target;
        if (target.pathname.startsWith('/interaction/')) {
          if (typeof account === 'string') target.searchParams.set('account', account);
          else target.searchParams.set('deny', '1');
        }
        next = target;
      }
      throw new Error('the provider redirected more than 10 times');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
