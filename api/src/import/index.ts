/**
 * The import's reader of this service's own export and its one writer, as copies and templates reuse
 * them: a board read as a SourceBoard is written as a new board, or its cards onto a board that exists.
 */

export { readKanbanDocument, sourceOfExport, sourceTask } from './kanban.js';
export { BrokenSource, copiedBoard, copiedTask, type SourceBoard, type SourceTask } from './source.js';
export { Clipper, type PlacedTask, type TaskTarget, writeBoard, writeTasks } from './write.js';
