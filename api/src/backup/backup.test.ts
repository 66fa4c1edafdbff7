/**
 * Backup and restore (docs/decisions.md, "Backup and restore"): a backup taken while a member keeps
 * editing restores into a fresh database and storage where every board's detail and every task's
 * detail equal the source as it was after one of the edits (the backup's moment), and every object a
 * row names has the bytes that were uploaded, on PostgreSQL with files on disk, on PostgreSQL with a
 * bucket, and on the embedded database asked through its running API. Also: the round that copies
 * files after the snapshot takes a new snapshot when a file it names was deleted meanwhile, and a
 * restore refuses a database or storage that is not empty.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Board } from 'contract/boards';
import type { FileItem } from 'contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesKit, type Setup } from '../../test/files.js';
import { call, createTestApp, type Person, type TestApp, testConfig } from '../../test/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../../test/pg.js';
import { type S3Server, startS3Server } from '../../test/s3.js';
import { type App, buildApp } from '../app.js';
import type { Config } from '../config.js';
import { namedStorageKeys } from '../files/index.js';
import { openStorage, type Storage } from '../plugins/storage.js';
import { OperatorError, openArchive } from './archive.js';
import { writeBackup } from './backup.js';
import { backup, restore } from './commands.js';
import { openPostgres, postgresSource } from './postgres.js';
import { backupToken } from './token.js';

const folders: string[] = [];
async function folder(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `kanban-${name}-`));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

const keyOf = (file: FileItem) => file.url.replace('/api/file/object/', '');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every board's detail and every task's detail, as one member sees them. */
async function state(app: App, who: Person, boardIds: number[]) {
  const boards = [];
  for (const boardId of boardIds) {
    const board = await call<Board>(app, who, 'GET', `/api/board/${boardId}`);
    expect(board.status).toBe(200);
    const tasks = [];
    for (const taskId of Object.keys(board.body.tasks).sort()) {
      const task = await call(app, who, 'GET', `/api/task/${boardId}/${taskId}`);
      expect(task.status).toBe(200);
      tasks.push(task.body);
    }
    boards.push({ board: board.body, tasks });
  }
  return boards;
}

/**
 * A source installation with two boards of tasks, comments and files, and a member who edits it:
 * each `edit()` is one committed change, after which the state is recorded.
 */
