import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PASSWORDS_DIFFER } from 'contract/common';
import { CreateReset, FinishReset, ValidateReset } from 'contract/reset';
import { HttpError } from '../errors.js';
import { normalize } from '../schemas.js';
import { CodeHasher, generateCode } from './code.js';
import { resetMail } from './mail.js';
import {
  completeReset,
  createReset,
  findReset,
  findUserIdByEmail,
  markValidated,
  recordWrongCode,
} from './repository.js';

const TTL_SECONDS = 15 * 60;
const MAX_ATTEMPTS = 5;

const WRONG_CODE = { code: 'Неверный код' };
const CODE_LAPSED = { code: 'Код недействителен или устарел. Запросите сброс пароля заново.' };
const NO_TRIES_LEFT = { code: 'Слишком много неверных попыток. Запросите сброс пароля заново.' };
const CANNOT_FINISH = { password: 'Сброс пароля недействителен или устарел. Запросите сброс заново.' };

const resetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { rateLimits: limits, publicUrl, jwtSecret } = app.config;
  const codes = new CodeHasher(jwtSecret);

  // Known and unknown e-mails take the same path (a reset row is stored either way) and get the same
  // answer; only a known address gets a message, sent after the reply so its timing tells nothing.
  app.post(
    '/create',
    { schema: CreateReset, preValidation: normalize({ email: 'lower' }) },
    async (request) => {
      const { email } = request.body;
      await app.limiter.check('email', [
        { name: 'reset:ip', subject: request.ip, limit: limits.resetCreateIp },
        { name: 'reset:email', subject: email, limit: limits.resetCreateAccount },
      ]);
      const id = randomUUID();
      const code = generateCode();
      const userId = await findUserIdByEmail(app.db, email);
      await createReset(app.db, { id, userId, codeHash: codes.hash(id, code), ttlSeconds: TTL_SECONDS });
      if (userId !== null) {
        const link = `${publicUrl}/reset/validate/${id}?code=${encodeURIComponent(code)}`;
        app.mailer
          .send(resetMail(email, code, link))
          .catch((err: unknown) => request.log.error({ err, resetId: id }, 'reset mail failed'));
      }
      return { id };
    },
  );

  app.patch(
    '/validate',
    { schema: ValidateReset, preValidation: normalize({ code: 'lower' }) },
    async (request) => {
      const { code, resetId } = request.body;
      await app.limiter.check('code', [
        { name: 'validate:ip', subject: request.ip, limit: limits.resetValidateIp },
        { name: 'validate:reset', subject: resetId, limit: limits.resetValidateAccount },
      ]);
      const reset = await findReset(app.db, resetId);
      if (!reset?.awaitingCode) throw new HttpError(400, CODE_LAPSED);
      if (reset.attempts >= MAX_ATTEMPTS) throw new HttpError(400, NO_TRIES_LEFT);
      if (reset.userId === null || !codes.matches(resetId, code, reset.codeHash)) {
        const attempts = await recordWrongCode(app.db, resetId);
        throw new HttpError(400, attempts >= MAX_ATTEMPTS ? NO_TRIES_LEFT : WRONG_CODE);
      }
      if (!(await markValidated(app.db, resetId, MAX_ATTEMPTS))) throw new HttpError(400, CODE_LAPSED);
      return { id: resetId };
    },
  );

  app.patch('/password', { schema: FinishReset }, async (request) => {
    const { resetId, password, password2 } = request.body;
    if (password !== password2) throw new HttpError(400, PASSWORDS_DIFFER);
    const passwordHash = await app.passwords.hash(password);
    if (!(await completeReset(app.db, resetId, passwordHash))) throw new HttpError(400, CANNOT_FINISH);
    return { isCompleted: true as const };
  });
};

export default resetRoutes;
