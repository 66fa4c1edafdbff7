/**
 * The signed object routes under /api/file/object/<key>: PUT (raw body) and POST (multipart) store an
 * upload, GET serves a board file as a download or an avatar inline. They are public in the auth hook:
 * the link's signature (or, for avatars, the unguessable key) is the permission.
 *
 * Uploads stream to storage: this plugin's scope replaces every body parser with one that hands the
 * request stream over untouched (and keeps @fastify/multipart for form posts), so no body is buffered
 * and Fastify's JSON body limit does not apply; the signed size and MAX_UPLOAD_BYTES do.
 */

import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetObject, MESSAGES, PostObject, PutObject } from 'contract/files';
import type { FastifyReply } from 'fastify';
import { type ErrorBody, HttpError, notFound } from '../errors.js';
import { isValidKey, type Storage, StorageError } from '../plugins/storage.js';
import {
  attachmentDisposition,
  imageOnly,
  imageTypeOf,
  NotAnImageError,
  normalizeType,
  OCTET_STREAM,
  SNIFF_BYTES,
} from './content.js';
import { findFileByKey } from './repository.js';
import type { LinkSigner, UploadGrant, Verdict } from './signing.js';

/** Served files can never run as a page of the site, whatever their bytes or type. */
export const FILE_CSP = "default-src 'none'; sandbox";

const isAvatarKey = (key: string) => key.startsWith('avatars/');

/** A refusal sent before or while the body arrives: the connection closes so the rest is not read. */
const refuse = (status: number, body: ErrorBody) => new HttpError(status, body, { connection: 'close' });

function checkVerdict(verdict: Verdict): void {
  if (verdict === 'invalid') throw refuse(403, { message: MESSAGES.badSignature });
  if (verdict === 'expired') throw refuse(403, { message: MESSAGES.expired });
}

/** The first bytes of an object (enough to tell image formats apart), or null when there is none. */
export async function readHead(storage: Storage, key: string): Promise<Buffer | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of opened.stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= SNIFF_BYTES) break;
    }
  } finally {
    opened.stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

const objectRoutes: FastifyPluginAsyncTypebox<{ signer: LinkSigner }> = async (app, { signer }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  // A browser sends `Content-Type: ` for a File whose type it does not know; that is no type at all.
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-type']?.trim() === '') delete request.headers['content-type'];
  });

  // The bytes go out and in exactly as stored and signed.
  const raw = { compress: false, decompress: false } as const;

  function uploadGrant(request: { params: { '*': string }; query: UploadQuery }) {
    const key = request.params['*'];
    if (!isValidKey(key)) throw refuse(404, { message: 'Не найдено' });
    const { size, expires, signature } = request.query;
    const type = normalizeType(request.query.type);
    if (type === null) throw refuse(400, { type: MESSAGES.type });
    const grant: UploadGrant = { key, size, type };
    checkVerdict(signer.verifyUpload(grant, { expires, signature }));
    return grant;
  }

  /** Streams `body` into the granted object; every refusal leaves nothing in storage. */
  async function store(grant: UploadGrant, body: Readable): Promise<void> {
    const source = isAvatarKey(grant.key) ? imageOnly(body) : body;
    try {
      await app.storage.put(grant.key, source, {
        maxBytes: app.config.maxUploadBytes,
        expectedBytes: grant.size,
      });
    } catch (err) {
      if (err instanceof NotAnImageError) throw refuse(400, { message: MESSAGES.notImage });
      if (!(err instanceof StorageError)) throw err;
      if (err.code === 'too-large') throw refuse(413, { message: MESSAGES.tooLargeForLink });
      if (err.code === 'too-small') throw refuse(400, { message: MESSAGES.tooSmall });
      if (err.code === 'exists') throw refuse(409, { message: MESSAGES.exists });
      throw refuse(404, { message: 'Не найдено' });
    }
  }

  app.put('/*', { schema: PutObject, ...raw }, async (request) => {
    const grant = uploadGrant(request);
    const declared = request.headers['content-type'];
    if ((declared === undefined ? OCTET_STREAM : normalizeType(declared)) !== grant.type) {
      throw refuse(415, { message: MESSAGES.wrongType });
    }
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) > grant.size) {
      throw refuse(413, { message: MESSAGES.tooLargeForLink });
    }
    if (length !== undefined && Number(length) < grant.size)
      throw refuse(400, { message: MESSAGES.tooSmall });
    // No body parser ran for an empty body without a type: the request itself is the (empty) stream.
    await store(grant, (request.body as Readable | undefined) ?? request.raw);
    return { success: true as const };
  });

  app.post('/*', { schema: PostObject, ...raw }, async (request) => {
    const grant = uploadGrant(request);
    if (!request.isMultipart()) throw refuse(415, { message: MESSAGES.wrongType });
    // One byte past the signed size reaches put, which then refuses it (busboy would only truncate).
    const part = await request.file({
      limits: { fileSize: grant.size + 1, files: 1, fields: 20, parts: 21 },
    });
    if (!part) throw refuse(400, { file: MESSAGES.noFile });
    if (normalizeType(part.mimetype) !== grant.type) throw refuse(415, { message: MESSAGES.wrongType });
    await store(grant, part.file);
    return { success: true as const };
  });

  app.get('/*', { schema: GetObject, ...raw }, async (request, reply) => {
    const key = request.params['*'];
    if (!isValidKey(key)) throw notFound();
    if (isAvatarKey(key)) return sendAvatar(key, reply);

    const { expires, signature } = request.query;
    if (expires === undefined || signature === undefined)
      throw new HttpError(403, { message: MESSAGES.badSignature });
    checkVerdict(signer.verifyDownload(key, { expires, signature }));
    const file = await findFileByKey(app.db, key);
    const opened = file && (await app.storage.open(key));
    if (!file || !opened) throw notFound();
    return reply
      .type(file.type)
      .headers({
        'content-length': String(opened.size),
        'content-disposition': attachmentDisposition(file.name),
        'content-security-policy': FILE_CSP,
        'cache-control': 'private, max-age=300',
      })
      .send(opened.stream);
  });

  /** Avatars are images by their first bytes, checked again here; served inline with that type. */
  async function sendAvatar(key: string, reply: FastifyReply) {
    const head = await readHead(app.storage, key);
    const type = head && imageTypeOf(head);
    const opened = type ? await app.storage.open(key) : null;
    if (!type || !opened) throw notFound();
    return reply
      .type(type)
      .headers({
        'content-length': String(opened.size),
        'content-disposition': 'inline',
        'content-security-policy': FILE_CSP,
        // A new avatar gets a new key, so an object never changes once written.
        'cache-control': 'public, max-age=31536000, immutable',
      })
      .send(opened.stream);
  }
};

interface UploadQuery {
  size: number;
  type: string;
  expires: number;
  signature: string;
}

export default objectRoutes;
