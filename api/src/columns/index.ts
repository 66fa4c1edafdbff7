/** The columns a board has, as other domains read them. */

export { COLUMN_COLUMNS, columnExists, columnOrder, columnTaskIds, toColumn } from './repository.js';
