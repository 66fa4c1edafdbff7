/**
 * The texts and address parameters of signing in through the identity provider (oidc.ts), with no
 * schema library: the sign-in pages read them without typebox in their bundle.
 */

/** The /login query parameters the callback redirects with. */
export const OIDC_LOGIN_PARAMS = { code: 'oidc', error: 'oidcError' } as const;

/** Why a sign-in through the provider failed: `/login?oidcError=<key>`, and the text to show. */
export const OIDC_ERRORS = {
  denied: 'Вход через провайдера отменён',
  provider: 'Провайдер не выполнил вход. Попробуйте ещё раз',
  state: 'Вход устарел или начат в другом окне. Попробуйте ещё раз',
  exchange: 'Не удалось подтвердить вход у провайдера. Попробуйте ещё раз',
  unavailable: 'Провайдер входа недоступен. Попробуйте позже',
  noEmail: 'Провайдер не сообщил e-mail: разрешите доступ к адресу и попробуйте ещё раз',
  emailTaken: 'Этот e-mail уже зарегистрирован: войдите паролем и подтвердите адрес у провайдера',
  tooMany: 'Слишком много попыток. Попробуйте позже.',
  disabled: 'Вход через провайдера не настроен',
  failed: 'Не удалось войти. Попробуйте ещё раз',
} as const;
export type OidcError = keyof typeof OIDC_ERRORS;

/** The text of an `oidcError` value; an unknown one (an edited address) reads as a failed sign-in. */
export function oidcErrorText(code: string | null | undefined): string {
  return Object.hasOwn(OIDC_ERRORS, code ?? '') ? OIDC_ERRORS[code as OidcError] : OIDC_ERRORS.failed;
}

/** The button on /login and /register. */
export const signInWithText = (name: string) => `Войти через ${name}`;

/** What POST /api/auth/login and /register answer (403) with OIDC_ONLY. */
export const passwordOffText = (name: string) =>
  `Вход и регистрация по паролю отключены: войдите через ${name}`;
