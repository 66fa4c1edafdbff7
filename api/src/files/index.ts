/** A task's files, as the task's detail reads them. */

export { filesOfTask } from './repository.js';
