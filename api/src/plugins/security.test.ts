import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/fixtures.js';
import { contentSecurityPolicy, inlineScriptHashes, PERMISSIONS_POLICY, remoteOrigins } from './security.js';

/** `{ 'script-src': ["'self'", ...], ... }` from a Content-Security-Policy header. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

const INLINE = "document.documentElement.dataset.theme='light'";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

describe('security headers', () => {
  let site: string;
  let t: TestApp;
  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'kanban-site-'));
    await mkdir(join(site, 'shell'), { recursive: true });
    await writeFile(
      join(site, 'shell', 'index.html'),
      `<!doctype html><title>shell</title><script>${INLINE}</script><script defer src="/static/js/index.js"></script>`,
    );
    await writeFile(
      join(site, 'remotes.json'),
      JSON.stringify({
        mf_auth: '/remotes/mf-auth/mf-manifest.json',
        mf_boards: 'https://cdn.example.com/mf-boards/mf-manifest.json',
        mf_settings: 'not a url',
      }),
    );
    t = await createTestApp({ staticDir: site, publicUrl: 'https://kanban.example.com' });
  });
  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  it.each(['/', '/board/5', '/api/auth/user', '/api/openapi.json', '/health/live', '/api/docs'])(
    '%s carries the policy, Referrer-Policy, Permissions-Policy and no framing',
    async (url) => {
      const res = await t.app.inject(url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", INLINE_HASH, 'https://cdn.example.com']);
      expect(csp['connect-src']).toEqual(["'self'", 'wss://kanban.example.com', 'https://cdn.example.com']);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    },
  );

  it('inline styles are allowed on the API reference only (Swagger UI injects a <style>)', async () => {
    // With a site served, the page fallback leaves the reference alone.
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const docs = directives(page.headers['content-security-policy']);
    expect(docs['style-src']).toContain("'unsafe-inline'");
    expect(docs['script-src']).toEqual(["'self'", INLINE_HASH, 'https://cdn.example.com']);
    const site = directives((await t.app.inject('/')).headers['content-security-policy']);
    expect(site['style-src']).toEqual(["'self'", 'https://cdn.example.com']);
  });

  it('a served file keeps its own sandboxing policy', async () => {
    // The object routes set `default-src 'none'; sandbox` themselves (src/files/objects.ts).
    const res = await t.app.inject('/api/file/object/avatars/missing.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('adds the S3 endpoint browsers reach to images and fetches', () => {
    const config = testConfig('/tmp', {
      s3: { bucket: 'b', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true },
    });
    expect(contentSecurityPolicy(config)['img-src']).toContain('http://minio:9000');
    expect(contentSecurityPolicy(config)['connect-src']).toContain('http://minio:9000');
    const published = testConfig('/tmp', {
      s3: {
        bucket: 'b',
        region: 'us-east-1',
        endpoint: 'http://minio:9000',
        publicEndpoint: 'https://files.example.com/',
        forcePathStyle: true,
      },
    });
    expect(contentSecurityPolicy(published)['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://files.example.com',
    ]);
  });

  const shellBuild = join(import.meta.dirname, '../../../shell/dist');
  it.skipIf(!existsSync(join(shellBuild, 'index.html')))(
    "the proxy's policy (deploy/kanban) allows the built shell's inline script, as the API's does",
    () => {
      const hashes = inlineScriptHashes(join(shellBuild, '..', '..'));
      expect(hashes).toHaveLength(1);
      const conf = readFileSync(
        join(import.meta.dirname, '../../../deploy/kanban/security-headers.conf'),
        'utf8',
      );
      const scriptSrc = /script-src ([^;]+);/.exec(conf)?.[1]?.split(' ');
      // On a mismatch, the page-start script changed (shell/src/federation/page-start.ts, or the
      // route table it carries): put the new hash in security-headers.conf.
      expect(scriptSrc).toEqual(["'self'", ...hashes]);
    },
  );

  it('no remotes map, or no site: the site alone', () => {
    expect(remoteOrigins(null)).toEqual([]);
    expect(remoteOrigins('/nonexistent')).toEqual([]);
    const csp = contentSecurityPolicy(testConfig('/tmp', { publicUrl: 'http://127.0.0.1:3000' }));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:3000']);
  });
});
