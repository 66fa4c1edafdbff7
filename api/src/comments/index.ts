/** A task's comments, as the task's detail reads them. */

export { commentsOfTask } from './repository.js';
