import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesKit, keyOf, PNG } from '../../test/files.js';
import { call, type Errors, useTestApp } from '../../test/fixtures.js';
import { LinkSigner } from './signing.js';
import { sweepOrphans } from './sweep.js';

const t = useTestApp();
const { signer, uploads, setup, uploadLink, put, attach, avatarLinkOf } = filesKit(t);

describe('orphaned uploads', () => {
  it('add refuses uploads over an hour old; the sweep removes day-old objects nothing names', async () => {
    const s = await setup();
    const added = await attach(s, Buffer.from('kept'));
    const orphan = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'o', type: 'text/plain', size: 1 });
    expect((await put(orphan, Buffer.from('o'), 'text/plain')).statusCode).toBe(200);
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(t.config.dataDir, 'uploads', keyOf(orphan)), hoursAgo, hoursAgo);
    const late = await call<Errors>(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: s.taskId,
      name: 'o',
      url: orphan.split('?')[0],
      type: 'text/plain',
      size: 1,
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ url: 'Загрузка устарела, загрузите файл заново' });

    const set = await avatarLinkOf(s.anna, PNG);
    expect((await call(t.app, s.anna, 'POST', '/api/file/avatar/add', { url: set })).status).toBe(200);
    const unset = await avatarLinkOf(s.anna, PNG);

    // A day later everything is old: only what a row names stays.
    await sweepOrphans(t.db, t.app.storage, Date.now() + 25 * 60 * 60 * 1000);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(added[0]?.url as string)]);
    expect(await uploads(`avatars/${s.anna.id}`)).toEqual([keyOf(set)]);
    expect(unset).not.toBe(set);

    // Fresh orphans are left alone.
    const fresh = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'f', type: 'text/plain', size: 1 });
    expect((await put(fresh, Buffer.from('f'), 'text/plain')).statusCode).toBe(200);
    await sweepOrphans(t.db, t.app.storage);
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(2);
    await t.app.storage.removeMany([keyOf(fresh), keyOf(set)]);
    await t.db.updateTable('users').set({ avatar: null }).where('id', '=', s.anna.id).execute();
  });
});

describe('link signing', () => {
  it('binds key, size, type and expiry, and keeps upload and download links apart', () => {
    const grant = { key: `boards/1/${randomUUID()}`, size: 10, type: 'text/plain' };
    const query = signer().signUpload(grant);
    expect(signer().verifyUpload(grant, query)).toBe('valid');
    expect(signer().verifyUpload({ ...grant, size: 11 }, query)).toBe('invalid');
    expect(signer().verifyUpload({ ...grant, type: 'text/html' }, query)).toBe('invalid');
    expect(signer().verifyUpload({ ...grant, key: `boards/1/${randomUUID()}` }, query)).toBe('invalid');
    expect(signer().verifyDownload(grant.key, query)).toBe('invalid');
    expect(signer().verifyUpload(grant, query, Date.now() + 16 * 60 * 1000)).toBe('expired');
    expect(new LinkSigner('another-secret-another-secret-0123').verifyUpload(grant, query)).toBe('invalid');
    const download = signer().signDownload(grant.key);
    expect(signer().verifyDownload(grant.key, download)).toBe('valid');
    expect(signer().verifyDownload(grant.key, download, Date.now() + 6 * 60 * 1000)).toBe('expired');
  });
});
