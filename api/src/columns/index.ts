/** The columns a board has, as other domains read them. */

export {
  allColumns,
  COLUMN_COLUMNS,
  columnExists,
  columnOrder,
  columnTaskIds,
  toColumn,
} from './repository.js';
