/** A task's files, as the task's detail reads them, and one file (a task's cover is checked by it). */

export { attachmentDisposition, safeFileName } from './content.js';
export { boardFileKeys, filesOfTask, filesOfTasks, findFile } from './repository.js';
