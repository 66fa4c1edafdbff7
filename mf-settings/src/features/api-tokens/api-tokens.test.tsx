import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiToken, MESSAGES } from 'contract/tokens';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../test/utils';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'kb_9f8Yq2LkR0sVx1TnWm4Hc7Pd3Ja6Zb5Ue8Gi0Ko2Qw';

const CI: ApiToken = {
  id: 2,
  name: 'CI',
  scope: 'write',
  createdAt: '2026-11-20T12:00:00Z',
  expiresAt: '2027-02-18T12:00:00Z',
  lastUsedAt: '2026-11-27T12:30:00Z',
};
const REPORTS: ApiToken = {
  id: 1,
  name: 'Отчёты',
  scope: 'read',
  createdAt: '2026-10-01T12:00:00Z',
  expiresAt: null,
  lastUsedAt: null,
};

const section = () => screen.getByRole('region', { name: 'Токены API' });
const list = () => within(section()).getByRole('list', { name: 'Ваши токены' });
const rowOf = (name: string) =>
  within(list())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name, { selector: '.api-tokens__name-text' }))!;
const names = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.api-tokens__name-text')?.textContent);
const tokenField = () =>
  within(section()).queryByRole('textbox', { name: 'Новый токен' }) as HTMLTextAreaElement | null;

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** GET and POST /api/tokens like the API: a made token goes first in the list, its secret answered once. */
function tokensApi(initial: ApiToken[]) {
  let tokens = [...initial];
  routeApi({
    'GET /api/tokens': () => jsonResponse(200, tokens),
    'POST /api/tokens': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Pick<ApiToken, 'name' | 'scope' | 'expiresAt'>;
      const made = { id: 3, createdAt: new Date(NOW).toISOString(), lastUsedAt: null, ...body };
      tokens = [made, ...tokens];
      return jsonResponse(200, { ...made, token: SECRET });
    },
    'DELETE /api/tokens/2': () => {
      tokens = tokens.filter((token) => token.id !== 2);
      return jsonResponse(200, { success: true });
    },
  });
}

