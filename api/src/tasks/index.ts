/** Tasks, as other domains read and make them (checklists, the board's detail and patch, my tasks, the trash's restore, an import's waiting assignments). */

export {
  archivedTaskIds,
  createTask,
  findTask,
  findTaskDetail,
  findTasks,
  moveTask,
  onBoard,
  recordTaskEdits,
  selectTasks,
  tasksForExport,
  toTask,
} from './repository.js';
export { checklistsOfTasks } from './task-checklists.js';
