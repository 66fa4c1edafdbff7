/**
 * POST /api/import/preview and POST /api/import take a multipart upload: the file streams into
 * storage (at most MAX_IMPORT_BYTES, 413 past it) while its head is kept to tell the format; a file
 * that is none of the formats is refused (400) and removed. The preview then reads the file and
 * describes it; the import queues the job (202 { id }), which GET /api/import/{id} reports on.
 */
import { randomUUID } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isTimeZone } from 'contract/due-window';
import {
  GetImport,
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportPreview,
  MAX_IMPORT_BYTES,
  MESSAGES,
  PreviewImport,
  StartImport,
} from 'contract/imports';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.js';
import { StorageError } from '../plugins/storage.js';
import { detectFormat, readSource, SNIFF_BYTES } from './formats.js';
import { IMPORT_QUEUE } from './job.js';
import { findImportJob, type ImportOptions, insertImport } from './repository.js';
import { BrokenSource, countTasks } from './source.js';

/** Keeps the first SNIFF_BYTES of what passes through. */
class Head extends Transform {
  private chunks: Buffer[] = [];
  private length = 0;

  get bytes(): Buffer {
    return Buffer.concat(this.chunks).subarray(0, SNIFF_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.length < SNIFF_BYTES) {
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    done(null, chunk);
  }
}

interface Upload {
  key: string;
  format: ImportFormat;
  fileName: string;
  fields: Record<string, string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME = 100;

const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 * 1024 },
  });

  /** Stores the upload under a new key and tells its format; every refusal leaves nothing behind. */
  async function receive(request: FastifyRequest, id: string): Promise<Upload> {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > MAX_IMPORT_BYTES + 64 * 1024)
      throw new HttpError(413, { file: MESSAGES.tooLarge }, { connection: 'close' });
    if (!request.isMultipart()) throw new HttpError(400, { file: MESSAGES.noFile });
    const key = `imports/${request.user.id}/${id}`;
    const fields: Record<string, string> = {};
    let stored: { fileName: string; head: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        const head = new Head();
        try {
          await app.storage.put(key, (part.file as Readable).pipe(head), { maxBytes: MAX_IMPORT_BYTES });
        } catch (err) {
          part.file.resume();
          if (err instanceof StorageError && err.code === 'too-large')
            throw new HttpError(413, { file: MESSAGES.tooLarge }, { connection: 'close' });
          throw err;
        }
        stored = { fileName: part.filename, head: head.bytes };
      }
      if (!stored) throw new HttpError(400, { file: MESSAGES.noFile });
      const detected = detectFormat(stored.head);
      const asked = fields.format;
      if (asked !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(asked))
        throw new HttpError(400, { format: 'Формат: trello, csv или kanban' });
      if (detected === null) throw new HttpError(400, { file: MESSAGES.unknownFormat });
      if (asked !== undefined && asked !== detected)
        throw new HttpError(400, { file: MESSAGES.wrongFormat(asked) });
      return { key, format: detected, fileName: stored.fileName, fields };
    } catch (err) {
      await app.storage.remove(key);
      throw err;
    }
  }

  /** The importer's choices from the form's fields: field-keyed Russian errors when malformed. */
  function optionsOf(upload: Upload): ImportOptions {
    const { name = '', members: membersText, tz = 'Europe/Moscow' } = upload.fields;
    const errors: Record<string, string> = {};
    if (name.trim().length > MAX_NAME) errors.name = `Не больше ${MAX_NAME} символов`;
    if (!isTimeZone(tz)) errors.tz = MESSAGES.tz;
    const members: Record<string, string> = {};
    if (membersText !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(membersText);
      } catch {
        parsed = null;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        errors.members = MESSAGES.members;
      else {
        for (const [id, email] of Object.entries(parsed)) {
          if (email === null || email === '') continue;
          const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
          if (!EMAIL.test(address) || address.length > 254) {
            errors.members = MESSAGES.email(String(email));
            break;
          }
          members[id] = address;
        }
      }
    }
    if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
    return { name: name.trim(), members, tz, fileName: upload.fileName, storageKey: upload.key };
  }

  app.post('/preview', { schema: PreviewImport }, async (request): Promise<ImportPreview> => {
    const upload = await receive(request, randomUUID());
    try {
      const options = optionsOf(upload);
      const opened = await app.storage.open(upload.key);
      if (!opened) throw notFound();
      const source = await readSource(upload.format, opened.stream, options);
      return {
        format: source.format,
        name: source.name,
        columns: source.columns.length,
        tasks: countTasks(source),
        members: source.members,
      };
    } catch (err) {
      if (err instanceof BrokenSource) throw new HttpError(400, { file: MESSAGES.broken });
      throw err;
    } finally {
      await app.storage.remove(upload.key);
    }
  });

  app.post('/', { schema: StartImport }, async (request, reply) => {
    const id = randomUUID();
    const upload = await receive(request, id);
    try {
      const options = optionsOf(upload);
      await app.db.transaction().execute(async (trx) => {
        await insertImport(trx, { id, userId: request.user.id, format: upload.format, options });
        await app.queue.boss.insert([{ name: IMPORT_QUEUE, data: { id } }], {
          db: app.queue.inTransaction(trx),
        });
      });
    } catch (err) {
      await app.storage.remove(upload.key);
      throw err;
    }
    app.imports.wake();
    return reply.code(202).send({ id });
  });

  app.get('/:id', { schema: GetImport }, async (request) => {
    const job = await findImportJob(app.db, request.params.id, request.user.id);
    if (!job) throw notFound();
    const here = job.state === 'running' ? app.imports.running(job.id) : undefined;
    return here && here.progress > job.progress ? { ...job, ...here } : job;
  });
};

export default importRoutes;
