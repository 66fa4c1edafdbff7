import { type Static, Type } from 'typebox';
import { Body, Email, errors, LIMITS, Name, NewPassword, PasswordConfirmation } from '../schemas.js';

export const Gender = Type.Union([Type.Literal(1), Type.Literal(0), Type.Null()], {
  description: '1 male, 0 female, null not chosen',
  'x-error': 'Выберите пол из списка',
});

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  gender: Gender,
  avatar: Type.Union([Type.String(), Type.Null()]),
  emailReminders: Type.Boolean({ description: 'due-date reminders by e-mail too (in-app ones always)' }),
});
export type User = Static<typeof User>;

const Token = Type.Object({ token: Type.String() });

export const Login = {
  tags: ['auth'],
  body: Body({
    email: Email,
    password: Type.String({ minLength: 1, maxLength: LIMITS.password, 'x-error': 'Введите пароль' }),
  }),
  response: { 200: Token, ...errors(400, 429) },
};

export const Register = {
  tags: ['auth'],
  body: Body({ name: Name, email: Email, password: NewPassword, password2: PasswordConfirmation }),
  response: { 200: Token, ...errors(400, 429) },
};

export const CurrentUser = {
  tags: ['auth'],
  security: [{ bearer: [] }],
  response: { 200: User, ...errors(401) },
};

export const Edit = {
  tags: ['auth'],
  security: [{ bearer: [] }],
  body: Body({
    name: Name,
    email: Email,
    gender: Type.Optional(Gender),
    emailReminders: Type.Optional(Type.Boolean({ 'x-error': 'Выберите, присылать ли напоминания' })),
  }),
  response: { 200: Type.Object({ success: Type.Literal(true) }), ...errors(400, 401) },
};

export const ChangePassword = {
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
