/** A task's files, as the task's detail reads them, and one file (a task's cover is checked by it). */

export { attachmentDisposition } from './content.js';
export { filesOfTask, filesOfTasks, findFile } from './repository.js';
