/** Invitations, as sign-up claims them and an import sends them (with their letter). */

export { sendInvitationMail } from './mail.js';
export { claimInvitations, findUserIdByEmail, inviteEmail, inviteUser } from './repository.js';
