/**
 * A Redis server of the test's own (Debian's `redis-server`) on a free port, which the test may stop
 * and start again on that port: what outage tests need without touching the shared Redis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface RedisProcess {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on now, for a server process of a test's own. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function redisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  return {
    url,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      try {
        for (let waited = 0; ; waited += 50) {
          if (
            await probe.connect().then(
              () => true,
              () => false,
            )
          )
            return;
          if (waited > 5000) throw new Error(`redis-server did not start on port ${port}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
}
