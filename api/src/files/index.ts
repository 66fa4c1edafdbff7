/**
 * A task's files, as the task's detail reads them, one file (a task's cover is checked by it), and
 * every storage key the rows name (a backup copies them).
 */

export { attachmentDisposition, safeFileName } from './content.js';
export { boardFileKeys, filesOfTask, filesOfTasks, findFile, namedStorageKeys } from './repository.js';
