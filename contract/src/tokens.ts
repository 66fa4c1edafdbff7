/**
 * Personal API tokens (/settings 'Токены API'): a user makes a named token with a scope ('Чтение' or
 * 'Чтение и запись') and an optional expiry; it is shown once and kept hashed. Sent as
 * `Authorization: Bearer <token>`, it works on every API call within its scope and the user's board
 * roles, except managing tokens, the password, two-factor sign-in and the e-mail. Revoking is immediate.
 */
import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_TITLES: Record<TokenScope, string> = { read: 'Чтение', write: 'Чтение и запись' };

/** Every token starts with this, so a bearer value tells which kind it is. */
export const TOKEN_PREFIX = 'kb_';

export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: Type.Enum(TOKEN_SCOPES),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;

export const MESSAGES = {
  name: 'Введите название токена',
  scope: 'Выберите доступ: чтение или чтение и запись',
  expiresAt: 'Срок должен быть в будущем',
  readOnly: 'Токен только для чтения',
  notWithToken: 'С токеном API этого сделать нельзя: войдите в аккаунт',
} as const;

const common = { tags: ['tokens'], security: [{ bearer: [] }] };

export const ListTokens = {
  operationId: 'listTokens',
  summary: "The signed-in user's API tokens (never the secret), newest first",
  ...common,
  response: { 200: Type.Array(ApiToken), ...errors(401, 403) },
};

export const CreateToken = {
  operationId: 'createToken',
  summary: 'Make an API token; the answer shows its secret, once',
  ...common,
  body: Body({
    name: Type.String({ minLength: 1, maxLength: 100, 'x-error': MESSAGES.name }),
    scope: Type.Enum(TOKEN_SCOPES, { 'x-error': MESSAGES.scope }),
    expiresAt: Type.Optional(
      Type.Union(
        [
          Type.String({
            pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
            description: 'ISO 8601 with a zone',
          }),
          Type.Null(),
        ],
        { 'x-error': MESSAGES.expiresAt },
      ),
    ),
  }),
  response: {
    200: Type.Intersect([ApiToken, Type.Object({ token: Type.String() })]),
    ...errors(400, 401, 403),
  },
};

export const RevokeToken = {
  operationId: 'revokeToken',
  summary: 'Revoke an API token: it stops working at once',
  ...common,
  params: Type.Object({ id: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
