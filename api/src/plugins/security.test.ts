import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
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

  /** The headers every answer carries, as a plain route's answer has them. */
  const SECURITY_HEADERS = [
    'content-security-policy',
    'referrer-policy',
    'permissions-policy',
    'x-frame-options',
    'x-content-type-options',
    'strict-transport-security',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];
  const expected = async () => {
    const res = await t.app.inject('/health/live');
    return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name]]));
  };

  it("the framework's own 400 for a URL it cannot read carries them too", async () => {
    for (const url of ['/api/comment/delete/%ff/1', '/api/board/%']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Некорректный запрос' });
      expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name]]))).toEqual(
        await expected(),
      );
    }
  });

  it("so does the answer to a request the HTTP parser refuses, in the product's words", async () => {
    const site = await createTestApp({ staticDir: null, publicUrl: 'https://kanban.example.com' });
    try {
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = site.app.server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nBroken header\r\n\r\n'),
        );
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head = '', body] = raw.split('\r\n\r\n');
      const [status, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 2),
        ]),
      );
      expect(status).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(body ?? '')).toEqual({ message: 'Некорректный запрос' });
      const plain = await site.app.inject('/health/live');
      for (const name of SECURITY_HEADERS) expect(headers[name], name).toBe(plain.headers[name]);
    } finally {
      await site.close();
    }
  });

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
