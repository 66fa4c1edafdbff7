import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePassword, CurrentUser, Edit, Login, Register } from 'contract/auth';
import { PASSWORDS_DIFFER } from 'contract/common';
import { LoginSecondStep, MESSAGES as TWO_FACTOR } from 'contract/two-factor';
import { HttpError } from '../errors.js';
import { claimInvitations } from '../invites/index.js';
import { normalize } from '../schemas.js';
import {
  createUser,
  findCredentialsByEmail,
  findPasswordHash,
  setPassword,
  updateProfile,
} from './repository.js';
import { acceptSecondFactor } from './two-factor.js';

const EMAIL_TAKEN = { email: 'Этот e-mail уже зарегистрирован' };

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.rateLimits;

  app.post('/login', { schema: Login, preValidation: normalize({ email: 'lower' }) }, async (request) => {
    const { email, password } = request.body;
    await app.limiter.check('email', [
      { name: 'login:ip', subject: request.ip, limit: limits.loginIp },
      { name: 'login:email', subject: email, limit: limits.loginAccount },
    ]);
    const account = await findCredentialsByEmail(app.db, email);
    const valid = await app.passwords.verify(password, account?.passwordHash ?? null);
    if (!account || !valid) throw new HttpError(400, { password: 'Неверный e-mail или пароль' });
    if (account.twoFactor) {
      return { twoFactorRequired: true as const, ticket: app.issueTicket(account.id, account.tokenVersion) };
    }
    return { token: app.issueToken(account.id, account.tokenVersion) };
  });

  app.post('/login/2fa', { schema: LoginSecondStep }, async (request) => {
    const { ticket, code } = request.body;
    const account = await app.readTicket(ticket);
    if (!account) throw new HttpError(400, { ticket: TWO_FACTOR.ticket });
    await app.limiter.check('code', [
      { name: '2fa:user', subject: account.userId, limit: limits.twoFactorAccount },
    ]);
    if (!(await acceptSecondFactor(app.db, account.userId, code))) {
      throw new HttpError(400, { code: TWO_FACTOR.wrongCode });
    }
    return { token: app.issueToken(account.userId, account.tokenVersion) };
  });

  app.post(
    '/register',
    { schema: Register, preValidation: normalize({ name: 'trim', email: 'lower' }) },
    async (request) => {
      const { name, email, password, password2 } = request.body;
      if (password !== password2) throw new HttpError(400, PASSWORDS_DIFFER);
      await app.limiter.check('email', [
        { name: 'register:ip', subject: request.ip, limit: limits.registerIp },
      ]);
      const passwordHash = await app.passwords.hash(password);
      // Invitations sent to this address before it had an account become pending ones of the user.
      const account = await app.db.transaction().execute(async (trx) => {
        const created = await createUser(trx, { name, email, passwordHash });
        if (created) await claimInvitations(trx, created.id, email);
        return created;
      });
      if (!account) throw new HttpError(400, EMAIL_TAKEN);
      return { token: app.issueToken(account.id, account.tokenVersion) };
    },
  );

  app.get('/user', { schema: CurrentUser }, async (request) => request.user);

  app.put(
    '/edit',
    { schema: Edit, preValidation: normalize({ name: 'trim', email: 'lower' }) },
    async (request) => {
      const updated = await updateProfile(app.db, request.user.id, request.body);
      if (!updated) throw new HttpError(400, EMAIL_TAKEN);
      return { success: true as const };
    },
  );

  app.put('/password', { schema: ChangePassword }, async (request) => {
    const { oldPassword, password, password2 } = request.body;
    const userId = request.user.id;
    if (password !== password2) throw new HttpError(400, PASSWORDS_DIFFER);
    await app.limiter.check('oldPassword', [
      { name: 'password:user', subject: userId, limit: limits.passwordAccount },
    ]);
    const valid = await app.passwords.verify(oldPassword, await findPasswordHash(app.db, userId));
    if (!valid) throw new HttpError(400, { oldPassword: 'Неверный пароль' });
    const tokenVersion = await setPassword(app.db, userId, await app.passwords.hash(password));
    return { success: true as const, token: app.issueToken(userId, tokenVersion) };
  });
};

export default authRoutes;
