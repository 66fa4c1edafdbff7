/** A board read as its export writes it, for the copies and templates that reuse it. */

export { boardDocument, type ExportOf, exportedTasks } from './board-export.js';
