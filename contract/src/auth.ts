import { type Static, Type } from 'typebox';
import { Body, Email, errors, LIMITS, Name, NewPassword, PasswordConfirmation } from './common.js';
import { TwoFactorChallenge } from './two-factor.js';

export const Gender = Type.Union([Type.Literal(1), Type.Literal(0), Type.Null()], {
  description: '1 male, 0 female, null not chosen',
  'x-error': 'Выберите пол из списка',
});

export const EMAIL_NOTIFICATIONS = ['instant', 'daily', 'off'] as const;
export type EmailNotifications = (typeof EMAIL_NOTIFICATIONS)[number];

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  gender: Gender,
  avatar: Type.Union([Type.String(), Type.Null()]),
  emailReminders: Type.Boolean({ description: 'due-date reminders by e-mail too (in-app ones always)' }),
  emailNotifications: Type.Enum(EMAIL_NOTIFICATIONS, {
    description:
      "mentions and watched tasks by e-mail: 'instant' one letter each, 'daily' one digest a day, 'off' none (in-app always)",
  }),
});
export type User = Static<typeof User>;

const Token = Type.Object({ token: Type.String() });

export const Login = {
  operationId: 'login',
  summary: 'Sign in with e-mail and password',
  security: [],
  tags: ['auth'],
  body: Body({
    email: Email,
    password: Type.String({ minLength: 1, maxLength: LIMITS.password, 'x-error': 'Введите пароль' }),
  }),
  response: {
    200: Type.Union([Token, TwoFactorChallenge], {
      description: 'the token, or a ticket for POST /api/auth/login/2fa when two-factor sign-in is on',
    }),
    // 403: password sign-in is off (OIDC_ONLY, contract/src/oidc.ts).
    ...errors(400, 403, 429),
  },
};

export const Register = {
  operationId: 'register',
  summary: 'Create an account and sign in',
  security: [],
  tags: ['auth'],
  body: Body({ name: Name, email: Email, password: NewPassword, password2: PasswordConfirmation }),
  response: { 200: Token, ...errors(400, 403, 429) },
};

export const CurrentUser = {
  operationId: 'getCurrentUser',
  summary: 'The signed-in user',
  tags: ['auth'],
  security: [{ bearer: [] }],
  response: { 200: User, ...errors(401) },
};

export const Edit = {
  operationId: 'editProfile',
  summary: "Change the signed-in user's name or e-mail",
  tags: ['auth'],
  security: [{ bearer: [] }],
  body: Body({
    name: Name,
    email: Email,
    gender: Type.Optional(Gender),
    emailReminders: Type.Optional(Type.Boolean({ 'x-error': 'Выберите, присылать ли напоминания' })),
    emailNotifications: Type.Optional(
      Type.Enum(EMAIL_NOTIFICATIONS, { 'x-error': 'Выберите, как присылать уведомления' }),
    ),
  }),
  response: { 200: Type.Object({ success: Type.Literal(true) }), ...errors(400, 401) },
};

export const ChangePassword = {
  operationId: 'changePassword',
  summary: 'Change the password (retires earlier tokens)',
  tags: ['auth'],
  security: [{ bearer: [] }],
  body: Body({
    oldPassword: Type.String({
      minLength: 1,
      maxLength: LIMITS.password,
      'x-error': 'Введите текущий пароль',
    }),
    password: NewPassword,
    password2: PasswordConfirmation,
  }),
  response: {
    200: Type.Object({ success: Type.Literal(true), token: Type.String() }),
    ...errors(400, 401, 429),
  },
};
