/** Everyone on a board, as other domains read them. */

export { loadMembers, membersAmong } from './repository.js';
