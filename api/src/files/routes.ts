/**
 * Files on tasks and avatars (docs/api.md, "Files and avatars"). The flow is SPEC.md's: ask for a
 * signed upload link, send the bytes to it (objects.ts), then add the object to a task (or make it
 * the avatar). Board file changes run through changeBoard ('files'); objects a change frees are
 * removed from storage after its commit, so a rollback never loses bytes a row still points to.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddAvatar,
  AddFile,
  AvatarUploadLink,
  DeleteFile,
  GetFile,
  MESSAGES,
  UploadLink,
} from 'contract/files';
import { toId } from 'contract/ids';
import { requireBoardMember } from '../board-change/access.js';
import { changeBoard } from '../board-change/change-board.js';
import { HttpError, notFound } from '../errors.js';
import { type DirectLinks, isValidKey } from '../plugins/storage.js';
import { normalize } from '../schemas.js';
import { attachmentDisposition, IMAGE_TYPES, imageTypeOf, normalizeType, safeFileName } from './content.js';
import { downloadLink } from './links.js';
import objectRoutes, { readHead } from './objects.js';
import { deleteFile, filesOfTask, findFile, insertFile, setAvatar, taskExists } from './repository.js';
import { LinkSigner, OBJECT_PATH, objectUrl } from './signing.js';
import { ADD_WITHIN_MS, SWEEP_EVERY_MS, sweepOrphans } from './sweep.js';

/**
 * The storage key an object url names (`/api/file/object/<key>`, with or without origin and query),
 * or null when it names none.
 */
export function keyOfUrl(url: string, direct?: DirectLinks): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  // With a bucket, the client adds the upload link it was given (without its query).
  if (!path.startsWith(OBJECT_PATH)) return direct?.keyOf(url) ?? null;
  const key = path.slice(OBJECT_PATH.length);
  return isValidKey(key) ? key : null;
}

