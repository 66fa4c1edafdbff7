/**
 * Two-factor sign-in (/settings 'Двухфакторный вход'): a TOTP secret shown as a QR code and as text,
 * turned on by a code from the app, with ten one-time recovery codes shown once and kept hashed. With
 * it on, POST /api/auth/login answers a short-lived ticket instead of a token, and
 * POST /api/auth/login/2fa trades the ticket and a code (or a recovery code) for the token. Turning it
 * off asks for the password and a code. A personal API token can do none of this.
 */
import { type Static, Type } from 'typebox';
import { Body, errors, LIMITS, Success } from './common.js';

/** Recovery codes made when two-factor sign-in is turned on. */
export const RECOVERY_CODES = 10;

export const MESSAGES = {
  code: 'Введите код из приложения или код восстановления',
  wrongCode: 'Неверный код',
  ticket: 'Вход устарел: введите e-mail и пароль ещё раз',
  alreadyOn: 'Двухфакторный вход уже включён',
  notSetUp: 'Сначала получите QR-код',
  notOn: 'Двухфакторный вход не включён',
  password: 'Неверный пароль',
} as const;

const Code = Type.String({
  minLength: 6,
  maxLength: 32,
  description: 'six digits from the app, or a recovery code',
  'x-error': MESSAGES.code,
});

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ description: 'unused recovery codes (0 when off)' }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A secret offered by setup, to scan or type into the app. */
export const TwoFactorSetup = Type.Object({
  secret: Type.String({ description: 'base32, for typing into the app' }),
  otpauthUrl: Type.String(),
  qr: Type.String({ description: 'the otpauth URL as an SVG QR code (data: URL)' }),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

/** What POST /api/auth/login answers when the account asks for a second factor. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  ticket: Type.String({ description: 'for POST /api/auth/login/2fa, valid 5 minutes' }),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

const common = { tags: ['auth'], security: [{ bearer: [] }] };

export const GetTwoFactor = {
  operationId: 'getTwoFactor',
  summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
  ...common,
  response: { 200: TwoFactorStatus, ...errors(401, 403) },
};

export const SetupTwoFactor = {
  operationId: 'setupTwoFactor',
  summary: 'A new TOTP secret to scan (not on until confirmed by a code)',
  ...common,
  response: { 200: TwoFactorSetup, ...errors(400, 401, 403) },
};

export const EnableTwoFactor = {
  operationId: 'enableTwoFactor',
  summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes, once',
  ...common,
  body: Body({ code: Code }),
  response: {
    200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
    ...errors(400, 401, 403, 429),
  },
};

export const DisableTwoFactor = {
  operationId: 'disableTwoFactor',
  summary: 'Turn two-factor sign-in off (the password and a code)',
  ...common,
  body: Body({
    password: Type.String({ minLength: 1, maxLength: LIMITS.password, 'x-error': 'Введите пароль' }),
    code: Code,
  }),
  response: { 200: Success, ...errors(400, 401, 403, 429) },
};

export const LoginSecondStep = {
  operationId: 'loginSecondStep',
  summary: 'Finish signing in with the ticket from login and a code (or a recovery code)',
  security: [],
  tags: ['auth'],
  body: Body({
    ticket: Type.String({ minLength: 1, maxLength: 2000, 'x-error': MESSAGES.ticket }),
    code: Code,
  }),
  response: { 200: Type.Object({ token: Type.String() }), ...errors(400, 429) },
};
