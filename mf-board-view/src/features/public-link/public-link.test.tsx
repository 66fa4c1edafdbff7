/**
 * 'Доступ по ссылке' in the board's menu, an administrator's: turning the public link on, copying it,
 * replacing it and turning it off, each of the last two after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { makeBoard, makeBoardAs, renderApp } from '../../test/utils';

const LINK = '/api/board/7/public-link';
const first = { token: 'first-token-aaaaaaaaaaaa', url: 'https://kanban.example/p/first-token-aaaaaaaaaaaa' };
const second = {
  token: 'second-token-bbbbbbbbbbb',
  url: 'https://kanban.example/p/second-token-bbbbbbbbbbb',
};

async function openDialog() {
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  fireEvent.click(screen.getByRole('button', { name: 'Доступ по ссылке' }));
  return screen.findByRole('dialog', { name: 'Доступ по ссылке' });
}

/** Answers the confirmation over the dialog with its confirming button. */
async function confirm(name: string) {
  const question = await screen.findByRole('dialog', { name: /\?$/ });
  fireEvent.click(within(question).getByRole('button', { name }));
}

describe("the board's public link", () => {
  it('turns the link on, copies it, replaces it and turns it off', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const answers = [first, second];
    routeApi({
      'GET /api/board/7': makeBoard(),
      [`GET ${LINK}`]: { link: null },
      [`POST ${LINK}`]: () => jsonResponse(200, answers.shift()),
      [`DELETE ${LINK}`]: { success: true },
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Доступ по ссылке выключен.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Включить доступ по ссылке' }));
    const field = (await within(dialog).findByLabelText('Ссылка на доску')) as HTMLInputElement;
    expect(field.value).toBe(first.url);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Скопировать' }));
    expect(await within(dialog).findByText('Ссылка скопирована.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(first.url);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Новая ссылка' }));
    await confirm('Сделать новую ссылку');
    await waitFor(() => expect(field.value).toBe(second.url));
    expect(within(dialog).getByText('Новая ссылка готова, старая больше не работает.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Выключить' }));
    await confirm('Выключить');
    expect(await within(dialog).findByRole('button', { name: 'Включить доступ по ссылке' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Ссылка на доску')).toBeNull();
    expect(calls().filter((call) => call.includes('/public-link'))).toEqual([
      `GET ${LINK}`,
      `POST ${LINK}`,
      `POST ${LINK}`,
      `DELETE ${LINK}`,
    ]);
    vi.unstubAllGlobals();
  });

  it('shows the live link, and keeps it when the replacement is cancelled', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), [`GET ${LINK}`]: { link: first } });
    const dialog = await openDialog();
    expect(((await within(dialog).findByLabelText('Ссылка на доску')) as HTMLInputElement).value).toBe(
      first.url,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Новая ссылка' }));
    await confirm('Отмена');
    expect(calls()).not.toContain(`POST ${LINK}`);
    expect((within(dialog).getByLabelText('Ссылка на доску') as HTMLInputElement).value).toBe(first.url);
  });

  it('says why the state could not be loaded, and tries again', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      [`GET ${LINK}`]: () => jsonResponse(503, { message: 'Сервис временно недоступен, повторите попытку' }),
    });
    const dialog = await openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Сервис временно недоступен');
    routeApi({ 'GET /api/board/7': makeBoard(), [`GET ${LINK}`]: { link: null } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog).findByRole('button', { name: 'Включить доступ по ссылке' })).toBeTruthy();
  });

  it('is not in the menu of a member who is not an administrator', async () => {
    routeApi({ 'GET /api/board/7': makeBoardAs('member') });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.queryByRole('button', { name: 'Доступ по ссылке' })).toBeNull();
  });
});
