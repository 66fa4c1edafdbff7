/**
 * Sign-in through an OpenID Connect provider (OIDC_ISSUER and the rest set): /login and /register show
 * 'Войти через {name}' for each item of GET /api/auth/providers. The button navigates the browser to
 * GET /api/auth/oidc/start?returnTo=<path>; after the provider the browser lands on /login with either
 * `?oidc=<code>`, which POST /api/auth/oidc/finish trades for a sign-in token and the `returnTo` path, or
 * `?oidcError=<code>`, whose text is OIDC_ERRORS[code]. With OIDC_ONLY the provider item says
 * `only: true`: the page hides password sign-in and registration, and the API refuses them (403).
 */
import { type Static, Type } from 'typebox';
import { Body, errors } from './common.js';

export {
  OIDC_ERRORS,
  OIDC_LOGIN_PARAMS,
  type OidcError,
  oidcErrorText,
  passwordOffText,
  signInWithText,
} from './oidc-text.js';

export const MESSAGES = {
  expired: 'Вход устарел, попробуйте ещё раз',
} as const;

export const AuthProvider = Type.Object({
  id: Type.Literal('oidc'),
  name: Type.String({ description: "the provider's name for 'Войти через {name}' (OIDC_NAME)" }),
  only: Type.Boolean({
    description: 'OIDC_ONLY: password sign-in and registration are off, this is the only way in',
  }),
});
export type AuthProvider = Static<typeof AuthProvider>;

/** What POST /api/auth/oidc/finish answers: keep the token as after a password sign-in, go to returnTo. */
export const OidcSignIn = Type.Object({
  token: Type.String(),
  returnTo: Type.String({ description: 'the path given to /start (a path of this site), to go to now' }),
});
export type OidcSignIn = Static<typeof OidcSignIn>;

/** A 302 to a page of the site or to the provider; the browser follows it. */
const Redirect = (description: string) =>
  Type.Null({ description, headers: { location: Type.String({ description: 'where to go' }) } });

const common = { tags: ['auth'], security: [] };

export const ListAuthProviders = {
  operationId: 'listAuthProviders',
  summary: 'The sign-in providers besides e-mail and password (empty when none is configured)',
  ...common,
  response: { 200: Type.Array(AuthProvider), ...errors() },
};

export const StartOidc = {
  operationId: 'startOidcSignIn',
  summary: "Go to the provider's sign-in page (a browser navigation, not a fetch)",
  ...common,
  querystring: Type.Object({
    returnTo: Type.Optional(
      Type.String({ description: 'a path of this site to land on once signed in; default `/`' }),
    ),
  }),
  response: {
    302: Redirect(
      "the provider's authorization endpoint, or /login?oidcError=<code> when it cannot be reached",
    ),
  },
};

export const OidcCallback = {
  operationId: 'finishOidcRedirect',
  summary: 'Where the provider sends the browser back: on to /login?oidc=<code> or /login?oidcError=<code>',
  ...common,
  querystring: Type.Object({
    code: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  }),
  response: { 302: Redirect('/login?oidc=<one-time code> or /login?oidcError=<code> (OIDC_ERRORS)') },
};

export const FinishOidc = {
  operationId: 'finishOidcSignIn',
  summary: 'Trade the one-time code from /login?oidc=<code> (60 s, once) for a sign-in token',
  ...common,
  body: Body({
    code: Type.String({ minLength: 1, maxLength: 200, 'x-error': MESSAGES.expired }),
  }),
  response: { 200: OidcSignIn, ...errors(400) },
};
