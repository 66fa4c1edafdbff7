/**
 * /api/auth/2fa: the signed-in user's two-factor sign-in. Setup offers a secret (kept aside until a
 * code confirms it), enable turns it on and answers the recovery codes once, disable asks for the
 * password and a code. Codes count against the account's limit, as at signing in. No API token
 * reaches these routes (auth/plugin.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DisableTwoFactor,
  EnableTwoFactor,
  GetTwoFactor,
  SetupTwoFactor,
  MESSAGES as TWO_FACTOR,
} from 'contract/two-factor';
import { HttpError } from '../errors.js';
import { findPasswordHash } from './repository.js';
import {
  acceptSecondFactor,
  countRecoveryCodes,
  findTwoFactor,
  newSetup,
  offerSecret,
  totpStep,
  turnOff,
  turnOn,
} from './two-factor.js';

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = app.config.rateLimits.twoFactorAccount;
  // Turning on counts apart from signing in and turning off, so setting up does not spend sign-in tries.
  const countAttempt = (userId: number, name = '2fa:user') =>
    app.limiter.check('code', [{ name, subject: userId, limit }]);

  app.get('/', { schema: GetTwoFactor }, async (request) => {
    const userId = request.user.id;
    const { secret } = await findTwoFactor(app.db, userId);
    return {
      enabled: secret !== null,
      recoveryCodesLeft: secret ? await countRecoveryCodes(app.db, userId) : 0,
    };
  });

  app.post('/setup', { schema: SetupTwoFactor }, async (request) => {
    const { id: userId, email } = request.user;
    if ((await findTwoFactor(app.db, userId)).secret)
      throw new HttpError(400, { message: TWO_FACTOR.alreadyOn });
    const setup = await newSetup(email);
    await offerSecret(app.db, userId, setup.secret);
    return setup;
  });

  app.post('/enable', { schema: EnableTwoFactor }, async (request) => {
    const userId = request.user.id;
    const state = await findTwoFactor(app.db, userId);
    if (state.secret) throw new HttpError(400, { message: TWO_FACTOR.alreadyOn });
    if (!state.pendingSecret) throw new HttpError(400, { message: TWO_FACTOR.notSetUp });
    await countAttempt(userId, '2fa-enable:user');
    const step = await totpStep(state.pendingSecret, request.body.code, null);
    if (step === null) throw new HttpError(400, { code: TWO_FACTOR.wrongCode });
    return { recoveryCodes: await turnOn(app.db, userId, state.pendingSecret, step) };
  });

  app.post('/disable', { schema: DisableTwoFactor }, async (request) => {
    const userId = request.user.id;
    const { password, code } = request.body;
    if (!(await findTwoFactor(app.db, userId)).secret)
      throw new HttpError(400, { message: TWO_FACTOR.notOn });
    await countAttempt(userId);
    if (!(await app.passwords.verify(password, await findPasswordHash(app.db, userId)))) {
      throw new HttpError(400, { password: TWO_FACTOR.password });
    }
    if (!(await acceptSecondFactor(app.db, userId, code)))
      throw new HttpError(400, { code: TWO_FACTOR.wrongCode });
    await turnOff(app.db, userId);
    return { success: true as const };
  });
};

export default twoFactorRoutes;
