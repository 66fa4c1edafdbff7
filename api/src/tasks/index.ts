/** Tasks, as other domains read and make them (checklists, the board's detail and patch, my tasks, the trash's restore). */

export {
  createTask,
  findTask,
  findTaskDetail,
  findTasks,
  onBoard,
  recordTaskEdits,
  selectTasks,
  toTask,
} from './repository.js';
