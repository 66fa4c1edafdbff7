/** Accounts, as other domains read and change them. */

export { setPassword, toUser, USER_COLUMNS } from './repository.js';
