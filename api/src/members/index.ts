/** Everyone on a board, as other domains read them. */

export { loadMembers } from './repository.js';