async function installation(t: TestApp) {
  const kit = filesKit(t);
  const uploaded = new Map<string, Buffer>();
  const setups: Setup[] = [await kit.setup(), await kit.setup()];
  const anna = setups[0]!.anna;
  // Anna works on both boards: the second board's creator is another person; she joins it.
  const other = setups[1]!;
  const boardIds = setups.map((s) => s.boardId);
  const invited = await call(t.app, other.anna, 'POST', '/api/invite/send', {
    boardId: other.boardId,
    email: anna.email,
  });
  expect(invited.status).toBe(200);
  const row = await t.db
    .selectFrom('board_members')
    .select('id')
    .where('board_id', '=', other.boardId)
    .where('user_id', '=', anna.id)
    .executeTakeFirstOrThrow();
  expect((await call(t.app, anna, 'PUT', `/api/invite/accept/${row.id}`)).status).toBe(200);

  /** Upload link, PUT (to the API, or to the bucket's presigned link) and add, as the board's creator. */
  const attach = async (s: Setup) => {
    const bytes = randomBytes(2000 + Math.floor(Math.random() * 4000));
    const who = s.boardId === other.boardId ? other.anna : anna;
    const type = 'application/octet-stream';
    const url = await kit.uploadLink(who, s.boardId, s.taskId, {
      name: 'Отчёт.bin',
      type,
      size: bytes.length,
    });
    const sent = url.startsWith('/')
      ? (await kit.put(url, bytes, type)).statusCode
      : (await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': type } })).status;
    expect(sent).toBe(200);
    const added = await call<FileItem[]>(t.app, who, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'Отчёт.bin',
      url: url.split('?')[0],
      type,
      size: bytes.length,
    });
    expect(added.status).toBe(200);
    const file = added.body.at(-1) as FileItem;
    uploaded.set(keyOf(file), bytes);
    return file;
  };
  for (const s of setups) {
    await attach(s);
    await attach(s);
    await call(t.app, anna, 'POST', '/api/comment/create', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      text: 'Первый комментарий',
    });
  }

  const tasks = async (boardId: number) =>
    t.db.selectFrom('tasks').select('id').where('board_id', '=', boardId).orderBy('id').execute();
  const columnOf = async (boardId: number) =>
    (
      await t.db
        .selectFrom('columns')
        .select('id')
        .where('board_id', '=', boardId)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id;

  let step = 0;
  /** One change of a different kind each time (each a single transaction), round the boards. */
  async function edit(): Promise<void> {
    step += 1;
    const s = setups[step % 2]!;
    const who = s === other ? other.anna : anna;
    const list = await tasks(s.boardId);
    const some = list[step % list.length]!.id;
    switch (step % 6) {
      case 0: {
        const res = await call(t.app, who, 'POST', '/api/task/create', {
          boardId: s.boardId,
          columnId: String(await columnOf(s.boardId)),
          title: `Задача ${step}`,
        });
        expect(res.status).toBe(200);
        break;
      }
      case 1:
        await attach({ ...s, taskId: some });
        break;
      case 2: {
        const res = await call(t.app, who, 'POST', '/api/comment/create', {
          boardId: s.boardId,
          taskId: String(some),
          text: `Комментарий ${step}`,
        });
        expect(res.status).toBe(200);
        break;
      }
      case 3: {
        const file = await t.db
          .selectFrom('files')
          .select('id')
          .where('board_id', '=', s.boardId)
          .orderBy('id')
          .executeTakeFirst();
        if (file) {
          const res = await call(t.app, who, 'DELETE', `/api/file/${s.boardId}/${file.id}/delete`);
          expect(res.status).toBe(200);
        }
        break;
      }
      case 4: {
        // The task goes to the trash with its files, whose objects stay until the trash is emptied.
        if (list.length > 1) {
          const res = await call(t.app, who, 'DELETE', `/api/task/delete/${s.boardId}/${list.at(-1)!.id}`);
          expect(res.status).toBe(200);
        }
        break;
      }
      default: {
        if (step % 12 === 5) {
          const res = await call(t.app, other.anna, 'DELETE', `/api/trash/${other.boardId}`);
          expect(res.status).toBe(200);
        } else {
          await attach({ ...s, taskId: some });
        }
      }
    }
  }

  return { anna, boardIds, uploaded, edit };
}

type Installation = Awaited<ReturnType<typeof installation>>;

/**
 * Runs `takeBackup` while the member keeps editing (three edits in already when it starts); answers
 * every state recorded after an edit (the backup's moment is one of them), the first one recorded
 * after the backup started (none older may be restored) and how many edits ran during the backup.
 */
