import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/fixtures.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function put(root: string, path: string, content: string) {
  const file = join(root, path);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, content);
}

describe('with built front-ends', () => {
  let site: string;
  let t: TestApp;
  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'kanban-site-'));
    // The shell as a workspace package with dist/, mf-auth as a bare build folder.
    await put(site, 'shell/package.json', '{}');
    await put(site, 'shell/index.html', '<!-- source, not served -->');
    await put(site, 'shell/dist/index.html', '<!doctype html><title>shell</title>');
    await put(site, 'shell/dist/static/js/main.abc123.js', 'console.log(1)');
    // The build's compressed copies (build-config's pluginPrecompress); distinct bodies to tell apart.
    await put(site, 'shell/dist/static/js/main.abc123.js.br', 'brotli body');
    await put(site, 'shell/dist/static/js/main.abc123.js.gz', 'gzip body');
    await put(site, 'shell/dist/favicon.ico', 'icon');
    await put(site, 'mf-auth/mf-manifest.json', '{"name":"mf_auth"}');
    await put(site, 'mf-auth/remoteEntry.js', 'var mf_auth;');
    await put(site, 'mf-auth/route-data.js', '(()=>{})();');
    await put(site, 'mf-auth/static/js/async/login.def456.js', 'export {}');
    // A remote with no build yet is skipped.
    await put(site, 'mf-boards/package.json', '{}');
    t = await createTestApp({ staticDir: site });
  });
  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('serves the shell at / without caching', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it("tells search engines to leave a public link's page alone", async () => {
    const res = await t.app.inject('/p/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it("sends a build's compressed copy the browser takes, with the file's own type and caching", async () => {
    const url = '/static/js/main.abc123.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli body');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip body');
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it.each(['/login', '/board/12/task/7', '/reset/validate/abc?code=x'])(
    'falls back to index.html for %s',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    },
  );

  it.each(['/static/js/main.gone999.js', '/robots.txt', '/board/12/picture.png'])(
    'answers a missing file %s with 404, not the page',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>shell</title>');
    },
  );

  it('serves the shell build root files such as the icon', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('icon');
  });

  it('marks hashed chunks immutable and other files no-cache', async () => {
    const chunk = await t.app.inject('/static/js/main.abc123.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject('/favicon.ico')).headers['cache-control']).toBe(NO_CACHE);
  });

  it('serves remotes under /remotes/<folder>/', async () => {
    const manifest = await t.app.inject('/remotes/mf-auth/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'mf_auth' });
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect((await t.app.inject('/remotes/mf-auth/remoteEntry.js')).headers['cache-control']).toBe(NO_CACHE);
    // Unhashed, like the manifest: a redeployed remote's route data is what the next page load runs.
    const routeData = await t.app.inject('/remotes/mf-auth/route-data.js');
    expect(routeData.headers['cache-control']).toBe(NO_CACHE);
    expect(routeData.headers['content-type']).toMatch(/javascript/);
    const chunk = await t.app.inject('/remotes/mf-auth/static/js/async/login.def456.js');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    const missing = await t.app.inject('/remotes/mf-boards/mf-manifest.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Не найдено' });
  });

  it('generates /remotes.json from the remotes that have a manifest', async () => {
    const res = await t.app.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.json()).toEqual({ mf_auth: '/remotes/mf-auth/mf-manifest.json' });
  });

  it('prefers a deployed remotes.json', async () => {
    await put(site, 'remotes.json', '{"mf_auth":"https://cdn.example/mf-auth/mf-manifest.json"}');
    const res = await t.app.inject('/remotes.json');
    expect(res.json()).toEqual({ mf_auth: 'https://cdn.example/mf-auth/mf-manifest.json' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    await rm(join(site, 'remotes.json'));
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    for (const url of ['/api/unknown', '/api/auth/nothing', '/health/none']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Не найдено' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });
});

describe('without a shell build', () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'kanban-site-'));
    await put(site, 'shell/package.json', '{}');
    t = await createTestApp({ staticDir: site });
  });
  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('answers 503 with a hint to build', async () => {
    for (const url of ['/', '/login']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('pnpm build');
    }
    expect((await t.app.inject('/remotes.json')).json()).toEqual({});
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
  });
});
