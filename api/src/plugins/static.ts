/**
 * The site on the API's port (docs/decisions.md "Static site"): the shell at `/` with an index.html
 * fallback for client routes, each remote under `/remotes/<folder>/`, and the runtime remotes map at
 * `/remotes.json`. Entry files (index.html, manifests, remoteEntry.js, route-data.js, remotes.json)
 * are `no-cache` so a redeploy shows on the next load; files under `static/` carry content hashes and
 * are immutable.
 * Also owns the not-found handler: unknown API paths and missing files (a path with an extension,
 * such as a stale chunk) get a JSON 404, never the page.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../errors.js';

export const REMOTE_FOLDERS = ['mf-auth', 'mf-boards', 'mf-board-view', 'mf-settings'] as const;
const RESERVED_PREFIXES = ['/api', '/health', '/socket.io', '/remotes'];
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The runtime remotes map a deployment may place in STATIC_DIR (also read by security.ts). */
export const REMOTES_MAP_FILE = 'remotes.json';
const NOT_BUILT = 'Сайт ещё не собран: выполните `pnpm build` и перезапустите сервер.';

/** A path naming a file (its last segment has an extension), which the page fallback must not answer. */
const isFilePath = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

const isReserved = (path: string) =>
  RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** A package folder's build: its `dist/`, or the folder itself when it holds a build (no package.json). */
export function buildFolder(dir: string): string | null {
  if (existsSync(join(dir, 'dist'))) return join(dir, 'dist');
  if (existsSync(dir) && !existsSync(join(dir, 'package.json'))) return dir;
  return null;
}

function cacheHeaders(root: string) {
  return (reply: FastifyReply, filePath: string) => {
    const hashed = relative(root, filePath).split(sep)[0] === 'static';
    const entry = ENTRY_FILES.has(basename(filePath));
    reply.header('cache-control', hashed && !entry ? IMMUTABLE : NO_CACHE);
  };
}

export default fp(
  async (app) => {
    const staticDir = app.config.staticDir;
    const shellBuild = staticDir ? buildFolder(join(staticDir, 'shell')) : null;
    const shellRoot = shellBuild && existsSync(join(shellBuild, 'index.html')) ? shellBuild : null;
    const remotes = new Map<string, string>();
    for (const folder of staticDir ? REMOTE_FOLDERS : []) {
      const root = buildFolder(join(staticDir as string, folder));
      if (root) remotes.set(folder, root);
    }

    // The first registration decorates reply.sendFile, used by the client-route fallback.
    let decorateReply = true;
    if (shellRoot) {
      await app.register(fastifyStatic, {
        root: shellRoot,
        prefix: '/',
        // The .br / .gz copies the front ends' builds carry (build-config's pluginPrecompress).
        preCompressed: true,
        cacheControl: false,
        setHeaders: cacheHeaders(shellRoot),
        allowedPath: (path) => !isReserved(path),
      });
      decorateReply = false;
      app.log.info({ root: shellRoot }, 'serving the shell');
    } else if (staticDir) {
      app.log.warn({ staticDir }, 'shell build not found; `/` answers 503 until it is built');
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT),
      );
    }
    for (const [folder, root] of remotes) {
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${folder}/`,
        decorateReply,
        preCompressed: true,
        cacheControl: false,
        setHeaders: cacheHeaders(root),
      });
      decorateReply = false;
    }

    if (staticDir) {
      app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
        reply.header('cache-control', NO_CACHE);
        const deployed = await readFile(join(staticDir, REMOTES_MAP_FILE), 'utf8').catch(() => null);
        if (deployed !== null) return reply.type('application/json; charset=utf-8').send(deployed);
        const map: Record<string, string> = {};
        for (const [folder, root] of remotes) {
          if (existsSync(join(root, 'mf-manifest.json'))) {
            map[folder.replaceAll('-', '_')] = `/remotes/${folder}/mf-manifest.json`;
          }
        }
        return map;
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const page =
        (request.method === 'GET' || request.method === 'HEAD') && !isReserved(path) && !isFilePath(path);
      if (page && shellRoot) {
        // A public link's page is for whoever holds the link, not for search engines.
        if (path.startsWith('/p/')) reply.header('x-robots-tag', 'noindex, nofollow');
        return reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html', shellRoot);
      }
      if (page && staticDir) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      return reply.code(404).send({ message: MESSAGES.notFound });
    });
  },
  { name: 'static', dependencies: ['config'] },
);
