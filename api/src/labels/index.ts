/** A board's labels, as other domains read them (and an import writes their first revisions). */

export { boardLabels, countBoardLabels, LABEL_COLUMNS, labelFields, toLabel } from './repository.js';
