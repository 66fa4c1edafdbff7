/** API tokens, as the auth hook finds a bearer token's owner and marks its use. */

export { findLiveToken, touchToken } from './repository.js';
