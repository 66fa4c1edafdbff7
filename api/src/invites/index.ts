/** Invitations, as sign-up claims them. */

export { claimInvitations } from './repository.js';
