import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateLabel, DEFAULT_LABEL_COLOR, DeleteLabel, EditLabel, MESSAGES } from 'contract/labels';
import type { preValidationHookHandler } from 'fastify';
import { fieldChanges } from '../board-change/activity.js';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import { saveVersioned } from '../board-change/revisions.js';
import { trashThenDelete } from '../board-change/trash-entries.js';
import { notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { createLabel, deleteLabel, findLabel, labelFields, updateLabel } from './repository.js';

const normalizeLabel: preValidationHookHandler = normalize({ title: 'trim', color: 'lower' });

const labelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = changeOf('labels');

  app.post('/:boardId', { schema: CreateLabel, preValidation: normalizeLabel }, async (request, reply) => {
    const boardId = request.params.boardId;
    const { title, color = DEFAULT_LABEL_COLOR } = request.body;
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const label = await createLabel(trx, boardId, { title, color }, userId);
      changes.label(label.id).record('label.created', { data: { title: label.title } });
      return label;
    });
  });

  // With `version`, as PUT /api/task/edit: fields merge, a field changed meanwhile by both is a 409.
  app.put(
    '/:boardId/:labelId',
    { schema: EditLabel, preValidation: normalizeLabel },
    async (request, reply) => {
      const boardId = request.params.boardId;
      const labelId = request.params.labelId;
      const userId = request.user.id;
      const { version, ...mine } = request.body;
      return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
        const current = await findLabel(trx, boardId, labelId);
        if (!current) throw notFound();
        const fields = labelFields(current);
        const save = await saveVersioned(trx, {
          entity: 'label',
          entityId: labelId,
          version,
          current: fields,
          mine,
          message: MESSAGES.conflict,
          current409: () => ({ label: current }),
        });
        changes.label(labelId);
        if (!save.changed) return current;
        const updated = await updateLabel(trx, boardId, current, save.fields, userId);
        const edited = fieldChanges(fields, labelFields(updated), ['title', 'color', 'isMainColor']);
        if (edited.length > 0) {
          changes.record('label.edited', { data: { title: updated.title, changes: edited } });
        }
        return updated;
      });
    },
  );

  app.delete('/:boardId/:labelId', { schema: DeleteLabel }, async (request, reply) => {
    const boardId = request.params.boardId;
    const labelId = request.params.labelId;
    const userId = request.user.id;
    // The label, with the tasks that had it, goes to the board's trash first (board-change/trash-entries.ts).
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const current = await findLabel(trx, boardId, labelId);
      if (!current) throw notFound();
      await trashThenDelete(trx, { boardId, userId, kind: 'label', id: labelId }, () =>
        deleteLabel(trx, boardId, labelId),
      );
      changes.removeLabel(labelId).record('label.deleted', { data: { title: current.title } });
      return { success: true as const };
    });
  });
};

export default labelRoutes;
