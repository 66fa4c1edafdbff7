/**
 * The contract's import limits and messages this dialog needs (contract/imports.ts). Copied rather
 * than imported: that module builds its TypeBox schemas as it loads, which would bring TypeBox (47 kB)
 * into the dialog's chunk for two values. import-board.test.tsx checks they stay equal.
 */

/** The largest file the import takes (the API answers 413 past it). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Why an import that ended without a reason of its own failed. */
export const IMPORT_FAILED = 'Импорт не удался: доска не создана';
