/** The import on embedded PGlite, whose one connection the import's transaction holds while it runs. */
import { describe, expect, it } from 'vitest';
import { boardDetail, person, useTestApp } from '../../test/fixtures.js';
import { importBoard } from '../../test/imports.js';
import { addCard, addChecklist, addList, trelloBoard } from '../../test/trello.js';

const t = useTestApp({}, { pglite: true });

describe('POST /api/import on PGlite', () => {
  it('imports a Trello board whole', async () => {
    const board = trelloBoard('Дом');
    const list = addList(board, 'Дела', 1);
    for (let index = 0; index < 600; index += 1) {
      const card = addCard(board, list, `Карточка ${index + 1}`);
      addChecklist(board, card, 'Шаги', [['Шаг', index % 2 === 0]]);
    }
    const me = await person(t.app, 'Импортёр');
    const job = await importBoard(t.app, me, JSON.stringify(board), 'board.json');
    expect(job).toMatchObject({ state: 'done', progress: 1, report: { tasks: 600, checklistItems: 600 } });
    const detail = (await boardDetail(t.app, me, job.boardId!)).body;
    expect(Object.keys(detail.tasks)).toHaveLength(600);
  });
});
