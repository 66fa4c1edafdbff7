import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr, fakeNetwork } from '../test';
import { ApiError } from './api-client';
import { uploadFile } from './upload';

describe('uploadFile', () => {
  fakeNetwork();
  beforeEach(() => localStorage.setItem('token', 'secret'));
  afterEach(() => localStorage.clear());

  it('PUTs the bytes with their type, no bearer token, and reports progress', async () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const progress: number[] = [];
    const done = uploadFile('/api/file/object/k?signature=s', file, { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/file/object/k?signature=s');
    expect(xhr.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
    xhr.respond(200, { success: true });
    await expect(done).resolves.toEqual({ success: true });
    expect(progress).toEqual([40, 100]);
  });

  it('rejects with the server body as an ApiError, and with status 0 on a network failure', async () => {
    const file = new File(['x'], 'b.bin');
    const refused = uploadFile('/up', file);
    expect(FakeXhr.last!.headers['Content-Type']).toBe('application/octet-stream');
    FakeXhr.last!.respond(413, { message: 'Файл слишком большой' });
    await expect(refused).rejects.toEqual(new ApiError(413, { message: 'Файл слишком большой' }));

    const lost = uploadFile('/up', file);
    FakeXhr.last!.onerror?.();
    const error = await lost.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});
