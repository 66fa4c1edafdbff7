import type { TaskDetail } from 'contract';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask } from '../../../test/utils';
import { conflictsAgainst, readConflict } from './conflict';
import {
  chooseValue,
  editField,
  followDetail,
  markSaved,
  rebaseOnConflict,
  restoreDraft,
  startDraft,
  unsavedEdits,
} from './draft';
import { conflictTitle, valueText } from './field-text';

const detail = (patch: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску', labels: [21] }),
  description: 'Подробности',
  comments: [],
  files: [],
  checklists: [],
  ...patch,
});

describe('task draft', () => {
  it('after a save, bases the form on the saved task and keeps only what was typed meanwhile', () => {
    const typed = editField(editField(startDraft(detail()), 'title', 'Новое'), 'description', 'Текст');
    const sent = typed.form;
    // While the save is under way the user goes on typing the description.
    const later = editField(typed, 'description', 'Текст и ещё');
    const saved = markSaved(later, sent, {
      ...makeTask('2', '10', { title: 'Новое', labels: [21] }),
      version: 2,
    });
    expect(saved).toMatchObject({ version: 2, touched: ['description'], held: false });
    expect(saved.form).toMatchObject({ title: 'Новое', description: 'Текст и ещё' });
    expect(saved.base.description).toBe('Текст');
    expect(unsavedEdits(saved)).toEqual({ version: 2, fields: { description: 'Текст и ещё' } });
    expect(unsavedEdits(markSaved(saved, saved.form, { ...makeTask('2', '10'), version: 3 }))).toBeNull();
  });

  it('puts kept edits back over the task as opened, as edits from the version they were made on', () => {
    const kept = { version: 1, fields: { title: 'Черновик', description: 'Подробности' } };
    const opened = restoreDraft(detail({ version: 3, description: 'Подробности' }), kept);
    // The description kept equals the task's: nothing to save there.
    expect(opened).toMatchObject({ version: 1, touched: ['title'], form: { title: 'Черновик' } });
    const nothing = restoreDraft(detail({ version: 3, title: 'Черновик' }), kept);
    expect(nothing).toMatchObject({ version: 3, touched: [] });
  });

  it('takes others’ changes into untouched fields and moves its version on', () => {
    const draft = editField(startDraft(detail()), 'title', 'Моё');
    const next = followDetail(draft, detail({ version: 2, description: 'Их', labels: [22, 21] }));
    expect(next.form).toMatchObject({ title: 'Моё', description: 'Их', labels: ['22', '21'] });
    expect(next.version).toBe(2);
    expect(next.held).toBe(false);
    // An older answer arriving late changes nothing.
    expect(followDetail(next, detail({ version: 1 }))).toBe(next);
  });

  it('holds its version when a field being edited changed remotely, and keeps following the rest', () => {
    const draft = editField(startDraft(detail()), 'description', 'Моё');
    const held = followDetail(draft, detail({ version: 2, description: 'Их' }));
    expect(held.form.description).toBe('Моё');
    expect(held).toMatchObject({ version: 1, held: true });
    const later = followDetail(held, detail({ version: 3, description: 'Их', title: 'Новое' }));
    expect(later).toMatchObject({ version: 1, held: true, form: { title: 'Новое', description: 'Моё' } });
    // A remote value equal to the user's loses nothing: no hold.
    const same = followDetail(draft, detail({ version: 2, description: 'Моё' }));
    expect(same).toMatchObject({ version: 2, held: false });
  });

  it('a 409 rebases on the current task and asks only about the fields the user edited', () => {
    const draft = editField(startDraft(detail()), 'description', 'Моё');
    const task = detail({ version: 4, description: 'Их', title: 'Их название' });
    const rebased = rebaseOnConflict(draft, task, [
      { field: 'description', userId: 2, name: 'Борис' },
      { field: 'title', userId: 2, name: 'Борис' },
    ]);
    expect(rebased).toMatchObject({
      version: 4,
      held: false,
      form: { title: 'Их название', description: 'Моё' },
    });
    expect(rebased.conflicts).toEqual([
      { field: 'description', name: 'Борис', mine: 'Моё', theirs: 'Их', choice: 'mine' },
    ]);
    const theirs = chooseValue(rebased, 'description', 'theirs');
    expect(theirs.form.description).toBe('Их');
    expect(chooseValue(theirs, 'description', 'mine').form.description).toBe('Моё');
    // Typing in the field makes the typed text the user's choice.
    expect(editField(theirs, 'description', 'Третье').conflicts[0]).toMatchObject({
      mine: 'Третье',
      choice: 'mine',
    });
  });

  it('reads the API’s 409 body, or works the conflicts out from the current task', () => {
    const task = detail({ version: 3, description: 'Их' });
    const conflicts = [{ field: 'description', userId: 2, name: 'Борис' }];
    expect(readConflict({ message: 'Задачу изменили', task, conflicts })).toEqual({ task, conflicts });
    expect(readConflict({ message: 'Задачу изменили', task: '[object Object]' })).toBeNull();
    const draft = editField(editField(startDraft(detail()), 'description', 'Моё'), 'title', 'Моё');
    expect(conflictsAgainst(draft.base, draft.form, task)).toEqual([
      { field: 'description', userId: null, name: '' },
    ]);
  });

  it('names the field as the modal labels it, and who changed it', () => {
    expect(conflictTitle('description', 'Анна')).toBe('Поле «Описание» изменил(а) Анна');
    expect(conflictTitle('columnId', '')).toBe('Поле «Колонка» изменил(а) другой участник');
    const board = makeBoard();
    expect(valueText('columnId', '11', board)).toBe('В работе');
    expect(valueText('labels', ['21', '22'], board)).toBe('Баг, Фича');
    expect(valueText('assignees', [], board)).toBe('нет');
    expect(valueText('priority', '', board)).toBe('Не задан');
  });
});
