/**
 * 'Вебхуки' in the board's menu, an administrator's: the list and its empty state, adding and changing
 * a webhook (the secret kept unless typed), the server's field errors, a test ping, the deliveries
 * table, turning a webhook off and deleting one after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from 'contract';
import { MESSAGES, WEBHOOK_EVENTS } from 'contract/webhooks';
import { bodyOf, calls, jsonResponse, type Route, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeBoard, makeBoardAs, renderApp } from '../../test/utils';
import { pollTiming } from './model/use-poll';

const API = '/api/board/7/webhooks';
const WAIT = { timeout: 5000 };
const URL_A = 'https://hooks.example.com/kanban';

const hook = (patch: Partial<Webhook> = {}): Webhook => ({
  id: 5,
  url: URL_A,
  events: ['task.created', 'comment.created'],
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  failingSince: null,
  lastDelivery: null,
  ...patch,
});

const delivery = (patch: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '00000000-0000-4000-8000-000000000001',
  event: 'task.created',
  status: 'delivered',
  attempts: 1,
  responseCode: 200,
  error: null,
  at: '2026-11-28T10:00:00.000Z',
  nextAttemptAt: null,
  ...patch,
});

const json = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

const delays = pollTiming.delaysMs;
beforeEach(() => {
  pollTiming.delaysMs = [20, 20, 20];
});
afterEach(() => {
  pollTiming.delaysMs = delays;
});

async function openDialog(routes: Record<string, Route>) {
  routeApi({ 'GET /api/board/7': makeBoard(), ...routes });
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  fireEvent.click(screen.getByRole('button', { name: 'Вебхуки' }));
  return screen.findByRole('dialog', { name: 'Вебхуки' }, WAIT);
}

/** Answers the confirmation over the dialog with its confirming button. */
async function confirm(name: string) {
  const question = await screen.findByRole('dialog', { name: /\?$/ });
  fireEvent.click(within(question).getByRole('button', { name }));
}

