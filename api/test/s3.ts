/**
 * A real S3-protocol server for tests: s3rver in a child process on a free port, with a temporary
 * folder and one bucket, and the S3 settings that reach it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../src/config.js';

export interface S3Server {
  config: S3Config;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'kanban-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'kanban-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.once('error', reject);
  });
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
