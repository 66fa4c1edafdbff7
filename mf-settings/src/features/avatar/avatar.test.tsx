import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { bodyOf, calls, FakeXhr, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsBesidePageReads, ME, renderApp, signIn } from '../../test/utils';

const UPLOAD = '/api/file/object/avatars/7/abc?size=3&type=image%2Fpng&expires=1&signature=s';
const OBJECT = '/api/file/object/avatars/7/abc';

const avatarArea = () => within(screen.getByRole('region', { name: 'Аватар' }));

const pick = async (file: File) =>
  fireEvent.change(await screen.findByTestId('dropzone-input'), { target: { files: [file] } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});

describe('avatar', () => {
  it('shows the chosen image, then: signed link, PUT with progress, add, and the user is reloaded', async () => {
    signIn();
    routeApi({
      'GET /api/file/avatar/upload': () => jsonResponse(200, { uploadUrl: UPLOAD, objectUrl: OBJECT }),
      'POST /api/file/avatar/add': () => jsonResponse(200, { ...ME, avatar: OBJECT }),
      'GET /api/auth/user': () => jsonResponse(200, { ...ME, avatar: OBJECT }),
    });
    renderApp();
    const card = screen.getByRole('region', { name: 'Аватар' });
    expect(within(card).getByRole('img', { name: 'Анна (я)' }).textContent).toBe('А');
    expect(within(card).getByRole('button', { name: 'Загрузить файл' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Загрузить этот файл' })).toBeNull();

    const file = new File(['png'], 'я.png', { type: 'image/png' });
    await pick(file);
    const preview = await within(card).findByRole('img', { name: 'Выбранное изображение' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    fireEvent.click(within(card).getByRole('button', { name: 'Загрузить этот файл' }));

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(UPLOAD);
    expect(xhr.headers['Content-Type']).toBe('image/png');
    expect(xhr.body).toBe(file);
    act(() => xhr.progress(1, 2));
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    act(() => xhr.respond(200, { success: true }));

    expect(await within(card).findByRole('status')).toHaveProperty('textContent', 'Аватар обновлён');
    expect(callsBesidePageReads()).toEqual([
      `GET /api/file/avatar/upload?name=${encodeURIComponent('я.png')}&type=image%2Fpng&size=3`,
      `PUT ${UPLOAD}`,
      'POST /api/file/avatar/add',
      'GET /api/auth/user',
    ]);
    expect(bodyOf('POST /api/file/avatar/add')).toEqual({ url: OBJECT });
    expect(useAuthStore.getState().user?.avatar).toBe(OBJECT);
    expect(within(card).getByRole('img', { name: 'Анна (я)' }).getAttribute('src')).toBe(OBJECT);
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Загрузить этот файл' })).toBeNull();
  });

  it.each([
    ['резюме.pdf', 'application/pdf'],
    ['фото.heic', 'image/heic'],
    ['логотип.svg', 'image/svg+xml'],
    ['скан.bmp', 'image/bmp'],
  ])(
    'refuses %s (a type the server does not keep as an avatar) before uploading, in Russian',
    async (name, type) => {
      signIn();
      renderApp();
      await pick(new File(['x'], name, { type }));
      expect((await avatarArea().findByRole('alert')).textContent).toMatch(
        new RegExp(`^«${name}»: Тип файла должен быть одним из: image/png.*image/webp`),
      );
      expect(screen.queryByRole('button', { name: 'Загрузить этот файл' })).toBeNull();
      expect(callsBesidePageReads()).toEqual([]);
    },
  );

  it('shows Ошибка and the reason when the upload is refused', async () => {
    signIn();
    routeApi({
      'GET /api/file/avatar/upload': () => jsonResponse(200, { uploadUrl: UPLOAD, objectUrl: OBJECT }),
    });
    renderApp();
    await pick(new File(['png'], 'a.png', { type: 'image/png' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить этот файл' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(400, { message: 'Ссылка для загрузки устарела' }));
    expect(await screen.findByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect(avatarArea().getByRole('alert').textContent).toBe('Ссылка для загрузки устарела');
    expect(calls()).not.toContain('POST /api/file/avatar/add');
  });
});
