import { Type } from 'typebox';
import { Body, Email, errors, LIMITS, NewPassword, PasswordConfirmation } from './common.js';

const ResetId = Type.String({ format: 'uuid', 'x-error': 'Запрос на сброс пароля не найден' });
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const CreateReset = {
  operationId: 'createPasswordReset',
  summary: 'E-mail a password reset code',
  security: [],
  tags: ['reset'],
  body: Body({ email: Email }),
  response: { 200: Id, ...errors(400, 429) },
};

export const ValidateReset = {
  operationId: 'validatePasswordReset',
  summary: 'Check a password reset code',
  security: [],
  tags: ['reset'],
  body: Body({
    code: Type.String({ minLength: 1, maxLength: LIMITS.code, 'x-error': 'Введите код из письма' }),
    resetId: ResetId,
  }),
  response: { 200: Id, ...errors(400, 429) },
};

export const FinishReset = {
  operationId: 'finishPasswordReset',
  summary: 'Set a new password with a reset code',
  security: [],
  tags: ['reset'],
  body: Body({ resetId: ResetId, password: NewPassword, password2: PasswordConfirmation }),
  response: { 200: Type.Object({ isCompleted: Type.Literal(true) }), ...errors(400) },
};
