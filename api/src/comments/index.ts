/** A task's comments, as the task's detail reads them (many tasks' for an export). */

export { commentsOfTask, commentsOfTasks } from './repository.js';
