/**
 * Templates made from a board and boards made from templates, both through the import's own parts:
 * a saved template is the board's export document (contract/export.ts) without its people, comments,
 * files, ticks or archive; a board made from one is that document (or a built-in's data) read as a
 * SourceBoard and written by the import writer in one transaction (changeNewBoard).
 */

import { MAX_ID } from 'contract/common';
import type { BoardExport } from 'contract/export';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { changeNewBoard } from '../board-change/change-board.js';
import type { Database } from '../database.js';
import { boardDocument } from '../export/index.js';
import { copiedBoard, readKanbanDocument, type SourceBoard, writeBoard } from '../import/index.js';
import { builtInSource, findBuiltIn } from './built-in.js';
import { findTemplate } from './repository.js';

/**
 * The board as a template keeps it, read in the caller's (repeatable-read) transaction: columns and
 * labels, with `withTasks` the cards and their checklists, unticked.
 */
export async function templateSnapshot(
  db: Kysely<Database>,
  board: { boardId: number; createdBy: number },
  withTasks: boolean,
): Promise<BoardExport> {
  const document = await boardDocument(db, board, { tasks: withTasks, comments: false, archive: false });
  return {
    ...document,
    members: [],
    tasks: document.tasks.map((task) => ({
      ...task,
      assignees: [],
      comments: [],
      files: [],
      checklists: task.checklists.map((checklist) => ({
        title: checklist.title,
        items: checklist.items.map((item) => ({ text: item.text, done: false, assigneeId: null })),
      })),
    })),
  };
}

/** The template `id` of `userId` (a built-in's name or their own template's digits) as a SourceBoard; null when unknown. */
async function templateSource(
  app: FastifyInstance,
  id: string,
  userId: number,
): Promise<{ name: string; source: SourceBoard } | null> {
  const builtIn = findBuiltIn(id);
  if (builtIn) return { name: builtIn.name, source: builtInSource(builtIn) };
  const number = /^[0-9]+$/.test(id) ? Number(id) : 0;
  if (number < 1 || number > MAX_ID) return null;
  const saved = await findTemplate(app.db, number, userId);
  if (!saved) return null;
  return { name: saved.name, source: copiedBoard(readKanbanDocument(saved.snapshot)) };
}

/**
 * A new board of `userId` named `name` made from their template or a built-in one, in one
 * transaction; its id, or null when there is no such template. The template's colour unless `color`.
 */
export async function boardFromTemplate(
  app: FastifyInstance,
  userId: number,
  templateId: string,
  { name, color }: { name: string; color?: string },
): Promise<number | null> {
  const template = await templateSource(app, templateId, userId);
  if (!template) return null;
  const source: SourceBoard = {
    ...template.source,
    settings: { ...template.source.settings, ...(color && { color }) },
  };
  const written = await changeNewBoard(app, userId, (trx, changes) =>
    writeBoard(
      trx,
      source,
      {
        userId,
        name,
        invite: new Map(),
        onStage: () => {},
        copied: { from: 'template', name: template.name },
      },
      changes,
    ),
  );
  return written.boardId;
}
