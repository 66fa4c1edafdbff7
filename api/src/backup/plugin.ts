/**
 * `POST /backup` on a running API with the embedded database: how the backup command (cli.ts) backs
 * it up without stopping it. PGlite's folder can be open in one process only, so the API that has it
 * open writes the archive (backup.ts) and streams it back. Registered only on PGlite (a PostgreSQL
 * installation is backed up by the command itself); answered only on a connection from this machine,
 * to a bearer of a token made with the installation's JWT secret for this database folder (token.ts);
 * outside /api and hidden from the API reference, like /metrics.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, MESSAGES } from '../errors.js';
import { writeBackup } from './backup.js';
import { pgliteSource } from './pglite.js';
import { BACKUP_PATH, verifyBackupToken } from './token.js';

/**
 * A connection from this machine: from a loopback address, or from the very address it reached (an
 * API listening on one interface only is reached from that address). The socket's own addresses: a
 * forwarded one (TRUST_PROXY) could be claimed by anyone.
 */
function fromThisMachine({ remoteAddress, localAddress }: { remoteAddress?: string; localAddress?: string }) {
  if (remoteAddress === undefined) return false;
  return remoteAddress === '::1' || /^(::ffff:)?127\./.test(remoteAddress) || remoteAddress === localAddress;
}

const backupPlugin: FastifyPluginAsync = async (app) => {
  const { pglite } = app;
  if (pglite === null) return;

  app.post(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request.socket)) throw new HttpError(404, { message: MESSAGES.notFound });
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, { message: MESSAGES.unauthorized });
    if (!verifyBackupToken(header.slice('Bearer '.length), app.config.jwtSecret, app.config.pgliteDir)) {
      throw new HttpError(403, { message: MESSAGES.forbidden });
    }
    const body = new PassThrough();
    const log = (message: string) => request.log.info(message);
    // A failure destroys the body, cutting the answer: the command sees an incomplete archive.
    writeBackup({ source: pgliteSource(pglite, app.db), storage: app.storage, sink: body, log }).then(
      (manifest) => request.log.info({ objects: manifest.objects.count }, 'backup sent'),
      (err: unknown) => request.log.error({ err }, 'backup failed'),
    );
    return reply.header('cache-control', 'no-store').type('application/zip').send(body);
  });
};

export default backupPlugin;
