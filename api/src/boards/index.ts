/** The board's settings and a member's boards, as an export reads them. */

export { boardsOfMember, findBoardSettings } from './repository.js';
