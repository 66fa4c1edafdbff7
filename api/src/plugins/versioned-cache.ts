/**
 * Answers kept serialized (and compressed) in memory, valid while a version number in the database
 * is unchanged: a user's main-page lists under `users.lists_version`, a board's detail under
 * `boards.version`.
 *
 * Building, serializing and compressing a thousand-board list or a four-thousand-task board costs far
 * more than checking one number. Every change bumps its version in the change's own transaction, and
 * a request reads the version before anything else, so an entry stored under a version holds data at
 * least that new and is served only while the version is unchanged. Versions live in PostgreSQL, so
 * several API instances each keep their own cache safely. Bodies are kept as UTF-8 bytes, plus brotli
 * and gzip copies made on first demand; the least recently used owners go first when over the limit.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller bodies go out as they are, as @fastify/compress does. */
const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

type Encoding = 'br' | 'gzip' | 'identity';

/** One serialized answer, the headers that describe it, and its compressed copies. */
class Body {
  private readonly copies = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly json: Buffer,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  encoded(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.json);
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotli(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipAsync(this.json);
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

interface Entry {
  version: number;
  bodies: Map<string, Body>;
  size: number;
}

export class VersionedCache {
  // A Map keeps insertion order: the first key is the least recently used.
  private readonly entries = new Map<number, Entry>();
  private size = 0;
  /** Reads answered from memory and reads that built the body, since start (plugins/metrics.ts). */
  hits = 0;
  misses = 0;
  /** Called with the seconds each build (read, shape, serialize) took. */
  onBuild?: (seconds: number) => void;

  constructor(private readonly maxBytes: number) {}

  /** The body `key` of `owner` (a user or a board) stored under `version`. */
  get(owner: number, version: number, key: string): Body | undefined {
    const entry = this.entries.get(owner);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(owner);
    this.entries.set(owner, entry);
    return entry.bodies.get(key);
  }

  /** Stores a body; the owner's bodies of any other version go. */
  set(owner: number, version: number, key: string, body: Body): void {
    let entry = this.entries.get(owner);
    if (entry && entry.version !== version) {
      this.drop(owner, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { version, bodies: new Map(), size: 0 };
      this.entries.set(owner, entry);
    }
    const previous = entry.bodies.get(key);
    const delta = body.json.length - (previous?.json.length ?? 0);
    entry.bodies.set(key, body);
    entry.size += delta;
    this.size += delta;
    for (const [id, oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.drop(id, oldest);
    }
  }

  private drop(owner: number, entry: Entry): void {
    this.entries.delete(owner);
    this.size -= entry.size;
  }
}

const caches = new WeakMap<object, Map<string, VersionedCache>>();

/** The caches one database handle (one app) has made so far, by name. */
export function cachesOf(db: object): ReadonlyMap<string, VersionedCache> {
  return caches.get(db) ?? new Map();
}

/**
 * The cache `name` of one database handle (one app), so apps in one process (tests) never share
 * entries.
 */
export function cacheOf(db: object, name: 'lists' | 'boards', maxBytes = 32 * 1024 * 1024): VersionedCache {
  let named = caches.get(db);
  if (!named) {
    named = new Map();
    caches.set(db, named);
  }
  let cache = named.get(name);
  if (!cache) {
    cache = new VersionedCache(maxBytes);
    named.set(name, cache);
  }
  return cache;
}

/** brotli, else gzip, else none, as the client's Accept-Encoding allows. */
function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Answers with the cached body `key` of `owner` at `version` (built, serialized and stored on a
 * miss). The route's response schema still documents the shape (`build` makes each value field by
 * field, so nothing else can leak); the body goes out as bytes, compressed here (so
 * @fastify/compress leaves it alone). With `etag`, the answer carries it and a request whose
 * If-None-Match names it gets 304 without a body (nothing is built). `headers` describe the built
 * value and are kept with its body.
 */
export async function sendCached<T>(
  cache: VersionedCache,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: {
    owner: number;
    version: number;
    key: string;
    build: () => Promise<T>;
    etag?: string;
    headers?: (value: T) => Record<string, string>;
  },
): Promise<FastifyReply> {
  const { owner, version, key, build, etag, headers } = answer;
  if (etag) {
    reply.header('etag', etag).header('vary', 'accept-encoding');
    const match = request.headers['if-none-match'];
    if (match?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  }
  let body = cache.get(owner, version, key);
  if (body) cache.hits += 1;
  else {
    cache.misses += 1;
    const started = performance.now();
    const value = await build();
    body = new Body(Buffer.from(JSON.stringify(value)), headers?.(value));
    cache.onBuild?.((performance.now() - started) / 1000);
    cache.set(owner, version, key, body);
  }
  const encoding =
    body.json.length < COMPRESS_THRESHOLD ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  const bytes = await body.encoded(encoding);
  reply.type(JSON_TYPE).header('vary', 'accept-encoding').headers(body.headers);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
