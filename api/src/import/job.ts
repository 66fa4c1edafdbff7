/**
 * The import job (queue 'board-import'): reads the uploaded file from storage in its format, writes
 * the board through the kernel's one-transaction `changeNewBoard`, then marks the job done with its
 * report (or failed with a Russian reason; nothing was written), mails the invitations and removes
 * the file. Whichever instance fetches the job runs it, once: a retry after the job ended does nothing.
 *
 * Progress goes to the job's row every PROGRESS_EVERY_MS, on its own connection, so any instance can
 * answer GET /api/import/{id}. On embedded PGlite there is one connection, held by the import's
 * transaction; the row is then only written at the end (docs/decisions.md "Import").
 */
import type { ImportJob, ImportStage } from 'contract/imports';
import { MESSAGES } from 'contract/imports';
import fp from 'fastify-plugin';
import { changeNewBoard } from '../board-change/change-board.js';
import { sendInvitationMail } from '../invites/index.js';
import { readSource } from './formats.js';
import { findImport, finishImport, saveProgress, startImport } from './repository.js';
import { BrokenSource } from './source.js';
import { writeBoard } from './write.js';

export const IMPORT_QUEUE = 'board-import';
const PROGRESS_EVERY_MS = 250;

/** Each stage's share of the bar: reading the file, then writing. */
const SPAN: Record<ImportStage['name'], [number, number]> = {
  reading: [0, 0.25],
  columns: [0.25, 0.27],
  tasks: [0.27, 0.65],
  checklists: [0.65, 0.82],
  comments: [0.82, 0.97],
  finishing: [0.97, 0.99],
};

export const progressOf = (stage: ImportStage): number => {
  const [from, to] = SPAN[stage.name];
  return from + (to - from) * (stage.total > 0 ? Math.min(stage.done / stage.total, 1) : 0);
};

declare module 'fastify' {
  interface FastifyInstance {
    imports: {
      /** Wakes this instance's worker after a job was queued. */
      wake(): void;
      /** The progress of a job running on this instance, fresher than its row. */
      running(id: string): Pick<ImportJob, 'progress' | 'stage'> | undefined;
    };
  }
}

export default fp(
  async (app) => {
    const { boss } = app.queue;
    await app.queue.setup(async () => {
      await boss.createQueue(IMPORT_QUEUE, {
        name: IMPORT_QUEUE,
        retryLimit: 1,
        retryDelay: 5,
        expireInSeconds: 1800,
      });
    });
    const running = new Map<string, Pick<ImportJob, 'progress' | 'stage'>>();
    const sharedRow = app.config.databaseUrl !== null;

    async function run(id: string): Promise<void> {
      const job = await findImport(app.db, id);
      if (!job || !(await startImport(app.db, id))) return;
      const { options } = job;
      let saved = 0;
      const onStage = (stage: ImportStage) => {
        const state = { progress: progressOf(stage), stage };
        running.set(id, state);
        const now = Date.now();
        if (!sharedRow || now - saved < PROGRESS_EVERY_MS) return;
        saved = now;
        saveProgress(app.db, id, state.progress, stage).catch((err: unknown) =>
          app.log.warn({ err, importId: id }, 'import progress not saved'),
        );
      };
      try {
        const opened = await app.storage.open(options.storageKey);
        if (!opened) throw new BrokenSource('the file is gone');
        let read = 0;
        opened.stream.on('data', (chunk: Buffer) => {
          read += chunk.length;
          onStage({ name: 'reading', done: read, total: opened.size });
        });
        const source = await readSource(job.format, opened.stream, options);
        const invite = new Map(Object.entries(options.members));
        const written = await changeNewBoard(app, job.userId, (trx, changes) =>
          writeBoard(trx, source, { userId: job.userId, name: options.name, invite, onStage }, changes),
        );
        await finishImport(app.db, id, { boardId: written.boardId, report: written.report });
        const importer = await app.db
          .selectFrom('users')
          .select(['name', 'email'])
          .where('id', '=', job.userId)
          .executeTakeFirst();
        for (const { email, inviteId } of written.invited) {
          sendInvitationMail(app, app.log, {
            email,
            inviteId,
            boardId: written.boardId,
            boardName: written.boardName,
            inviterName: importer?.name || importer?.email || '',
          });
        }
      } catch (err) {
        const broken = err instanceof BrokenSource;
        if (broken) app.log.info({ importId: id, reason: err.message }, 'import file refused');
        else app.log.error({ err, importId: id }, 'import failed');
        await finishImport(app.db, id, { error: broken ? MESSAGES.broken : MESSAGES.failed });
      } finally {
        running.delete(id);
        await app.storage
          .remove(options.storageKey)
          .catch((err: unknown) => app.log.warn({ err, importId: id }, 'import file not removed'));
      }
    }

    let worker: string | null = null;
    app.addHook('onReady', async () => {
      worker = await app.queue.work<{ id: string }>(IMPORT_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await run(job.data.id);
        if (worker) boss.notifyWorker(worker);
      });
    });

    app.decorate('imports', {
      wake() {
        if (worker) boss.notifyWorker(worker);
      },
      running: (id: string) => running.get(id),
    });
  },
  { name: 'import-job', dependencies: ['config', 'db', 'queue', 'storage', 'mailer', 'board-change'] },
);
