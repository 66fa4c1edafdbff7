/** Schemas and helpers shared by the domain folders. */
import { type TProperties, Type } from 'typebox';

/** A request body object: unknown properties are removed before the handler sees it. */
export const Body = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const ErrorBody = Type.Record(Type.String(), Type.String(), {
  description: 'Field-keyed Russian messages; `message` when no field applies',
});

/** Error responses for the given statuses, every route also documents 500. */
export function errors<const S extends number>(...statuses: S[]) {
  const result = {} as Record<S | 500, typeof ErrorBody>;
  for (const status of [...statuses, 500] as (S | 500)[]) result[status] = ErrorBody;
  return result;
}

export const LIMITS = { name: 100, email: 254, password: 200, code: 32 } as const;

/** Largest id a PostgreSQL integer column holds; larger path ids would fail in the database. */
export const MAX_ID = 2_147_483_647;

/** A numeric id in a path or query string. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, 'x-error': 'Некорректный идентификатор' });

export const Success = Type.Object({ success: Type.Literal(true) });

/** A colour as `#rrggbb`, lower case. */
export const Color = Type.String({ pattern: '^#[0-9a-f]{6}$', 'x-error': 'Некорректный цвет' });

export const Email = Type.String({
  format: 'email',
  maxLength: LIMITS.email,
  'x-error': 'Введите корректный e-mail',
});

export const Name = Type.String({
  minLength: 1,
  maxLength: LIMITS.name,
  'x-error': 'Введите имя',
});

export const NewPassword = Type.String({
  minLength: 6,
  maxLength: LIMITS.password,
  'x-error': 'Пароль должен быть не короче 6 символов',
});

export const PasswordConfirmation = Type.String({
  maxLength: LIMITS.password,
  'x-error': 'Пароли не совпадают',
});

export const PASSWORDS_DIFFER = { password2: 'Пароли не совпадают' } as const;
