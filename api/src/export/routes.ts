import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExportBoard, ExportMe } from 'contract/export';
import { stringify } from 'csv-stringify';
import type { Kysely, Transaction } from 'kysely';
import { ZipFile } from 'yazl';
import { requireBoardMember } from '../board-change/access.js';
import { boardsOfMember, findBoardSettings } from '../boards/index.js';
import type { Database } from '../database.js';
import { attachmentDisposition, boardFileKeys, safeFileName } from '../files/index.js';
import { boardCsvRows, boardJson, type ExportOf } from './board-export.js';

/** Dates in a CSV are written in this zone unless the request names one. */
const DEFAULT_ZONE = 'Europe/Moscow';

const validZone = (zone: string | undefined) => {
  if (!zone) return DEFAULT_ZONE;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_ZONE;
  }
};

/**
 * Streams what `write` produces from inside one repeatable-read, read-only transaction: every batch
 * of a long export sees the board at the same moment, and a failure midway cuts the download (a
 * client sees an incomplete file, never a wrong one).
 */
function streamFrom(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>, out: PassThrough) => Promise<void>,
) {
  const out = new PassThrough();
  void db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => write(trx, out))
    .then(
      () => out.end(),
      (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  return out;
}

/** Writes `chunk`, waiting while the client reads slower than the board is read. */
async function send(out: PassThrough, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Under /api/export: a board as JSON, CSV or ZIP, for its members. */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** 'Скачать мои данные' in /settings: the profile and each of the user's boards, in one ZIP. */
  app.get('/me', { schema: ExportMe }, async (request, reply) => {
    const user = request.user;
    const boards = await boardsOfMember(app.db, user.id);
    const zip = new ZipFile();
    const profile = { format: 'kanban-account', version: 1, exportedAt: new Date().toISOString(), user };
    zip.addBuffer(Buffer.from(JSON.stringify(profile, null, 2)), 'profile.json');
    for (const board of boards) {
      // Each board read in its own transaction when the archive reaches it.
      zip.addReadStreamLazy(`boards/${board.id}-${safeFileName(board.name)}.json`, {}, (done) => {
        const of: ExportOf = { boardId: board.id, createdBy: board.createdBy };
        done(
          null,
          streamFrom(app.db, async (trx, out) => {
            for await (const chunk of boardJson(trx, of)) await send(out, chunk);
          }),
        );
      });
    }
    zip.end();
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', attachmentDisposition('Мои данные.zip'));
    return reply.type('application/zip').send(zip.outputStream);
  });

  app.get('/:boardId', { schema: ExportBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const { createdBy } = await requireBoardMember(app, boardId, request.user.id);
    const board: ExportOf = { boardId, createdBy };
    const name = (await findBoardSettings(app.db, boardId))?.name ?? 'Доска';
    const format = request.query.format ?? 'json';
    const timeZone = validZone(request.query.tz);
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', attachmentDisposition(`${name}.${format}`));
    if (format === 'csv') {
      const body = streamFrom(app.db, async (trx, out) => {
        // Russian Excel opens UTF-8 with a BOM and ';' as it should.
        const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
        csv.on('data', (chunk: Buffer) => out.write(chunk));
        for await (const row of boardCsvRows(trx, board, timeZone)) {
          if (!csv.write(row)) await once(csv, 'drain');
        }
        csv.end();
        await once(csv, 'end');
      });
      return reply.type('text/csv; charset=utf-8').send(body);
    }
    if (format === 'zip') {
      // board.json, then every file's bytes under files/{task}/{id}-{name}, opened one at a time.
      const files = await boardFileKeys(app.db, boardId);
      const pathOf = (id: number) => {
        const file = files.get(id);
        return file && `files/${file.taskId}/${id}-${safeFileName(file.name)}`;
      };
      const zip = new ZipFile();
      const json = streamFrom(app.db, async (trx, out) => {
        for await (const chunk of boardJson(trx, { ...board, filePath: pathOf })) await send(out, chunk);
      });
      zip.addReadStream(json, 'board.json');
      for (const [id, file] of files) {
        zip.addReadStreamLazy(pathOf(id) as string, {}, (done) => {
          app.storage.open(file.key).then(
            // An object lost from storage leaves an empty entry rather than a broken archive.
            (opened) => done(null, opened ? opened.stream : Readable.from([])),
            (err: Error) => done(err, Readable.from([])),
          );
        });
      }
      zip.end();
      return reply.type('application/zip').send(zip.outputStream);
    }
    const body = streamFrom(app.db, async (trx, out) => {
      for await (const chunk of boardJson(trx, board)) await send(out, chunk);
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });
};

export default exportRoutes;
