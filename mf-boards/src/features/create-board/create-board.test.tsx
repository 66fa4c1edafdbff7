import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Template } from 'contract';
import { bodyOf, calls, jsonResponse, type Route, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { reloadViewSettings, renderApp, signIn } from '../../test/utils';

const created = [
  { id: 3, name: 'Альфа', color: '#f4f5f7' },
  { id: 1, name: 'Ремонт', color: '#1e3a8a' },
];

/** The API's list: the user's own templates (newest first), then the built-in ones. */
const templates: Template[] = [
  {
    id: '42',
    name: 'Мой процесс',
    builtIn: false,
    columns: ['Входящие', 'Готово'],
    labels: 1,
    tasks: 21,
    createdAt: '2026-11-28T10:00:00.000Z',
  },
  {
    id: '41',
    name: 'Только колонки',
    builtIn: false,
    columns: ['Идеи', 'В работе'],
    labels: 0,
    tasks: 0,
    createdAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: 'kanban',
    name: 'Канбан',
    builtIn: true,
    columns: ['Бэклог', 'Нужно сделать', 'В работе', 'На проверке', 'Готово'],
    labels: 3,
    tasks: 3,
    createdAt: null,
  },
  {
    id: 'sprint',
    name: 'Спринт',
    builtIn: true,
    columns: ['Бэклог спринта', 'В работе', 'Ревью', 'Готово'],
    labels: 3,
    tasks: 5,
    createdAt: null,
  },
  {
    id: 'hiring',
    name: 'Найм',
    builtIn: true,
    columns: ['Отклики', 'Интервью', 'Оффер', 'Вышли'],
    labels: 2,
    tasks: 1,
    createdAt: null,
  },
  {
    id: 'personal',
    name: 'Личные дела',
    builtIn: true,
    columns: ['Сегодня', 'На неделе', 'Когда-нибудь', 'Сделано'],
    labels: 2,
    tasks: 4,
    createdAt: null,
  },
];

function serve(create: () => Response, routes: Record<string, Route> = {}) {
  routeApi({
    'GET /api/board/deleted': [],
    'GET /api/board': () => jsonResponse(200, [{ id: 1, name: 'Ремонт', color: '#1e3a8a' }]),
    'GET /api/invite': () => jsonResponse(200, []),
    'GET /api/templates': templates,
    'POST /api/board': create,
    ...routes,
  });
}

async function openModal() {
  renderApp('/');
  await screen.findByRole('link', { name: 'Ремонт' });
  fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
  // The modal is its own chunk: the first opening waits for it.
  return screen.findByRole('dialog', { name: 'Новая доска' });
}

describe('create board', () => {
  it('opens a 500px modal in the portal, sends { name, sort } and shows the answered list', async () => {
    localStorage.setItem('mainPageSort', 'byNameASC');
    reloadViewSettings();
    signIn();
    serve(() => jsonResponse(200, created));
    const dialog = await openModal();
    expect(dialog.style.maxWidth).toBe('500px');
    expect(document.getElementById('modal-root')?.contains(dialog)).toBe(true);
    // The focus moves in the dialog's effect, which may run a moment after its first paint.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Название')));

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: '  Альфа ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа', sort: 'byNameASC' });
    const list = screen.getByRole('list', { name: 'Доски' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Альфа', 'Ремонт']);
  });

  it('leaves sort out for the default order', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Альфа' } });
    fireEvent.submit(screen.getByLabelText('Название'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
  });

  it('shows the server field error under the field and clears it on edit', async () => {
    signIn();
    serve(() => jsonResponse(400, { name: 'Введите название доски' }));
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    expect(await screen.findByText('Введите название доски')).toBeTruthy();
    expect(screen.getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Б' } });
    expect(screen.queryByText('Введите название доски')).toBeNull();
    expect(screen.getByRole('button', { name: 'Создать' })).toBeTruthy();
  });

  it('shows an error without a field above the form', async () => {
    signIn();
    serve(() => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Альфа' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Внутренняя ошибка сервера');
  });

  it('closes on Escape, on the backdrop and on the close button, and starts empty again', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Черновик' } });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('');
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('create board from a template', () => {
  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
  const createWith = (name: string) => {
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
  };

  it('offers «Пустая», then the own templates, then the built-in ones, each with its preview', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    const dialog = await openModal();
    const group = within(dialog).getByRole('group', { name: 'Шаблон' });
    await within(group).findByRole('radio', { name: 'Спринт' });

    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    const names = radios.map(
      (item) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent,
    );
    expect(names).toEqual([
      'Пустая',
      'Мой процесс',
      'Только колонки',
      'Канбан',
      'Спринт',
      'Найм',
      'Личные дела',
    ]);
    // One native group: the arrows move between its radios, Tab enters and leaves it at the chosen one.
    expect(new Set(radios.map((item) => item.name)).size).toBe(1);
    expect(radio('Пустая').checked).toBe(true);

    // The count and its word are held together by a no-break space.
    const previews: [string, string][] = [
      ['Пустая', 'Колонки по умолчанию, без карточек'],
      ['Мой процесс', 'Входящие → Готово · 21\u00a0карточка'],
      ['Только колонки', 'Идеи → В работе'],
      ['Канбан', 'Бэклог → Нужно сделать → В работе → На проверке → Готово · 3\u00a0карточки'],
      ['Спринт', 'Бэклог спринта → В работе → Ревью → Готово · 5\u00a0карточек'],
      ['Найм', 'Отклики → Интервью → Оффер → Вышли · 1\u00a0карточка'],
    ];
    for (const [name, description] of previews)
      expect(within(group).getByRole('radio', { name, description })).toBeTruthy();

    const deletes = within(group).getAllByRole('button', { name: /^Удалить шаблон/ });
    expect(deletes.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Удалить шаблон «Мой процесс»',
      'Удалить шаблон «Только колонки»',
    ]);
  });

  it('sends the chosen template as templateId', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.click(await screen.findByRole('radio', { name: 'Спринт' }));
    expect(radio('Спринт').checked).toBe(true);
    createWith('Спринт 12');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Спринт 12', templateId: 'sprint' });
  });

  it('sends no templateId when «Пустая» is chosen again', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.click(await screen.findByRole('radio', { name: 'Мой процесс' }));
    fireEvent.click(radio('Пустая'));
    createWith('Альфа');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
  });

  it('lets an empty board be created while the templates are still loading', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    serve(() => jsonResponse(200, created), {
      'GET /api/templates': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const dialog = await openModal();
    expect(within(dialog).getByText('Загружаем шаблоны…').getAttribute('role')).toBe('status');
    expect(radio('Пустая').checked).toBe(true);
    expect(screen.queryByRole('radio', { name: 'Спринт' })).toBeNull();
    createWith('Альфа');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
    answer(jsonResponse(200, templates));
  });

  it('shows a list that did not load with «Повторить», and still creates an empty board', async () => {
    signIn();
    let fail = true;
    serve(() => jsonResponse(200, created), {
      'GET /api/templates': () =>
        fail ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' }) : jsonResponse(200, templates),
    });
    const dialog = await openModal();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить шаблоны');
    expect(radio('Пустая').checked).toBe(true);

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('radio', { name: 'Спринт' })).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить шаблоны')).toBeNull();
    expect(calls().filter((call) => call === 'GET /api/templates')).toHaveLength(2);

    fail = true;
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
    expect(await screen.findByText('Не удалось загрузить шаблоны')).toBeTruthy();
    createWith('Альфа');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
  });

  it('deletes an own template after the confirmation and takes it off the list', async () => {
    signIn();
    serve(() => jsonResponse(200, created), { 'DELETE /api/templates/42': { success: true } });
    await openModal();
    fireEvent.click(await screen.findByRole('radio', { name: 'Мой процесс' }));

    // Cancelling changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Удалить шаблон «Мой процесс»' }));
    const cancelled = await screen.findByRole('dialog', { name: 'Удалить шаблон?' });
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog', { name: 'Удалить шаблон?' })).toBeNull();
    expect(calls()).not.toContain('DELETE /api/templates/42');

    fireEvent.click(screen.getByRole('button', { name: 'Удалить шаблон «Мой процесс»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить шаблон?' });
    expect(confirm.textContent).toContain('«Мой процесс»');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Мой процесс' })).toBeNull());
    expect(calls()).toContain('DELETE /api/templates/42');
    expect(screen.getByText('Шаблон «Мой процесс» удалён')).toBeTruthy();
    // The chosen template is gone: 'Пустая' is chosen, and the focus is on it rather than lost.
    expect(radio('Пустая').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Пустая'));
    expect(screen.getByRole('radio', { name: 'Только колонки' })).toBeTruthy();

    createWith('Альфа');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
  });

  it('keeps the template and says why when its deletion fails', async () => {
    signIn();
    serve(() => jsonResponse(200, created), {
      'DELETE /api/templates/41': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    await openModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить шаблон «Только колонки»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить шаблон?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Внутренняя ошибка сервера');
    expect(screen.getByRole('radio', { name: 'Только колонки' })).toBeTruthy();
  });

  it('keeps the chosen template through a refused name', async () => {
    signIn();
    let refuse = true;
    serve(() =>
      refuse ? jsonResponse(400, { name: 'Введите название доски' }) : jsonResponse(200, created),
    );
    await openModal();
    fireEvent.click(await screen.findByRole('radio', { name: 'Спринт' }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    expect(await screen.findByText('Введите название доски')).toBeTruthy();
    expect(bodyOf('POST /api/board')).toEqual({ name: '', templateId: 'sprint' });
    expect(radio('Спринт').checked).toBe(true);

    refuse = false;
    createWith('Спринт 12');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Спринт 12', templateId: 'sprint' });
  });

  it('says when the chosen template is gone and shows the list without it', async () => {
    signIn();
    let list = templates;
    serve(() => jsonResponse(400, { templateId: 'Шаблон не найден' }), {
      'GET /api/templates': () => jsonResponse(200, list),
    });
    await openModal();
    fireEvent.click(await screen.findByRole('radio', { name: 'Мой процесс' }));
    list = templates.filter((template) => template.id !== '42');
    createWith('Альфа');

    expect((await screen.findByRole('alert')).textContent).toBe('Шаблон не найден');
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Мой процесс' })).toBeNull());
    expect(radio('Пустая').checked).toBe(true);
    fireEvent.click(radio('Канбан'));
    expect(screen.queryByText('Шаблон не найден')).toBeNull();
  });
});
