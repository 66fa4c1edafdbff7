import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskDetail } from 'contract';
import { bodyOf, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { editField, startDraft } from './model/draft';
import { conflictTitle, valueText } from './model/field-text';
import { fromForm } from './model/task-form';
import { autosaveTiming } from './model/use-task-draft';

// The viewer is in Yekaterinburg (UTC+5, no daylight saving): local times differ from UTC.
const ZONE = 'Asia/Yekaterinburg';
beforeAll(() => {
  vi.stubEnv('TZ', ZONE);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const WAIT = { timeout: 5000 };

const detail = (patch: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску' }),
  description: '',
  comments: [],
  files: [],
  checklists: [],
  ...patch,
});

async function openTask(task: TaskDetail) {
  routeApi({
    'GET /api/board/7': makeBoard(),
    'GET /api/task/7/2': task,
    'PUT /api/task/edit': makeTask('2', '10'),
  });
  renderApp('/board/7/task/2');
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  const date = (await within(dialog).findByLabelText('Срок', {}, WAIT)) as HTMLInputElement;
  return { dialog, date, time: within(dialog).getByLabelText('Время') as HTMLInputElement };
}

// These tests save with 'Готово' (or meet a 400, 404 or 409 there): the save after a quiet moment
// would race them, so it waits past their end. The modal's own quiet-time save has its test.
beforeEach(() => {
  autosaveTiming.delayMs = 60_000;
});
afterEach(() => {
  autosaveTiming.delayMs = 700;
});

describe('due date in the task modal', { timeout: 15_000 }, () => {
  it('is typed by keyboard in the viewer’s zone and sent in UTC', async () => {
    const user = userEvent.setup();
    const { dialog, date, time } = await openTask(detail());
    expect(date.value).toBe('');
    expect(time.disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Убрать срок' })).toBeNull();

    await user.click(date);
    await user.keyboard('2026-11-25');
    expect(date.value).toBe('2026-11-25');
    await user.tab();
    expect(document.activeElement).toBe(time);
    await user.keyboard('14:00');
    expect(time.value).toBe('14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({ dueAt: '2026-11-25T09:00:00.000Z', version: 1 });
    expect(bodyOf('PUT /api/task/edit')).not.toHaveProperty('dueDone');
  });

  it('reads a day without a time, ticks it done, and sends only what changed', async () => {
    const user = userEvent.setup();
    // 23:59 in Yekaterinburg: a day without a time.
    const { dialog, date, time } = await openTask(detail({ dueAt: '2026-11-25T18:59:00.000Z' }));
    expect(date.value).toBe('2026-11-25');
    expect(time.value).toBe('');
    const done = within(dialog).getByLabelText('Выполнено') as HTMLInputElement;
    done.focus();
    await user.keyboard(' ');
    expect(done.checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    const body = bodyOf('PUT /api/task/edit') as Record<string, unknown>;
    expect(body.dueDone).toBe(true);
    expect(body).not.toHaveProperty('dueAt');
  });

  it('clears the date and the tick with ‘Убрать срок’', async () => {
    const user = userEvent.setup();
    const { dialog, date } = await openTask(detail({ dueAt: '2026-11-25T09:00:00.000Z', dueDone: true }));
    expect((within(dialog).getByLabelText('Время') as HTMLInputElement).value).toBe('14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Убрать срок' }));
    expect(date.value).toBe('');
    expect((within(dialog).getByLabelText('Выполнено') as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({ dueAt: null, dueDone: false });
  });

  it('shows the server’s due date error under the field', async () => {
    const user = userEvent.setup();
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': () => jsonResponse(400, { dueAt: 'Некорректная дата' }),
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    await user.click(await within(dialog).findByLabelText('Срок', {}, WAIT));
    await user.keyboard('2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    expect(await within(dialog).findByText('Некорректная дата')).toBeTruthy();
  });
});

describe('start date in the task modal', { timeout: 15_000 }, () => {
  it('is sent in the same versioned edit as the due date, which goes only when changed', async () => {
    const user = userEvent.setup();
    const { dialog } = await openTask(detail({ dueAt: '2026-11-28T18:59:00.000Z' }));
    const start = within(dialog).getByLabelText('Начало') as HTMLInputElement;
    expect(start.value).toBe('');
    expect(start.max).toBe('2026-11-28');
    await user.click(start);
    await user.keyboard('2026-11-25');
    await user.click(within(dialog).getByLabelText('Время начала'));
    await user.keyboard('10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({ startAt: '2026-11-25T05:00:00.000Z', version: 1 });
    expect(bodyOf('PUT /api/task/edit')).not.toHaveProperty('dueAt');
  });

  it('clears the start with ‘Убрать начало’, keeping the due date', async () => {
    const user = userEvent.setup();
    const { dialog, date } = await openTask(
      detail({ startAt: '2026-11-24T18:59:00.000Z', dueAt: '2026-11-28T18:59:00.000Z' }),
    );
    expect((within(dialog).getByLabelText('Начало') as HTMLInputElement).value).toBe('2026-11-24');
    await user.click(within(dialog).getByRole('button', { name: 'Убрать начало' }));
    expect((within(dialog).getByLabelText('Начало') as HTMLInputElement).value).toBe('');
    expect(date.value).toBe('2026-11-28');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    const body = bodyOf('PUT /api/task/edit') as Record<string, unknown>;
    expect(body.startAt).toBeNull();
    expect(body).not.toHaveProperty('dueAt');
  });

  it('shows the server’s start error under ‘Начало’', async () => {
    const user = userEvent.setup();
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail({ dueAt: '2026-11-20T18:59:00.000Z' }),
      'PUT /api/task/edit': () => jsonResponse(400, { startAt: 'Начало позже срока' }),
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const start = (await within(dialog).findByLabelText('Начало', {}, WAIT)) as HTMLInputElement;
    await user.click(start);
    await user.keyboard('2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    const error = await within(dialog).findByText('Начало позже срока');
    expect(start.getAttribute('aria-describedby')?.split(' ')).toContain(
      error.id || error.closest('[id]')?.id,
    );
    expect(start.value).toBe('2026-11-25');
  });
});

describe('due date in the draft', () => {
  it('is a field with its label in the conflict texts', () => {
    const draft = editField(startDraft(detail()), 'dueAt', '2026-11-25T14:00');
    expect(fromForm(draft.form, draft.base)).toMatchObject({ dueAt: '2026-11-25T09:00:00.000Z' });
    expect(conflictTitle('dueAt', 'Борис')).toBe('Поле «Срок» изменил(а) Борис');
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(valueText('dueAt', '2026-11-25T14:00', makeBoard(), now)).toBe('25 ноября, 14:00');
    expect(valueText('dueAt', '2027-01-05', makeBoard(), now)).toBe('5 января 2027');
    expect(valueText('dueAt', '', makeBoard(), now)).toBe('без срока');
    expect(conflictTitle('startAt', 'Борис')).toBe('Поле «Начало» изменил(а) Борис');
    expect(valueText('startAt', '2026-11-24', makeBoard(), now)).toBe('24 ноября');
    expect(valueText('startAt', '', makeBoard(), now)).toBe('без начала');
    expect(valueText('dueDone', true, makeBoard(), now)).toBe('выполнено');
  });
});