describe("the board's webhooks", () => {
  it('is in the menu of an administrator, not of a member', async () => {
    routeApi({ 'GET /api/board/7': makeBoardAs('member') });
    const { unmount } = renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.queryByRole('button', { name: 'Вебхуки' })).toBeNull();
    unmount();

    routeApi({ 'GET /api/board/7': makeBoardAs('admin') });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.getByRole('button', { name: 'Вебхуки' })).toBeTruthy();
  });

  it('says what a webhook is when there is none, and adds one with every event and a generated secret', async () => {
    let list: Webhook[] = [];
    const created = hook({ id: 9, events: [...WEBHOOK_EVENTS] });
    const dialog = await openDialog({
      [`GET ${API}`]: () => jsonResponse(200, list),
      [`POST ${API}`]: () => {
        list = [created];
        return jsonResponse(200, created);
      },
    });
    expect(
      await within(dialog).findByText(
        'Вебхуков пока нет. Вебхук отправляет события доски на ваш адрес: в чат, в скрипт, в другую систему.',
      ),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить вебхук' }));
    const form = within(dialog).getByRole('form', { name: 'Новый вебхук' });
    const events = within(form).getByRole('group', { name: 'События' });
    const boxes = within(events).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual(WEBHOOK_EVENTS.map(() => true));
    expect(within(events).getByLabelText('Новый комментарий')).toBeTruthy();
    const secret = within(form).getByLabelText('Секрет') as HTMLInputElement;
    expect(secret.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText(/Показывается только сейчас.*X-Kanban-Signature/)).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Адрес'), { target: { value: URL_A } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сгенерировать' }));
    expect(secret.value).toMatch(/^[0-9a-f]{64}$/);
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));

    expect(await within(dialog).findByRole('heading', { name: URL_A })).toBeTruthy();
    expect(bodyOf(`POST ${API}`)).toEqual({ url: URL_A, events: [...WEBHOOK_EVENTS], secret: secret.value });
    expect(within(dialog).getByText('Все события')).toBeTruthy();
    expect(within(dialog).getByText('Работает')).toBeTruthy();
    expect(within(dialog).getByText('Доставок ещё не было')).toBeTruthy();
    expect(within(dialog).getByText(`Вебхук ${URL_A} добавлен`).getAttribute('role')).toBe('status');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: `Изменить вебхук ${URL_A}` }),
      ),
    );
  });

  it("shows the server's refusal of the address under 'Адрес', and clears it once the address is edited", async () => {
    const dialog = await openDialog({
      [`GET ${API}`]: [],
      [`POST ${API}`]: () => jsonResponse(400, { url: MESSAGES.privateUrl }),
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Добавить вебхук' }));
    const address = within(dialog).getByLabelText('Адрес') as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'http://192.168.1.10/hook' } });
    fireEvent.change(within(dialog).getByLabelText('Секрет'), { target: { value: 'секрет-секрет-секрет' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    const error = await within(dialog).findByText(MESSAGES.privateUrl);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.change(address, { target: { value: URL_A } });
    expect(within(dialog).queryByText(MESSAGES.privateUrl)).toBeNull();
  });

  it('changes a webhook without sending a secret when the field is left empty', async () => {
    const saved = hook({ url: 'https://hooks.example.com/new', events: ['task.created', 'task.moved'] });
    const dialog = await openDialog({ [`GET ${API}`]: [hook()], [`PUT ${API}/5`]: saved });
    fireEvent.click(await within(dialog).findByRole('button', { name: `Изменить вебхук ${URL_A}` }));
    const form = within(dialog).getByRole('form', { name: 'Изменить вебхук' });
    expect((within(form).getByLabelText('Адрес') as HTMLInputElement).value).toBe(URL_A);
    expect((within(form).getByLabelText('Задача создана') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Задача изменена') as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText('Секрет') as HTMLInputElement).value).toBe('');
    expect(within(form).getByText(/Оставьте пустым, чтобы не менять/)).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Адрес'), { target: { value: saved.url } });
    fireEvent.click(within(form).getByLabelText('Новый комментарий'));
    fireEvent.click(within(form).getByLabelText('Задача перенесена в другую колонку'));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    expect(await within(dialog).findByRole('heading', { name: saved.url })).toBeTruthy();
    expect(bodyOf(`PUT ${API}/5`)).toEqual({ url: saved.url, events: ['task.created', 'task.moved'] });
    expect(within(dialog).getByText('Задача создана, Задача перенесена в другую колонку')).toBeTruthy();
  });

  it("asks before closing the dialog over a form with typed text, and keeps the form on 'Отмена'", async () => {
    const dialog = await openDialog({ [`GET ${API}`]: [] });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Добавить вебхук' }));
    fireEvent.change(within(dialog).getByLabelText('Адрес'), { target: { value: URL_A } });

    fireEvent.keyDown(document, { key: 'Escape' });
    await confirm('Отмена');
    expect((within(dialog).getByLabelText('Адрес') as HTMLInputElement).value).toBe(URL_A);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await confirm('Не сохранять');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Вебхуки' })).toBeNull());
  });

  it("sends a test, says so, and reads the list again until the ping's delivery has settled", async () => {
    const pingId = '00000000-0000-4000-8000-0000000000aa';
    const answers = [
      [hook({ lastDelivery: delivery() })],
      [
        hook({
          lastDelivery: delivery({
            id: pingId,
            event: 'ping',
            status: 'pending',
            attempts: 0,
            responseCode: null,
          }),
        }),
      ],
      [hook({ lastDelivery: delivery({ id: pingId, event: 'ping', responseCode: 204 }) })],
    ];
    const dialog = await openDialog({
      [`GET ${API}`]: () => jsonResponse(200, answers.length > 1 ? answers.shift() : answers[0]),
      [`POST ${API}/5/test`]: { id: pingId },
    });
    expect(await within(dialog).findByText(/Последняя доставка: Доставлено · HTTP 200/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: `Отправить тест на ${URL_A}` }));
    const status = await within(dialog).findByText(`Тест отправлен на ${URL_A}`);
    expect(status.getAttribute('role')).toBe('status');
    expect(calls()).toContain(`POST ${API}/5/test`);
    expect(
      await within(dialog).findByText(/Последняя доставка: Доставлено · HTTP 204/, {}, WAIT),
    ).toBeTruthy();
    const reads = calls().filter((call) => call === `GET ${API}`).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls().filter((call) => call === `GET ${API}`).length).toBe(reads);
  });

  it('shows the deliveries in a table, their statuses in Russian', async () => {
    const retryAt = new Date(Date.now() + 3_600_000).toISOString();
    const dialog = await openDialog({
      [`GET ${API}`]: [hook({ failingSince: '2026-11-27T10:00:00.000Z' })],
      [`GET ${API}/5/deliveries`]: [
        delivery({ id: 'a', event: 'ping', status: 'pending', attempts: 0, responseCode: null }),
        delivery({
          id: 'b',
          event: 'comment.created',
          status: 'retrying',
          attempts: 2,
          responseCode: 500,
          error: 'Ответ 500',
          nextAttemptAt: retryAt,
        }),
        delivery({ id: 'c', status: 'failed', attempts: 6, responseCode: null, error: 'Адрес не отвечает' }),
        delivery({ id: 'd' }),
      ],
    });
    expect(await within(dialog).findByText(/^Ошибки с 27 нояб/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: `Доставки вебхука ${URL_A}` }));

    const table = await within(dialog).findByRole('table', { name: `Последние доставки вебхука ${URL_A}` });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows[0]).toEqual(['Событие', 'Статус', 'Попытки', 'Код', 'Ошибка', 'Время']);
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['Проверка', 'Ожидает', '0', '—', '—'],
      ['Новый комментарий', expect.stringMatching(/^Повтор в \d\d:\d\d$/), '2', '500', 'Ответ 500'],
      ['Задача создана', 'Не доставлено', '6', '—', 'Адрес не отвечает'],
      ['Задача создана', 'Доставлено', '1', '200', '—'],
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Доставки' }));

    // Pending and retrying deliveries are read again a few times, then no more.
    await waitFor(() =>
      expect(calls().filter((call) => call === `GET ${API}/5/deliveries`).length).toBe(
        1 + pollTiming.delaysMs.length,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'К списку вебхуков' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: `Доставки вебхука ${URL_A}` }),
      ),
    );
  });

  it('turns a webhook off, and says when the server switched one off', async () => {
    const failing = new Date(Date.now() - 4 * 24 * 3_600_000).toISOString();
    const dialog = await openDialog({
      [`GET ${API}`]: [
        hook(),
        hook({ id: 6, url: 'https://other.example.com/', enabled: false, failingSince: failing }),
      ],
      [`PUT ${API}/5`]: (_url, init) => jsonResponse(200, hook({ ...json(init) })),
    });
    expect(await within(dialog).findByText('Отключён: 3 дня без ответа')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: `Выключить вебхук ${URL_A}` }));

    expect(await within(dialog).findByRole('button', { name: `Включить вебхук ${URL_A}` })).toBeTruthy();
    expect(bodyOf(`PUT ${API}/5`)).toEqual({ enabled: false });
    expect(within(dialog).getByText('Выключен')).toBeTruthy();
    expect(within(dialog).getByText(`Вебхук ${URL_A} выключен`)).toBeTruthy();
  });

  it('deletes a webhook after asking', async () => {
    const dialog = await openDialog({ [`GET ${API}`]: [hook()], [`DELETE ${API}/5`]: { success: true } });
    fireEvent.click(await within(dialog).findByRole('button', { name: `Удалить вебхук ${URL_A}` }));
    await confirm('Отмена');
    expect(calls()).not.toContain(`DELETE ${API}/5`);
    expect(within(dialog).getByRole('heading', { name: URL_A })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: `Удалить вебхук ${URL_A}` }));
    const question = await screen.findByRole('dialog', { name: 'Удалить вебхук?' });
    expect(question.textContent).toContain(URL_A);
    await confirm('Удалить вебхук');
    expect(await within(dialog).findByText(/Вебхуков пока нет/)).toBeTruthy();
    expect(calls()).toContain(`DELETE ${API}/5`);
    expect(within(dialog).getByText(`Вебхук ${URL_A} удалён`)).toBeTruthy();
  });

  it('says why the list could not be loaded, and tries again', async () => {
    let fail = true;
    const dialog = await openDialog({
      [`GET ${API}`]: () =>
        fail
          ? jsonResponse(503, { message: 'Сервис временно недоступен, повторите попытку' })
          : jsonResponse(200, [hook()]),
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Сервис временно недоступен');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog).findByRole('heading', { name: URL_A })).toBeTruthy();
  });
});
