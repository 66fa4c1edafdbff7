/** The columns a board has, as other domains read them (and a column's copy makes one). */

export {
  allColumns,
  COLUMN_COLUMNS,
  columnExists,
  columnOrder,
  columnTaskIds,
  createColumn,
  findColumn,
  setColumnOrder,
  toColumn,
} from './repository.js';
export { requireRoom } from './wip.js';
