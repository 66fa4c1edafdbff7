/**
 * A task's files, as the task's detail reads them, one file (a task's cover is checked by it), and
 * every storage key the rows name (a backup copies them), and download links (public links serve them).
 */

export { attachmentDisposition, safeFileName } from './content.js';
export { downloadLink } from './links.js';
export { boardFileKeys, filesOfTask, filesOfTasks, findFile, namedStorageKeys } from './repository.js';
