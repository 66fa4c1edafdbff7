/**
 * The API as a client of the configured OpenID Connect provider (openid-client 6): the authorization
 * code flow with PKCE (S256), state and nonce, the client authenticated with its secret by HTTP Basic
 * (OIDC's default method). The provider's metadata is discovered on first use and kept; a failed
 * discovery is not kept, so the next sign-in tries again. Plain-HTTP requests are allowed only when the
 * issuer itself is an http: address (a local or test provider); an https: issuer stays https-only.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';

/** Seconds one request to the provider may take. */
const TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** What /start keeps server-side until the callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The provider did not answer (refused, timed out): worth trying again later. */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof client.ClientError) return err.code === 'OAUTH_TIMEOUT' || err.code === 'OAUTH_ABORT';
  return err instanceof TypeError && err.message === 'fetch failed';
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export class OidcClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    private readonly config: OidcConfig,
    /** The callback's address as the provider knows it (PUBLIC_URL + /api/auth/oidc/callback). */
    readonly redirectUri: string,
  ) {}

  private configuration(): Promise<client.Configuration> {
    const issuer = new URL(this.config.issuer);
    this.discovered ??= client
      .discovery(
        issuer,
        this.config.clientId,
        undefined,
        client.ClientSecretBasic(this.config.clientSecret),
        {
          execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
          timeout: TIMEOUT_SECONDS,
        },
      )
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** A new sign-in: the provider's address to send the browser to, and what the callback must match. */
  async start(): Promise<PendingSignIn & { url: string }> {
    const configuration = await this.configuration();
    const pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return { ...pending, url: url.href };
  }

  /**
   * Trades the callback's code for tokens (checking state, nonce and the PKCE verifier) and reads who
   * signed in: from the ID token, or from the userinfo endpoint when the ID token carries no e-mail
   * (providers that keep scope claims out of the ID token).
   */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<ProviderIdentity> {
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    let claims: Record<string, unknown> = idToken;
    if (text(idToken.email) === null && configuration.serverMetadata().userinfo_endpoint) {
      claims = {
        ...idToken,
        ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
      };
    }
    const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
    const name = text(claims.name) ?? text(fullName) ?? text(claims.preferred_username);
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name,
    };
  }
}
