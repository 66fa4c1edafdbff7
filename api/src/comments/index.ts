/** A task's comments, as the task's detail reads them (many tasks' for an export); one comment, as a webhook sends it. */

export { commentsOfTask, commentsOfTasks, findComment } from './repository.js';