const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signer = new LinkSigner(app.config.jwtSecret);
  const maxBytes = app.config.maxUploadBytes;

  /** Too old to add: the orphan sweep may be removing it (sweep.ts). */
  const isStale = (uploadedAt: Date) => Date.now() - uploadedAt.getTime() > ADD_WITHIN_MS;

  /** A PUT link for the key: the bucket's own when storage has one, else the API's. */
  const uploadUrl = (key: string, size: number, type: string) =>
    app.storage.direct
      ? app.storage.direct.uploadUrl(key, { size, type })
      : signer.uploadUrl({ key, size, type });

  function checkSize(size: number) {
    if (size > maxBytes) throw new HttpError(400, { size: MESSAGES.tooLarge(maxBytes) });
  }

  app.get('/upload', { schema: UploadLink }, async (request) => {
    const { boardId, taskId, size } = request.query;
    await requireBoardMember(app, boardId, request.user.id);
    if (!(await taskExists(app.db, boardId, taskId))) throw notFound();
    const type = normalizeType(request.query.type);
    if (type === null) throw new HttpError(400, { type: MESSAGES.type });
    checkSize(size);
    const key = `boards/${boardId}/${randomUUID()}`;
    return { url: await uploadUrl(key, size, type) };
  });

  app.post(
    '/add',
    { schema: AddFile, preValidation: normalize({ name: 'trim' }) },
    async (request, reply) => {
      const { body } = request;
      const boardId = toId(body.boardId);
      const taskId = toId(body.taskId);
      const userId = request.user.id;
      // The payload is read once the kernel has checked access: an outsider gets 403 whatever it holds.
      return changeBoard(app, { boardId, userId, change: 'files', reply }, async (trx, _v, _b, changes) => {
        const key = keyOfUrl(body.url, app.storage.direct);
        const type = normalizeType(body.type);
        const errors: Record<string, string> = {};
        // The key names its board: an object uploaded for another board cannot be added here.
        if (key === null || !key.startsWith(`boards/${boardId}/`)) errors.url = MESSAGES.url;
        if (type === null) errors.type = MESSAGES.type;
        if (key === null || type === null || Object.keys(errors).length > 0) throw new HttpError(400, errors);
        if (!(await taskExists(trx, boardId, taskId))) throw notFound();
        changes.task(taskId);
        const stored = await app.storage.stat(key);
        if (!stored || stored.size !== body.size) throw new HttpError(400, { url: MESSAGES.notUploaded });
        if (isStale(stored.modifiedAt)) throw new HttpError(400, { url: MESSAGES.stale });
        const file = {
          boardId,
          taskId,
          key,
          type,
          size: body.size,
          name: safeFileName(body.name),
          createdBy: userId,
        };
        if (!(await insertFile(trx, file))) throw new HttpError(400, { url: MESSAGES.alreadyAdded });
        changes.record('file.added', { taskId, data: { name: file.name } });
        return filesOfTask(trx, taskId);
      });
    },
  );

  app.get('/get', { schema: GetFile }, async (request) => {
    const file = await findFile(app.db, request.query.id);
    if (!file) throw notFound();
    await requireBoardMember(app, file.boardId, request.user.id);
    return { url: await downloadLink(app, file) };
  });

  app.delete('/:boardId/:id/delete', { schema: DeleteFile }, async (request, reply) => {
    const { boardId, id } = request.params;
    const { key, files } = await changeBoard(
      app,
      { boardId, userId: request.user.id, change: 'files', reply },
      async (trx, _version, _board, changes) => {
        const deleted = await deleteFile(trx, boardId, id);
        if (!deleted) throw notFound();
        changes.task(deleted.taskId).record('file.deleted', {
          taskId: deleted.taskId,
          data: { name: deleted.name },
        });
        return { key: deleted.key, files: await filesOfTask(trx, deleted.taskId) };
      },
    );
    await app.storage.removeMany([key]);
    return files;
  });

  app.get('/avatar/upload', { schema: AvatarUploadLink }, async (request) => {
    const { size } = request.query;
    const type = normalizeType(request.query.type);
    if (type === null || !(IMAGE_TYPES as readonly string[]).includes(type)) {
      throw new HttpError(400, { type: MESSAGES.notImage });
    }
    checkSize(size);
    const key = `avatars/${request.user.id}/${randomUUID()}`;
    // Avatars are served by the API either way (objects.ts), so objectUrl stays the API's path.
    return { uploadUrl: await uploadUrl(key, size, type), objectUrl: objectUrl(key) };
  });

  app.post('/avatar/add', { schema: AddAvatar }, async (request) => {
    const userId = request.user.id;
    const key = keyOfUrl(request.body.url, app.storage.direct);
    if (key === null || !key.startsWith(`avatars/${userId}/`))
      throw new HttpError(400, { url: MESSAGES.url });
    const stored = await app.storage.stat(key);
    const head = stored && (await readHead(app.storage, key));
    if (!stored || !head) throw new HttpError(400, { url: MESSAGES.notUploaded });
    if (isStale(stored.modifiedAt)) throw new HttpError(400, { url: MESSAGES.stale });
    if (imageTypeOf(head) === null) throw new HttpError(400, { url: MESSAGES.notImage });
    const url = objectUrl(key);
    const result = await setAvatar(app.db, userId, url);
    if (!result) throw notFound();
    const previous = result.previous === null ? null : keyOfUrl(result.previous);
    if (previous !== null && previous !== key && previous.startsWith('avatars/')) {
      await app.storage.removeMany([previous]);
    }
    return result.user;
  });

  app.register(objectRoutes, { prefix: '/object', signer });

  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= sweepOrphans(app.db, app.storage)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'orphaned uploads removed');
      })
      .catch((err) => app.log.error({ err }, 'orphan sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(sweep, 60_000).unref(), setInterval(sweep, SWEEP_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await sweeping;
  });
};

export default fileRoutes;
