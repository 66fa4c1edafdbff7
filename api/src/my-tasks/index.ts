/** A user's tasks across boards, as the calendar feed reads them. */

export { findMyTasks } from './repository.js';
