/** A board's labels, as other domains read them. */

export { boardLabels, countBoardLabels, LABEL_COLUMNS, toLabel } from './repository.js';
