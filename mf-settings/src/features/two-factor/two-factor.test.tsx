import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TwoFactorStatus } from 'contract';
import { MESSAGES } from 'contract/two-factor';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../test/utils';

const SECRET = 'JBSWY3DPEHPK3PXPKRUGS4ZANFZSAYJA';
const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const OTPAUTH = `otpauth://totp/Kanban:anna%40example.com?secret=${SECRET}&issuer=Kanban`;
const CODES = [
  'abcde-fgh23',
  'k7m2p-q9r3s',
  'tuvwx-yz234',
  'mnpqr-stu56',
  'hjk78-mnp9a',
  'qrs2t-uvw3x',
  'yz45a-bcd6e',
  'fgh7j-kmn8p',
  'pqr9s-tuv2w',
  'xyz3a-bcd4e',
];
const APP_CODE = '123456';
const PASSWORD = 'Верный пароль 1';

const section = () => screen.getByRole('region', { name: 'Двухфакторный вход' });
const inSection = () => within(section());
const codeField = () => inSection().getByLabelText('Код из приложения') as HTMLInputElement;
const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

/** Whether leaving the page now asks first (a `beforeunload` listener cancels the unload). */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** /api/auth/2fa like the API: setup keeps a secret aside, the right code turns it on, disable asks for both. */
function twoFactorApi(initial: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0 }) {
  let state = initial;
  let offered = false;
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;
  routeApi({
    'GET /api/auth/2fa': () => jsonResponse(200, state),
    'POST /api/auth/2fa/setup': () => {
      if (state.enabled) return jsonResponse(400, { message: MESSAGES.alreadyOn });
      offered = true;
      return jsonResponse(200, { secret: SECRET, otpauthUrl: OTPAUTH, qr: QR });
    },
    'POST /api/auth/2fa/enable': (_url, init) => {
      if (!offered) return jsonResponse(400, { message: MESSAGES.notSetUp });
      if (body(init).code !== APP_CODE) return jsonResponse(400, { code: MESSAGES.wrongCode });
      state = { enabled: true, recoveryCodesLeft: CODES.length };
      return jsonResponse(200, { recoveryCodes: CODES });
    },
    'POST /api/auth/2fa/disable': (_url, init) => {
      const { password, code } = body(init);
      if (password !== PASSWORD) return jsonResponse(400, { password: MESSAGES.password });
      if (code !== APP_CODE) return jsonResponse(400, { code: MESSAGES.wrongCode });
      state = { enabled: false, recoveryCodesLeft: 0 };
      return jsonResponse(200, { success: true });
    },
  });
}

/** Off → 'Включить' → the setup form, its code field focused. */
async function openSetup() {
  fireEvent.click(await inSection().findByRole('button', { name: 'Включить' }));
  await inSection().findByRole('img', { name: 'QR-код для приложения-аутентификатора' });
  await waitFor(() => expect(document.activeElement).toBe(codeField()));
}

async function submitCode(code: string) {
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(inSection().getByRole('button', { name: 'Включить двухфакторный вход' }));
}

