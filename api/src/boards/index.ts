/**
 * The board's settings and a member's boards, as an export reads them; a new board's first revisions,
 * as an import writes them; the whole board, as a public link shows it.
 */

export { loadBoard } from './detail.js';
export { boardsOfMember, findBoardSettings, firstRevisions } from './repository.js';
