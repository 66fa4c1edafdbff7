import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type ImportJob,
  type ImportPreview,
  type ImportReport,
  MAX_IMPORT_BYTES,
  MESSAGES,
} from 'contract/imports';
import { calls, fetchMock, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/utils';
import { describePreview, reportRows, stageText } from './import-text';
import * as limits from './limits';
import { POLL_MS } from './use-import-job';

const JOB = '6f1c2b1e-8a4e-4d8a-9c59-2d7c1f3b9e01';
const TRELLO: ImportPreview = {
  format: 'trello',
  name: 'Test Drive',
  columns: 18,
  tasks: 122,
  members: [
    { id: 'm-anna', name: 'Анна Петрова', email: null },
    { id: 'm-boris', name: 'Борис Сидоров', email: null },
  ],
};
const REPORT: ImportReport = {
  columns: 2,
  tasks: 5,
  archivedColumns: 1,
  archivedTasks: 1,
  labels: 2,
  checklists: 2,
  checklistItems: 3,
  comments: 3,
  dueDates: 1,
  invited: ['anna@example.com'],
  skipped: [{ what: 'Голоса', why: 'нет на нашей доске: карточек — 1' }],
};
const running = (done: number, total: number): ImportJob => ({
  id: JOB,
  state: 'running',
  progress: 0.5,
  stage: { name: 'tasks', done, total },
});
const DONE: ImportJob = { id: JOB, state: 'done', progress: 1, stage: null, boardId: 42, report: REPORT };

/** 3400 as the browser writes it in Russian (groups split by a no-break space). */
const n = (value: number) => value.toLocaleString('ru-RU');

/** Answers the page's own calls, the import's `routes`, and the job's states one read after another. */
function serve(routes: Parameters<typeof routeApi>[0], jobs: ImportJob[] = []) {
  let read = 0;
  routeApi({
    'GET /api/board/deleted': [],
    'GET /api/board': [{ id: 1, name: 'Ремонт', color: '#1e3a8a' }],
    'GET /api/invite': [],
    [`GET /api/import/${JOB}`]: () => jsonResponse(200, jobs[Math.min(read++, jobs.length - 1)]),
    ...routes,
  });
}

/** The multipart form of the last call to `path`. */
function formOf(path: string): FormData {
  const found = fetchMock.mock.calls.findLast(([input]) => String(input).endsWith(path));
  return found?.[1]?.body as FormData;
}

async function openDialog() {
  renderApp('/');
  await screen.findByRole('link', { name: 'Ремонт' });
  fireEvent.click(screen.getByRole('button', { name: 'Импорт' }));
  return screen.findByRole('dialog', { name: 'Импорт доски' });
}

async function pick(file: File) {
  fireEvent.change(await screen.findByTestId('dropzone-input'), { target: { files: [file] } });
}

const trelloFile = () => new File(['{"id":"x"}'], 'trello.json', { type: 'application/json' });

describe('import texts', () => {
  it("keep the contract's limit and message (copied to keep TypeBox out of the chunk)", () => {
    expect(limits.MAX_IMPORT_BYTES).toBe(MAX_IMPORT_BYTES);
    expect(limits.IMPORT_FAILED).toBe(MESSAGES.failed);
  });

  it('describes each format with Russian plurals and grouped numbers', () => {
    expect(describePreview(TRELLO)).toBe('Trello: «Test Drive», 18 списков, 122 карточки');
    expect(describePreview({ ...TRELLO, columns: 21, tasks: 3400 })).toBe(
      `Trello: «Test Drive», 21 список, ${n(3400)} карточек`,
    );
    expect(describePreview({ ...TRELLO, format: 'csv', name: 'tasks', columns: 1, tasks: 3 })).toBe(
      'CSV: «tasks», 1 колонка, 3 задачи',
    );
    expect(describePreview({ ...TRELLO, format: 'kanban', name: 'Ремонт', columns: 4, tasks: 11 })).toBe(
      'Экспорт доски: «Ремонт», 4 колонки, 11 задач',
    );
  });

  it('words every stage of the progress line', () => {
    const at = (name: NonNullable<ImportJob['stage']>['name'], done = 3400, total = 10_000) =>
      stageText({ state: 'running', stage: { name, done, total } });
    expect(n(3400)).toMatch(/^3\s400$/);
    expect(at('reading')).toBe('Читаем файл');
    expect(at('columns', 2, 3)).toBe('Колонки: 2 из 3');
    expect(at('tasks')).toBe(`Карточки: ${n(3400)} из ${n(10_000)}`);
    expect(at('checklists')).toBe(`Пункты чек-листов: ${n(3400)} из ${n(10_000)}`);
    expect(at('comments')).toBe(`Комментарии: ${n(3400)} из ${n(10_000)}`);
    expect(at('finishing')).toBe('Приглашения');
    expect(stageText({ state: 'queued', stage: null })).toBe('В очереди');
  });

  it('lists the report', () => {
    expect(
      reportRows({ ...REPORT, invited: [], checklistItems: 1 }).map((row) => `${row.term}: ${row.value}`),
    ).toEqual([
      'Колонки: 2',
      'Задачи: 5',
      'В архиве: 1 колонка, 1 задача',
      'Метки: 2',
      'Чек-листы: 2 (1 пункт)',
      'Комментарии: 3',
      'Сроки: 1',
      'Приглашены: никто',
    ]);
  });
});

describe('import dialog', () => {
  it('describes the file, maps a member and follows the import to its summary', async () => {
    signIn();
    let describe: (response: Response) => void = () => {};
    serve(
      {
        'POST /api/import/preview': () => new Promise<Response>((resolve) => (describe = resolve)),
        'POST /api/import': () => jsonResponse(202, { id: JOB }),
      },
      [running(3400, 10_000), DONE],
    );
    const dialog = await openDialog();
    expect(dialog.style.maxWidth).toBe('600px');
    expect(within(dialog).getByRole('heading', { name: 'Файл' })).toBeTruthy();

    await pick(trelloFile());
    expect(await within(dialog).findByText('Читаем файл…')).toBeTruthy();
    describe(jsonResponse(200, TRELLO));
    expect(await within(dialog).findByText('Trello: «Test Drive», 18 списков, 122 карточки')).toBeTruthy();
    const preview = formOf('/api/import/preview');
    expect((preview.get('file') as File).name).toBe('trello.json');
    expect(preview.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const name = within(dialog).getByLabelText('Название доски') as HTMLInputElement;
    expect(name.value).toBe('Test Drive');
    expect(name.maxLength).toBe(100);
    fireEvent.change(name, { target: { value: 'Из Trello' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Далее' }));
    const heading = within(dialog).getByRole('heading', { name: 'Участники' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      within(dialog).getByText(
        'Приглашённые получат письмо; их задачи будут назначены, когда они примут приглашение.',
      ),
    ).toBeTruthy();
    // Nobody is invited until asked: the Trello file has no addresses.
    expect((within(dialog).getByLabelText('Анна Петрова') as HTMLSelectElement).value).toBe('skip');
    expect(within(dialog).queryByLabelText('E-mail для «Анна Петрова»')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Анна Петрова'), { target: { value: 'invite' } });
    const email = within(dialog).getByLabelText('E-mail для «Анна Петрова»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Импортировать' }));
    expect(await within(dialog).findByText('Введите e-mail или выберите «Не приглашать»')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: 'anna@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Импортировать' }));
    expect(await within(dialog).findByText('Некорректный e-mail')).toBeTruthy();
    expect(calls()).not.toContain('POST /api/import');
    fireEvent.change(email, { target: { value: ' anna@example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Импортировать' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Импорт доски' });
    const started = formOf('/api/import');
    expect(started.get('name')).toBe('Из Trello');
    expect(JSON.parse(String(started.get('members')))).toEqual({ 'm-anna': 'anna@example.com' });
    expect((started.get('file') as File).name).toBe('trello.json');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(dialog.querySelector('.import-board__stage')?.textContent).toBe(
      `Карточки: ${n(3400)} из ${n(10_000)}`,
    );
    // The live region names the stage only, so a screen reader hears it once, not every tick.
    const live = dialog.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('Карточки');
    expect(
      within(dialog).getByText('Окно можно закрыть: импорт продолжится, доска появится в списке.'),
    ).toBeTruthy();

    const done = await within(dialog).findByRole(
      'heading',
      { name: 'Доска «Из Trello» готова' },
      { timeout: POLL_MS * 4 },
    );
    await waitFor(() => expect(document.activeElement).toBe(done));
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      'Колонки: 2',
      'Задачи: 5',
      'В архиве: 1 колонка, 1 задача',
      'Метки: 2',
      'Чек-листы: 2 (3 пункта)',
      'Комментарии: 3',
      'Сроки: 1',
      'Приглашены: anna@example.com',
    ]);
    expect(within(dialog).getByText('Голоса: нет на нашей доске: карточек — 1')).toBeTruthy();
    // The board list is read again for the new board.
    await waitFor(() => expect(calls().filter((call) => call === 'GET /api/board')).toHaveLength(2));
    const open = within(dialog).getByRole('link', { name: 'Открыть доску' });
    expect(open.getAttribute('href')).toBe('/board/42');
    fireEvent.click(open);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the preview's refusal and takes another file, which has nobody to map", async () => {
    signIn();
    let answer = jsonResponse(400, { file: MESSAGES.unknownFormat });
    serve({ 'POST /api/import/preview': () => answer });
    const dialog = await openDialog();
    await pick(new File(['hello'], 'notes.txt'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.unknownFormat);
    expect(within(dialog).queryByLabelText('Название доски')).toBeNull();

    answer = jsonResponse(200, { format: 'csv', name: 'tasks', columns: 1, tasks: 3, members: [] });
    expect(within(dialog).getByRole('button', { name: 'Выбрать другой файл' })).toBeTruthy();
    await pick(new File(['Название\nа'], 'tasks.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('CSV: «tasks», 1 колонка, 3 задачи')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Импортировать' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Далее' })).toBeNull();
  });

  it("refuses a file over 50 MB with the drop area's own message, without asking the server", async () => {
    signIn();
    serve({});
    const dialog = await openDialog();
    const big = new File(['x'], 'huge.json');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await pick(big);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '«huge.json»: Файл больше 50\u00a0МБ',
    );
    expect(calls()).not.toContain('POST /api/import/preview');
  });

  it("shows the server's refusal of the mapping on the members step", async () => {
    signIn();
    serve({
      'POST /api/import/preview': () =>
        jsonResponse(200, {
          ...TRELLO,
          format: 'kanban',
          members: [{ id: '7', name: 'Анна', email: 'a@b.cd' }],
        }),
      'POST /api/import': () => jsonResponse(400, { members: MESSAGES.email('a@b.cd') }),
    });
    const dialog = await openDialog();
    await pick(trelloFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Далее' }));
    // A known address is offered.
    expect((within(dialog).getByLabelText('E-mail для «Анна»') as HTMLInputElement).value).toBe('a@b.cd');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Импортировать' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Некорректный адрес: a@b.cd');
    expect(within(dialog).getByRole('heading', { name: 'Участники' })).toBeTruthy();
  });

  it('a failed import shows its error and offers another file', async () => {
    signIn();
    serve(
      {
        'POST /api/import/preview': () => jsonResponse(200, { ...TRELLO, members: [] }),
        'POST /api/import': () => jsonResponse(202, { id: JOB }),
      },
      [{ id: JOB, state: 'failed', progress: 0.3, stage: null, error: MESSAGES.broken }],
    );
    const dialog = await openDialog();
    await pick(trelloFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Импортировать' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.broken);
    expect(within(dialog).getByRole('heading', { name: 'Импорт не удался' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Выбрать другой файл' }));
    const heading = within(dialog).getByRole('heading', { name: 'Файл' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(dialog).queryByText(/^Trello:/)).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'Выбрать файл' })).toBeTruthy();
  });

  it('closing while it runs leaves the job to the server and stops reading it', async () => {
    signIn();
    serve(
      {
        'POST /api/import/preview': () => jsonResponse(200, { ...TRELLO, members: [] }),
        'POST /api/import': () => jsonResponse(202, { id: JOB }),
      },
      [{ id: JOB, state: 'queued', progress: 0, stage: null }],
    );
    const dialog = await openDialog();
    await pick(trelloFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Импортировать' }));
    expect(await within(dialog).findByText('В очереди', { selector: '.import-board__stage' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const reads = calls().filter((call) => call === `GET /api/import/${JOB}`).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, POLL_MS + 100)));
    expect(calls().filter((call) => call === `GET /api/import/${JOB}`)).toHaveLength(reads);
  });
});
