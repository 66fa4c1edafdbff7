/**
 * Security headers on every answer of the API's port, site and API alike, the framework's own 4xx
 * included: one header set, computed at start by helmet, sent by an `onRequest` hook and by the two
 * answers Fastify writes before any hook runs (a URL it cannot read, a request it cannot parse: app.ts).
 * The bearer token lives in localStorage, so the Content-Security-Policy is what contains an injected
 * script: scripts, styles and fetches only from the site itself and from the origins the remotes map
 * names, images from the site (plus data:/blob: previews and the S3 bucket), no framing.
 *
 * The remotes map (`STATIC_DIR/remotes.json`) and the shell's inline script are read once at start: a map pointing a remote at a
 * new origin needs a restart of the API (deploy/README.md). The nginx proxy of `pnpm stack` and
 * compose sends the same policy from deploy/kanban/security-headers.conf.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { buildFolder, REMOTES_MAP_FILE } from './static.js';

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The origin of an absolute http(s) URL, or null (relative URLs are the site itself). */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Origins other than the site's that the deployed remotes map loads remotes from. */
export function remoteOrigins(staticDir: string | null): string[] {
  if (!staticDir) return [];
  let map: unknown;
  try {
    map = JSON.parse(readFileSync(join(staticDir, REMOTES_MAP_FILE), 'utf8'));
  } catch {
    return [];
  }
  if (!map || typeof map !== 'object') return [];
  const origins = Object.values(map).flatMap((url) => (typeof url === 'string' ? [originOf(url)] : []));
  return [...new Set(origins.filter((origin): origin is string => origin !== null))];
}

/**
 * `'sha256-…'` of each inline script of the shell's index.html (its page-start script: the theme and
 * the route's manifest, shell/src/federation/page-start.ts), so the policy allows exactly those.
 */
export function inlineScriptHashes(staticDir: string | null): string[] {
  const shell = staticDir ? buildFolder(join(staticDir, 'shell')) : null;
  let html: string;
  try {
    html = shell ? readFileSync(join(shell, 'index.html'), 'utf8') : '';
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** ws(s):// of the public address, for Socket.IO ('self' covers it in current browsers, not all). */
function socketOrigin(publicUrl: string): string[] {
  const origin = originOf(publicUrl);
  return origin ? [origin.replace(/^http/, 'ws')] : [];
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const remotes = remoteOrigins(config.staticDir);
  const s3 = config.s3 ? originOf(config.s3.publicEndpoint ?? config.s3.endpoint ?? '') : null;
  const bucket = s3 ? [s3] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(config.staticDir), ...remotes],
    'style-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...bucket],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...socketOrigin(config.publicUrl), ...remotes, ...bucket],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Every security header an answer carries, by lower-case name. */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  // helmet is a connect middleware: run once against a response that only records its headers.
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Browsers ignore HSTS over plain http; sent only when the public address is https.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    // Remote builds on the API's port may be loaded by a shell on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  headers['x-content-type-options'] = 'nosniff';
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries (plugins/security.ts). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export default fp(
  async (app) => {
    const headers = securityHeaders(app.config);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security', dependencies: ['config'] },
);