beforeEach(() => {
  // Only Date: the page's timers (the copied label) stay real, so waiting for the screen works.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

/** Whether leaving the page now asks first (a `beforeunload` listener cancels the unload). */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('API tokens', () => {
  it('lists the tokens with their scope, dates and last use, under how to use one', async () => {
    signIn();
    tokensApi([CI, REPORTS]);
    renderApp();
    expect(within(section()).getByText('Загрузка токенов')).toBeTruthy();
    expect(section().textContent).toContain('Authorization: Bearer <токен>');

    await within(section()).findByRole('list', { name: 'Ваши токены' });
    expect(names()).toEqual(['CI', 'Отчёты']);
    const ci = within(rowOf('CI'));
    expect(ci.getByText('Чтение и запись')).toBeTruthy();
    expect(ci.getByText('Создан 20 нояб.')).toBeTruthy();
    expect(ci.getByText('Истекает 18 февр. 2027 г.')).toBeTruthy();
    expect(ci.getByText(/^Последнее использование: 27 нояб\., \d{2}:30$/)).toBeTruthy();
    const reports = within(rowOf('Отчёты'));
    expect(reports.getByText('Чтение')).toBeTruthy();
    expect(reports.getByText('Создан 1 окт.')).toBeTruthy();
    expect(reports.getByText('Бессрочный')).toBeTruthy();
    expect(reports.getByText('Не использовался')).toBeTruthy();
    expect(reports.getByRole('button', { name: 'Отозвать токен «Отчёты»' })).toBeTruthy();
    expect(within(section()).queryByText('Токенов пока нет')).toBeNull();
  });

  it('says when there are no tokens yet', async () => {
    signIn();
    tokensApi([]);
    renderApp();
    expect(await within(section()).findByText('Токенов пока нет')).toBeTruthy();
    expect(within(section()).queryByRole('list', { name: 'Ваши токены' })).toBeNull();
  });

  it('offers Повторить when the list cannot be loaded', async () => {
    signIn();
    let fail = true;
    routeApi({
      'GET /api/tokens': () => (fail ? jsonResponse(503, { message: 'Нет связи' }) : jsonResponse(200, [CI])),
    });
    renderApp();
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить токены.');
    fail = false;
    act(() => fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' })));
    expect(await within(section()).findByRole('list', { name: 'Ваши токены' })).toBeTruthy();
    expect(names()).toEqual(['CI']);
  });

  it('makes a token with Чтение for 90 days unless told otherwise', async () => {
    signIn();
    tokensApi([]);
    renderApp();
    await within(section()).findByText('Токенов пока нет');
    expect((within(section()).getByLabelText('Доступ') as HTMLSelectElement).value).toBe('read');
    expect(
      within(within(section()).getByLabelText('Срок действия'))
        .getAllByRole('option')
        .map((option) => [option.textContent, (option as HTMLOptionElement).selected]),
    ).toEqual([
      ['30 дней', false],
      ['90 дней', true],
      ['1 год', false],
      ['Бессрочно', false],
    ]);
    fireEvent.change(within(section()).getByLabelText('Название'), { target: { value: ' Скрипт отчётов ' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Создать токен' }));
    await waitFor(() => expect(tokenField()).not.toBeNull());
    expect(bodyOf('POST /api/tokens')).toEqual({
      name: 'Скрипт отчётов',
      scope: 'read',
      expiresAt: new Date(NOW + 90 * DAY).toISOString(),
    });
  });

  it('shows the new secret once, copies it, lists the token and forgets the secret on Готово', async () => {
    signIn();
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    tokensApi([CI]);
    renderApp();
    await within(section()).findByRole('list', { name: 'Ваши токены' });
    fireEvent.change(within(section()).getByLabelText('Название'), { target: { value: 'Деплой' } });
    fireEvent.change(within(section()).getByLabelText('Доступ'), { target: { value: 'write' } });
    fireEvent.change(within(section()).getByLabelText('Срок действия'), { target: { value: 'never' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Создать токен' }));

    await waitFor(() => expect(tokenField()).not.toBeNull());
    expect(bodyOf('POST /api/tokens')).toEqual({ name: 'Деплой', scope: 'write', expiresAt: null });
    const field = tokenField()!;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Скопируйте токен сейчас: он больше не будет показан',
    );
    // Listed first, without its secret; the form is ready for another.
    expect(names()).toEqual(['Деплой', 'CI']);
    expect(within(rowOf('Деплой')).getByText('Бессрочный')).toBeTruthy();
    expect(within(rowOf('Деплой')).getByText('Не использовался')).toBeTruthy();
    expect(list().textContent).not.toContain(SECRET);
    expect((within(section()).getByLabelText('Название') as HTMLInputElement).value).toBe('');
    expect((within(section()).getByLabelText('Доступ') as HTMLSelectElement).value).toBe('read');
    expect(calls().filter((call) => call === 'POST /api/tokens')).toHaveLength(1);
    // Leaving now would lose the secret for good: the page asks first.
    expect(leavingAsks()).toBe(true);

    fireEvent.click(within(section()).getByRole('button', { name: 'Скопировать' }));
    expect(await within(section()).findByRole('button', { name: 'Скопировано' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(section()).getByText('Токен скопирован')).toBeTruthy();

    fireEvent.click(within(section()).getByRole('button', { name: 'Готово' }));
    expect(tokenField()).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(within(section()).queryByText(/Скопируйте токен сейчас/)).toBeNull();
    expect(document.activeElement).toBe(within(section()).getByRole('heading', { name: 'Ваши токены' }));
    expect(names()).toEqual(['Деплой', 'CI']);
    expect(leavingAsks()).toBe(false);
  });

  it('leaves the secret selected to copy by hand when the page may not copy', async () => {
    signIn();
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    tokensApi([]);
    renderApp();
    await within(section()).findByText('Токенов пока нет');
    fireEvent.change(within(section()).getByLabelText('Название'), { target: { value: 'CI' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Создать токен' }));
    await waitFor(() => expect(tokenField()).not.toBeNull());
    within(section()).getByRole('button', { name: 'Готово' }).focus();

    fireEvent.click(within(section()).getByRole('button', { name: 'Скопировать' }));
    expect(await within(section()).findByText('Выделите и скопируйте вручную')).toBeTruthy();
    const field = tokenField()!;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it("shows the server's field errors under their fields and no secret", async () => {
    signIn();
    routeApi({
      'GET /api/tokens': [],
      'POST /api/tokens': () => jsonResponse(400, { name: MESSAGES.name, expiresAt: MESSAGES.expiresAt }),
    });
    renderApp();
    await within(section()).findByText('Токенов пока нет');
    fireEvent.click(within(section()).getByRole('button', { name: 'Создать токен' }));

    const name = within(section()).getByLabelText('Название');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MESSAGES.name,
    );
    const expiry = within(section()).getByLabelText('Срок действия');
    expect(document.getElementById(expiry.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MESSAGES.expiresAt,
    );
    expect(tokenField()).toBeNull();

    fireEvent.change(name, { target: { value: 'CI' } });
    expect(within(section()).queryByText(MESSAGES.name)).toBeNull();
    expect(within(section()).getByText(MESSAGES.expiresAt)).toBeTruthy();
  });

  it('revokes a token only after confirmation and drops its row', async () => {
    signIn();
    tokensApi([CI, REPORTS]);
    renderApp();
    await within(section()).findByRole('list', { name: 'Ваши токены' });

    fireEvent.click(within(rowOf('CI')).getByRole('button', { name: 'Отозвать токен «CI»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отозвать токен?' });
    expect(dialog.textContent).toContain('Токен «CI» сразу перестанет работать');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls().some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(within(rowOf('CI')).getByRole('button', { name: 'Отозвать токен «CI»' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Отозвать токен?' })).getByRole('button', {
        name: 'Отозвать',
      }),
    );
    await waitFor(() => expect(names()).toEqual(['Отчёты']));
    expect(calls().filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/tokens/2']);
    expect(within(section()).getByText('Токен «CI» отозван')).toBeTruthy();
    expect(document.activeElement).toBe(within(section()).getByRole('heading', { name: 'Ваши токены' }));
  });

  it('keeps the row and says why when revoking fails', async () => {
    signIn();
    routeApi({
      'GET /api/tokens': [CI],
      'DELETE /api/tokens/2': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    renderApp();
    await within(section()).findByRole('list', { name: 'Ваши токены' });
    fireEvent.click(within(rowOf('CI')).getByRole('button', { name: 'Отозвать токен «CI»' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отозвать' }));
    expect(await within(rowOf('CI')).findByRole('alert')).toHaveProperty(
      'textContent',
      'Внутренняя ошибка сервера',
    );
    expect(names()).toEqual(['CI']);
  });
});
