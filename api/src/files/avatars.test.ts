import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { User } from 'contract/auth';
import type { Board } from 'contract/boards';
import { describe, expect, it } from 'vitest';
import { filesKit, JPEG, keyOf, PNG } from '../../test/files.js';
import { call, createBoard, type Errors, type Person, person, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();
const { uploads, setup, put, attach } = filesKit(t);

describe('avatars', () => {
  const avatarLink = (who: Person, file: { name: string; type: string; size: number }) =>
    call<{ uploadUrl: string; objectUrl: string } & Errors>(
      t.app,
      who,
      'GET',
      `/api/file/avatar/upload?${new URLSearchParams({ ...file, size: String(file.size) })}`,
    );

  it('upload, add: the user shows it, served inline as an image; a new one removes the old', async () => {
    const anna = await person(t.app, 'Анна');
    const link = await avatarLink(anna, { name: 'me.png', type: 'image/png', size: PNG.length });
    expect(link.status).toBe(200);
    expect(link.body.objectUrl).toMatch(new RegExp(`^/api/file/object/avatars/${anna.id}/[0-9a-f-]{36}$`));
    expect(link.body.uploadUrl.split('?')[0]).toBe(link.body.objectUrl);
    expect((await put(link.body.uploadUrl, PNG, 'image/png')).statusCode).toBe(200);

    const added = await call<User>(t.app, anna, 'POST', '/api/file/avatar/add', { url: link.body.objectUrl });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: anna.id,
      name: 'Анна',
      email: anna.email,
      gender: null,
      avatar: link.body.objectUrl,
      emailReminders: true,
      emailNotifications: 'instant',
    });
    const me = await call<User>(t.app, anna, 'GET', '/api/auth/user');
    expect(me.body.avatar).toBe(link.body.objectUrl);

    const served = await t.app.inject({ method: 'GET', url: link.body.objectUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });

    // A JPEG under a .png name and type is still an image; it is served as what its bytes are.
    const next = await avatarLink(anna, { name: 'new.png', type: 'image/png', size: JPEG.length });
    expect((await put(next.body.uploadUrl, JPEG, 'image/png')).statusCode).toBe(200);
    expect(
      (await call(t.app, anna, 'POST', '/api/file/avatar/add', { url: next.body.objectUrl })).status,
    ).toBe(200);
    expect(await uploads(`avatars/${anna.id}`)).toEqual([keyOf(next.body.objectUrl)]);
    expect((await t.app.inject({ method: 'GET', url: next.body.objectUrl })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await t.app.inject({ method: 'GET', url: link.body.objectUrl })).statusCode).toBe(404);

    const board = await createBoard(t.app, anna);
    const detail = await call<Board>(t.app, anna, 'GET', `/api/board/${board}`);
    expect(detail.body.members[0]?.avatar).toBe(next.body.objectUrl);
    await t.db.updateTable('users').set({ avatar: null }).where('id', '=', anna.id).execute();
    await t.app.storage.remove(keyOf(next.body.objectUrl));
  });

  it('refuses what is not an image, by type and by its first bytes, leaving nothing behind', async () => {
    const boris = await person(t.app, 'Борис');
    for (const type of ['text/plain', 'image/svg+xml', 'text/html']) {
      const res = await avatarLink(boris, { name: 'x', type, size: 10 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: 'Аватар должен быть картинкой PNG, JPEG, GIF или WebP' });
    }
    for (const body of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('<svg>'),
      Buffer.from('GIF8'),
    ]) {
      const link = await avatarLink(boris, { name: 'x.png', type: 'image/png', size: body.length });
      const res = await put(link.body.uploadUrl, body, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Аватар должен быть картинкой PNG, JPEG, GIF или WebP' });
      expect(await uploads(`avatars/${boris.id}`)).toEqual([]);
      const add = await call<Errors>(t.app, boris, 'POST', '/api/file/avatar/add', {
        url: link.body.objectUrl,
      });
      expect(add.status).toBe(400);
    }
    // An object under avatars/ written some other way is still checked when added and when served.
    const key = `avatars/${boris.id}/${randomUUID()}`;
    await t.app.storage.put(key, Readable.from([Buffer.from('<html>')]), { maxBytes: 100 });
    expect(
      (await call(t.app, boris, 'POST', '/api/file/avatar/add', { url: `/api/file/object/${key}` })).status,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/object/${key}` })).statusCode).toBe(404);
    await t.app.storage.remove(key);
    const me = await call<User>(t.app, boris, 'GET', '/api/auth/user');
    expect(me.body.avatar).toBeNull();
  });

  it("one cannot take someone else's avatar object or a board file as an avatar", async () => {
    const anna = await person(t.app, 'Анна');
    const boris = await person(t.app, 'Борис');
    const link = await avatarLink(anna, { name: 'a.png', type: 'image/png', size: PNG.length });
    await put(link.body.uploadUrl, PNG, 'image/png');
    const res = await call<Errors>(t.app, boris, 'POST', '/api/file/avatar/add', {
      url: link.body.objectUrl,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ url: 'Некорректная ссылка на файл' });
    const s = await setup();
    const files = await attach(s, PNG, 'p.png', 'image/png');
    expect((await call(t.app, s.anna, 'POST', '/api/file/avatar/add', { url: files[0]?.url })).status).toBe(
      400,
    );
    expect((await call<User>(t.app, boris, 'GET', '/api/auth/user')).body.avatar).toBeNull();
    await t.app.storage.remove(keyOf(link.body.objectUrl));
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${files[0]?.id}/delete`);
    expect(await uploads(`avatars/${anna.id}`)).toEqual([]);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
  });
});
