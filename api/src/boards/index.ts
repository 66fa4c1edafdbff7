/** The board's settings, as an export reads them. */

export { findBoardSettings } from './repository.js';