async function editWhile(t: TestApp, source: Installation, takeBackup: () => Promise<void>) {
  const states = [await state(t.app, source.anna, source.boardIds)];
  let done = false;
  let edits = 0;
  let started: () => void = () => {};
  const threeEdits = new Promise<void>((resolve) => {
    started = resolve;
  });
  const editing = (async () => {
    while (!done) {
      await source.edit();
      edits += 1;
      states.push(await state(t.app, source.anna, source.boardIds));
      if (edits === 3) started();
      // A breath between edits: on the embedded database they share the backup's one thread.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await Promise.race([threeEdits, editing]);
  const first = states.length - 1;
  try {
    await takeBackup();
  } finally {
    done = true;
    await editing;
  }
  return { states, first, edits: edits - 3 };
}

/** The restored installation matches one recorded state, and every named object has its bytes. */
async function checkRestored(
  config: Config,
  source: Installation,
  states: Awaited<ReturnType<typeof state>>[],
) {
  const app = buildApp(config);
  try {
    await app.ready();
    const restored = await state(app, source.anna, source.boardIds);
    expect(states).toContainEqual(restored);
    const moment = states.findIndex((recorded) => JSON.stringify(recorded) === JSON.stringify(restored));
    const keys = await namedStorageKeys(app.db);
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys) {
      const opened = await app.storage.open(key);
      expect(opened, key).not.toBeNull();
      expect((await bytesOf(opened!.stream)).equals(source.uploaded.get(key)!), key).toBe(true);
    }
    // A download through the restored API serves a file's bytes.
    const [board] = restored;
    const task = board!.tasks.find((item) => item.files.length > 0);
    const file = task.files[0] as FileItem;
    const link = await call<{ url: string }>(app, source.anna, 'GET', `/api/file/get?id=${file.id}`);
    const bytes = link.body.url.startsWith('/')
      ? (await app.inject({ method: 'GET', url: link.body.url })).rawPayload
      : Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect(bytes.equals(source.uploaded.get(keyOf(file))!)).toBe(true);
    return { restored, moment };
  } finally {
    await app.close();
  }
}

describe('on PostgreSQL with files on disk', () => {
  let t: TestApp;
  let target: TempDatabase;
  beforeAll(async () => {
    t = await createTestApp();
    target = await createTempDatabase('kanban_restore_', { template: null });
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
  });

  it('restores a backup taken while edits go on as the source was at the backup moment', async () => {
    const source = await installation(t);
    const here = await folder('backups');
    const { states, first, edits } = await editWhile(t, source, () => backup(t.config, 'nightly.zip', here));
    expect(edits).toBeGreaterThan(0);

    const archive = await openArchive(join(here, 'nightly.zip'));
    archive.close();
    expect(archive.manifest).toMatchObject({
      format: 'kanban-backup',
      version: 1,
      database: { kind: 'postgresql', entry: 'database/postgresql.dump' },
      objects: { missing: [] },
    });
    expect(archive.manifest.objects.count).toBe(archive.objects.size);
    expect(await readdir(here)).toEqual(['nightly.zip']);

    const restoredDir = await folder('restored');
    const config = testConfig(restoredDir, { databaseUrl: target.url });
    await restore(config, 'nightly.zip', here);
    expect((await checkRestored(config, source, states)).moment).toBeGreaterThanOrEqual(first);

    // A second restore into the same (no longer empty) database is refused before anything is written.
    await expect(restore(config, join(here, 'nightly.zip'), '/')).rejects.toThrow(
      /database is not empty \(\d+ tables\)/,
    );
    // An empty database with files already in storage is refused too.
    const empty = await createTempDatabase('kanban_restore_', { template: null });
    try {
      await expect(
        restore({ ...config, databaseUrl: empty.url }, join(here, 'nightly.zip'), '/'),
      ).rejects.toThrow(/file storage is not empty/);
    } finally {
      await empty.drop();
    }
    // An archive of the other kind is refused.
    await expect(
      restore(testConfig(await folder('wrong-kind')), join(here, 'nightly.zip'), '/'),
    ).rejects.toThrow(OperatorError);
  }, 60_000);

  it('takes a new snapshot when a file its rows name is deleted before its bytes are copied', async () => {
    const kit = filesKit(t);
    const s = await kit.setup();
    // A hole from before the backup: a row whose object is gone. It is reported, not waited for.
    const [hole] = await kit.attach(s, randomBytes(100), 'Потерян.bin');
    await t.app.storage.remove(keyOf(hole!));
    let raced: FileItem | undefined;
    const messages: string[] = [];
    const db = openPostgres(t.config.databaseUrl!);
    const out = join(await folder('race'), 'race.zip');
    try {
      const manifest = await writeBackup({
        source: postgresSource(db, t.config.databaseUrl!),
        storage: t.app.storage,
        sink: createWriteStream(out),
        log: (message) => messages.push(message),
        hooks: {
          // Added after the first round listed storage: only the second round can copy it...
          objectsCopied: async () => {
            raced = (await kit.attach(s, randomBytes(300), 'Гонка.bin')).at(-1);
          },
          // ...and it is deleted (row, then bytes) after the first snapshot named it.
          snapshotTaken: async (attempt) => {
            if (attempt !== 1) return;
            const res = await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${raced!.id}/delete`);
            expect(res.status).toBe(200);
          },
        },
      });
      expect(messages).toContainEqual(
        expect.stringMatching(/deleted during the backup; taking a new snapshot/),
      );
      expect(manifest.objects.missing).toEqual([keyOf(hole!)]);
      const archive = await openArchive(out);
      archive.close();
      expect(archive.objects.has(keyOf(raced!))).toBe(false);
    } finally {
      await db.destroy();
    }
  }, 30_000);
});

describe('on PostgreSQL with files in a bucket', () => {
  let t: TestApp;
  let s3: S3Server;
  let restoredS3: S3Server;
  let target: TempDatabase;
  beforeAll(async () => {
    [s3, restoredS3] = await Promise.all([startS3Server(), startS3Server()]);
    t = await createTestApp({ s3: s3.config });
    target = await createTempDatabase('kanban_restore_', { template: null });
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    await Promise.all([s3?.stop(), restoredS3?.stop()]);
  });

  it('restores the bucket and the database of a backup taken while edits go on', async () => {
    const source = await installation(t);
    const here = await folder('backups-s3');
    const { states, first, edits } = await editWhile(t, source, () => backup(t.config, undefined, here));
    expect(edits).toBeGreaterThan(0);
    const [name] = await readdir(here);
    expect(name).toMatch(/^backup-\d{8}-\d{6}\.zip$/);

    const config = testConfig(await folder('restored-s3'), {
      databaseUrl: target.url,
      s3: restoredS3.config,
    });
    await restore(config, join(here, name!), '/');
    expect((await checkRestored(config, source, states)).moment).toBeGreaterThanOrEqual(first);
    const { storage, close } = await openStorage(config);
    try {
      expect(await count(storage)).toBe((await openArchive(join(here, name!))).objects.size);
    } finally {
      close();
    }
  }, 60_000);
});

async function count(storage: Storage): Promise<number> {
  let n = 0;
  for await (const _ of storage.list('')) n += 1;
  return n;
}

describe('on the embedded database', () => {
  let t: TestApp;
  let config: Config;
  let source: Installation;
  beforeAll(async () => {
    t = await createTestApp({ pgliteDir: await folder('pglite') }, { pglite: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    config = { ...t.config, port: typeof address === 'object' && address ? address.port : 0 };
  });
  afterAll(async () => {
    await t?.close().catch(() => {});
  });

  it('asks the running API for the backup while edits go on, and restores it into a new DATA_DIR', async () => {
    source = await installation(t);
    const here = await folder('backups-pglite');
    // The folder is open in the API (postmaster.pid): the command asks it over HTTP, with its token.
    const { states, first, edits } = await editWhile(t, source, () => backup(config, 'embedded.zip', here));
    expect(edits).toBeGreaterThan(0);
    const archive = await openArchive(join(here, 'embedded.zip'));
    archive.close();
    expect(archive.manifest.database).toMatchObject({ kind: 'pglite', entry: 'database/pglite.tar' });

    const restoredDir = await folder('restored-pglite');
    const restored = testConfig(restoredDir, { pgliteDir: join(restoredDir, 'pglite') });
    await restore(restored, join(here, 'embedded.zip'), '/');
    // Opened and closed once by the restore: nothing says the folder is in use.
    expect(existsSync(join(restored.pgliteDir, 'postmaster.pid'))).toBe(false);
    expect((await checkRestored(restored, source, states)).moment).toBeGreaterThanOrEqual(first);
  }, 60_000);

  it('refuses a backup request without the installation token or from another host', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/backup' });
    expect(noToken.statusCode).toBe(401);
    const otherSecret = await t.app.inject({
      method: 'POST',
      url: '/backup',
      headers: {
        authorization: `Bearer ${backupToken('another-secret-another-secret-0123', config.pgliteDir)}`,
      },
    });
    expect(otherSecret.statusCode).toBe(403);
    const remote = await t.app.inject({
      method: 'POST',
      url: '/backup',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${backupToken(config.jwtSecret, config.pgliteDir)}` },
    });
    expect(remote.statusCode).toBe(404);
  });

  it('opens the folder itself when the API is stopped', async () => {
    const final = await state(t.app, source.anna, source.boardIds);
    await t.app.close();
    const here = await folder('backups-stopped');
    await backup(config, 'stopped.zip', here);
    const restoredDir = await folder('restored-stopped');
    const restored = testConfig(restoredDir, { pgliteDir: join(restoredDir, 'pglite') });
    await restore(restored, join(here, 'stopped.zip'), '/');
    expect((await checkRestored(restored, source, [final])).restored).toEqual(final);
  }, 60_000);
});