beforeAll(() => {
  // jsdom makes no object URLs; 'Скачать' needs one (and revokes it later).
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:codes', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('two-factor sign-in', () => {
  it('is off with what it does and Включить; setup shows the QR code and the secret in blocks', async () => {
    signIn();
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    twoFactorApi();
    renderApp();
    expect(inSection().getByText('Загрузка настроек двухфакторного входа')).toBeTruthy();
    expect(section().textContent).toContain(
      'При входе кроме пароля понадобится код из приложения-аутентификатора: Яндекс Ключ, Google Authenticator и других.',
    );
    expect(await inSection().findByText('Выключен')).toBeTruthy();

    await openSetup();
    expect(calls()).toContain('POST /api/auth/2fa/setup');
    const qr = inSection().getByRole('img', { name: 'QR-код для приложения-аутентификатора' });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(inSection().getByText('Или введите в приложении ключ:')).toBeTruthy();
    const secret = inSection().getByText((_, element) => element?.tagName === 'CODE');
    expect(secret.textContent).toBe(SECRET);
    expect([...secret.children].map((block) => block.textContent)).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'KRUG',
      'S4ZA',
      'NFZS',
      'AYJA',
    ]);
    expect(codeField().inputMode).toBe('numeric');
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
    expect(inSection().queryByRole('button', { name: 'Включить' })).toBeNull();

    fireEvent.click(inSection().getByRole('button', { name: 'Скопировать ключ' }));
    expect(await inSection().findByText('Ключ скопирован')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);

    // Отмена: back to off, the keyboard on the button that opened the form.
    fireEvent.click(inSection().getByRole('button', { name: 'Отмена' }));
    expect(inSection().queryByRole('img')).toBeNull();
    const enable = inSection().getByRole('button', { name: 'Включить' });
    await waitFor(() => expect(document.activeElement).toBe(enable));
    expect(inSection().getByText('Выключен')).toBeTruthy();
  });

  it('leaves the secret selected to copy by hand when the page may not copy', async () => {
    signIn();
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    twoFactorApi();
    renderApp();
    await openSetup();
    fireEvent.click(inSection().getByRole('button', { name: 'Скопировать ключ' }));
    expect(await inSection().findByText('Выделите и скопируйте вручную')).toBeTruthy();
    // The blocks are apart on screen only: the selection is the secret as the app takes it.
    expect(window.getSelection()?.toString()).toBe(SECRET);
  });

  it('says Неверный код under the field, then shows ten recovery codes once and is on after Готово', async () => {
    signIn();
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    twoFactorApi();
    renderApp();
    await openSetup();

    await submitCode('000000');
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(codeField())).toBe('Неверный код');
    expect(inSection().getByRole('alert').textContent).toBe('Неверный код');
    expect(inSection().queryByText('Коды восстановления')).toBeNull();
    expect(leavingAsks()).toBe(false);

    await submitCode(` ${APP_CODE} `);
    const heading = await inSection().findByRole('heading', { name: 'Коды восстановления' });
    expect(bodyOf('POST /api/auth/2fa/enable')).toEqual({ code: APP_CODE });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = inSection().getByRole('list', { name: 'Коды восстановления' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(
      inSection().getByText('Сохраните коды: каждый срабатывает один раз, и показаны они только сейчас'),
    ).toBeTruthy();
    expect(inSection().queryByRole('img')).toBeNull();
    // Leaving now would lose the codes for good: the page asks first.
    expect(leavingAsks()).toBe(true);

    fireEvent.click(inSection().getByRole('button', { name: 'Скопировать все' }));
    expect(await inSection().findByText('Коды скопированы')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));

    const saved: { name: string; blob: Blob }[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:codes';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last && this.href === 'blob:codes') last.name = this.download;
    });
    fireEvent.click(inSection().getByRole('button', { name: 'Скачать' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved[0]?.name).toBe('kanban-recovery-codes.txt');
    const text = await saved[0]!.blob.text();
    expect(text).toContain('anna@example.com');
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);

    fireEvent.click(inSection().getByRole('button', { name: 'Готово' }));
    expect(inSection().queryByRole('list', { name: 'Коды восстановления' })).toBeNull();
    expect(document.body.textContent).not.toContain(CODES[0]);
    expect(inSection().getByText('Включён')).toBeTruthy();
    expect(inSection().getByText('Осталось кодов восстановления: 10')).toBeTruthy();
    expect(inSection().getByRole('button', { name: 'Выключить' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Статус: Включён'));
    expect(leavingAsks()).toBe(false);
  });

  it('shows a message above the form when the server has no secret set aside', async () => {
    signIn();
    routeApi({
      'GET /api/auth/2fa': { enabled: false, recoveryCodesLeft: 0 },
      'POST /api/auth/2fa/setup': { secret: SECRET, otpauthUrl: OTPAUTH, qr: QR },
      'POST /api/auth/2fa/enable': () => jsonResponse(400, { message: MESSAGES.notSetUp }),
    });
    renderApp();
    await openSetup();
    await submitCode(APP_CODE);
    expect((await inSection().findByRole('alert')).textContent).toBe('Сначала получите QR-код');
    expect(codeField().value).toBe(APP_CODE);
  });

  it('warns when two recovery codes or fewer are left', async () => {
    signIn();
    twoFactorApi({ enabled: true, recoveryCodesLeft: 2 });
    renderApp();
    const left = await inSection().findByText(/^Осталось кодов восстановления: 2/);
    expect(left.textContent).toContain('выключите двухфакторный вход и включите его снова');
    expect(inSection().getByText('Включён')).toBeTruthy();
  });

  it('stays on when the password is wrong, and turns off with the password and a code', async () => {
    signIn();
    twoFactorApi({ enabled: true, recoveryCodesLeft: 7 });
    renderApp();
    expect(await inSection().findByText('Осталось кодов восстановления: 7')).toBeTruthy();

    fireEvent.click(inSection().getByRole('button', { name: 'Выключить' }));
    const form = inSection().getByRole('form', { name: 'Выключение двухфакторного входа' });
    const password = within(form).getByLabelText('Пароль') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    const code = within(form).getByLabelText('Код из приложения или код восстановления');

    fireEvent.change(password, { target: { value: 'неверный' } });
    fireEvent.change(code, { target: { value: APP_CODE } });
    fireEvent.click(within(form).getByRole('button', { name: 'Выключить' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(password)).toBe('Неверный пароль');
    expect(inSection().getByText('Включён')).toBeTruthy();
    expect(bodyOf('POST /api/auth/2fa/disable')).toEqual({ password: 'неверный', code: APP_CODE });

    fireEvent.change(password, { target: { value: PASSWORD } });
    expect(inSection().queryByText('Неверный пароль')).toBeNull();
    // The password is typed, never kept: nothing of it lands in the browser's storage.
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(PASSWORD);
    fireEvent.click(within(form).getByRole('button', { name: 'Выключить' }));

    const enable = await inSection().findByRole('button', { name: 'Включить' });
    expect(bodyOf('POST /api/auth/2fa/disable')).toEqual({ password: PASSWORD, code: APP_CODE });
    expect(inSection().getByText('Выключен')).toBeTruthy();
    expect(inSection().queryByText(/Осталось кодов восстановления/)).toBeNull();
    expect(inSection().queryByLabelText('Пароль')).toBeNull();
    expect(inSection().getByText('Двухфакторный вход выключен')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(enable));
  });

  it('says Неверный код under the code field, and Отмена closes the form back to Выключить', async () => {
    signIn();
    twoFactorApi({ enabled: true, recoveryCodesLeft: 10 });
    renderApp();
    fireEvent.click(await inSection().findByRole('button', { name: 'Выключить' }));
    const form = inSection().getByRole('form', { name: 'Выключение двухфакторного входа' });
    fireEvent.change(within(form).getByLabelText('Пароль'), { target: { value: PASSWORD } });
    const code = within(form).getByLabelText('Код из приложения или код восстановления');
    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Выключить' }));
    await waitFor(() => expect(errorOf(code)).toBe('Неверный код'));

    fireEvent.click(within(form).getByRole('button', { name: 'Отмена' }));
    expect(inSection().queryByRole('form')).toBeNull();
    const disable = inSection().getByRole('button', { name: 'Выключить' });
    await waitFor(() => expect(document.activeElement).toBe(disable));
    expect(inSection().getByText('Включён')).toBeTruthy();
    // Opened again, the form starts empty: the password typed before is gone.
    fireEvent.click(disable);
    expect((inSection().getByLabelText('Пароль') as HTMLInputElement).value).toBe('');
  });

  it('offers Повторить when the state cannot be loaded', async () => {
    signIn();
    let fail = true;
    routeApi({
      'GET /api/auth/2fa': () =>
        fail
          ? jsonResponse(503, { message: 'Нет связи' })
          : jsonResponse(200, { enabled: false, recoveryCodesLeft: 0 }),
    });
    renderApp();
    const alert = await inSection().findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить настройки двухфакторного входа.');
    expect(inSection().queryByRole('button', { name: 'Включить' })).toBeNull();
    fail = false;
    act(() => fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' })));
    expect(await inSection().findByRole('button', { name: 'Включить' })).toBeTruthy();
    expect(inSection().queryByRole('alert')).toBeNull();
  });
});
