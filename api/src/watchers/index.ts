/** Who watches a task, as the task routes ask it. */

export { isWatching } from './repository.js';
