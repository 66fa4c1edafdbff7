/** A board's labels, as other domains read them (an import writes their first revisions, a card's copy makes missing ones). */

export {
  boardLabels,
  countBoardLabels,
  createLabel,
  LABEL_COLUMNS,
  labelFields,
  toLabel,
} from './repository.js';
