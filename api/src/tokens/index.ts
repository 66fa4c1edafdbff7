/**
 * API tokens, as the auth hook finds a bearer token's owner and marks its use; `hashToken` keeps any
 * long random secret (two-factor recovery codes too).
 */

export { findLiveToken, hashToken, touchToken } from './repository.js';
