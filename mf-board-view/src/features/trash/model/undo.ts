/**
 * The undo offer's entry point under the trash feature. Other features import it from
 * `src/shared/undo.ts` (features do not import each other); the trash feature renders the toast.
 */
export { offerUndo, type UndoOffer, useUndo } from '../../../shared/undo';
