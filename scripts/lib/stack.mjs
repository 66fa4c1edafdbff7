// The production topology on one machine without Docker (README "Run the production topology
// locally"): two API instances with no static files, each front-end served from its own release folder
// by its own nginx, and an nginx proxy in front, all as child processes. PostgreSQL and Redis are the
// machine's. Used by scripts/stack.mjs, the stack e2e test and the coldload benchmark.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, PROXY_FAIL_TIMEOUT_S, proxyConf, staticConf } from './nginx-conf.mjs';
import { FRONT_ENDS, publish, writeRemotesMap } from './releases.mjs';

export { findNginx, PROXY_FAIL_TIMEOUT_S };

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DEPLOY_DIR = join(ROOT, 'data', 'stack');
export const DEFAULT_PORT = 4400;

/** Ports: the proxy on `port`, the APIs on the next two, then one per front-end. */
export function stackPorts(port = DEFAULT_PORT) {
  const ports = { proxy: port, 'api-1': port + 1, 'api-2': port + 2 };
  FRONT_ENDS.forEach((app, index) => {
    ports[app] = port + 3 + index;
  });
  return ports;
}

async function ensureDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) return; // not ours to create
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

function persistedSecret(deployDir) {
  const file = join(deployDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHttp(url, child, name, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not answer at ${url}`);
}

/** Deploys each front-end's workspace build (`<app>/dist`) unless that exact build is already live. */
export function deployWorkspaceBuilds(deployDir, { log = console.log } = {}) {
  for (const app of FRONT_ENDS) {
    const dist = join(ROOT, app, 'dist');
    if (!existsSync(dist)) throw new Error(`${app} is not built: run \`pnpm build\` first`);
    const result = publish({ deployDir, app, dist });
    if (!result.skipped) log(`deployed ${app} ${result.version.version} as release ${result.id}`);
  }
  writeRemotesMap(deployDir, join(ROOT, 'deploy', 'remotes.json'));
}

/**
 * Starts the stack and resolves once the proxy answers /health/ready. Options: deployDir, port, host,
 * databaseUrl, redisUrl, redisPrefix, jwtSecret, logLevel, quiet (collect child output instead of
 * printing it), deploy (publish the workspace builds first; default true), installNginx, s3 (uploads in
 * a bucket of an s3rver process on the port after the front-ends', instead of the APIs' shared
 * DATA_DIR; S3_* variables in the environment reach the APIs either way, for a MinIO of your own),
 * metricsToken (METRICS_TOKEN of the APIs, for /metrics on their own ports).
 */
export async function startStack(options = {}) {
  const deployDir = options.deployDir ?? process.env.DEPLOY_DIR ?? DEFAULT_DEPLOY_DIR;
  const host = options.host ?? '127.0.0.1';
  const ports = stackPorts(options.port ?? Number(process.env.STACK_PORT ?? DEFAULT_PORT));
  const url = `http://${host}:${ports.proxy}`;
  if (options.s3) ports.s3 = ports.proxy + 3 + FRONT_ENDS.length;
  const databaseUrl =
    options.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kanban_stack';
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const quiet = options.quiet ?? false;
  const metricsToken = options.metricsToken ?? process.env.METRICS_TOKEN;
  const output = [];
  const log = (line) => {
    if (quiet) {
      output.push(line);
      if (output.length > 400) output.shift();
    } else console.log(line);
  };

  mkdirSync(deployDir, { recursive: true });
  const nginx = findNginx({ install: options.installNginx ?? false });
  if (options.deploy ?? true) deployWorkspaceBuilds(deployDir, { log });
  await ensureDatabase(databaseUrl);

  const apiEntry = join(ROOT, 'api', 'dist', 'src', 'server.js');
  if (!existsSync(apiEntry)) throw new Error('the API is not built: run `pnpm build` first');
  const apiEnv = {
    NODE_ENV: 'production',
    HOST: host,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? process.env.REDIS_PREFIX ?? 'kanban-stack:',
    DATA_DIR: join(deployDir, 'api-data'),
    // Nothing to serve: the front-ends have their own services behind the proxy.
    STATIC_DIR: join(deployDir, 'no-static'),
    PUBLIC_URL: process.env.PUBLIC_URL ?? url,
    TRUST_PROXY: 'true',
    JWT_SECRET: options.jwtSecret ?? process.env.JWT_SECRET ?? persistedSecret(deployDir),
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
    ...(options.s3
      ? {
          S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
          S3_BUCKET: 'kanban',
          S3_REGION: 'us-east-1',
          // s3rver's fixed credentials.
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        }
      : {}),
  };

  /** name -> { child, start() } */
  const services = new Map();
  let stopping = false;

  const pipe = (name, stream) => {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
    });
  };

  const launch = (name, command, args, env = {}) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipe(name, child.stdout);
    pipe(name, child.stderr);
    child.on('exit', (code, signal) => {
      const service = services.get(name);
      if (service?.child === child && !service.stopping && !stopping) {
        log(`[${name}] exited unexpectedly (${signal ?? code})`);
      }
    });
    return child;
  };

  const apiService = (name) => ({
    url: `http://${host}:${ports[name]}`,
    async start() {
      this.child = launch(name, process.execPath, [apiEntry], { ...apiEnv, PORT: String(ports[name]) });
      await waitForHttp(`${this.url}/health/ready`, this.child, name);
    },
  });
  const nginxService = (name, prefix, readyPath) => ({
    url: `http://${host}:${ports[name]}`,
    async start() {
      this.child = launch(name, nginx, [
        '-p',
        prefix,
        '-c',
        join(prefix, 'nginx.conf'),
        '-e',
        'stderr',
        '-g',
        'daemon off;',
      ]);
      await waitForHttp(`${this.url}${readyPath}`, this.child, name);
    },
  });

  if (options.s3) {
    const s3Url = `http://127.0.0.1:${ports.s3}`;
    services.set('s3', {
      url: s3Url,
      async start() {
        const script = join(ROOT, 'api', 'test', 's3rver-process.mjs');
        const args = [script, join(deployDir, 's3'), 'kanban', url, String(ports.s3)];
        this.child = launch('s3', process.execPath, args);
        await waitForHttp(`${s3Url}/`, this.child, 's3');
      },
    });
  }
  services.set('api-1', apiService('api-1'));
  services.set('api-2', apiService('api-2'));
  for (const app of FRONT_ENDS) {
    services.set(app, nginxService(app, staticConf({ deployDir, app, host, port: ports[app] }), '/health'));
  }
  services.set('proxy', nginxService('proxy', proxyConf({ deployDir, host, ports }), '/remotes.json'));

  const stopService = async (name, { graceMs = 8000 } = {}) => {
    const service = services.get(name);
    const child = service?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    service.stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(graceMs)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const stop = async () => {
    stopping = true;
    await stopService('proxy');
    await Promise.all(
      [...services.keys()].filter((name) => name !== 'proxy').map((name) => stopService(name)),
    );
  };

  try {
    await services.get('s3')?.start();
    // The first API migrates the database; the second starts once that is done.
    await services.get('api-1').start();
    await Promise.all([services.get('api-2').start(), ...FRONT_ENDS.map((app) => services.get(app).start())]);
    await services.get('proxy').start();
    await waitForHttp(`${url}/health/ready`, null, 'proxy');
  } catch (err) {
    await stop();
    if (quiet) console.error(output.join('\n'));
    throw err;
  }

  const startService = async (name) => {
    const service = services.get(name);
    if (!service) throw new Error(`no service ${name}`);
    if (service.child && service.child.exitCode === null && service.child.signalCode === null) return;
    service.stopping = false;
    await service.start();
  };

  /** Resolves once a request through the proxy (not pinned) has been answered by the instance `name`. */
  const proxySendsTo = async (name) => {
    const address = `${host}:${ports[name]}`;
    const deadline = Date.now() + (PROXY_FAIL_TIMEOUT_S + 10) * 1000;
    while (Date.now() < deadline) {
      const response = await fetch(`${url}/health/live`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (response?.headers.get('x-stack-upstream')?.split(', ').at(-1) === address) return;
      await sleep(100);
    }
    throw new Error(`the proxy sent nothing to ${name} within ${PROXY_FAIL_TIMEOUT_S + 10} s of its restart`);
  };

  /**
   * Takes an API instance out of the proxy's rotation (`down`) or puts it back, and resolves once the
   * reloaded workers serve (X-Stack-Config). The old workers finish what they hold, websockets included.
   */
  const out = new Set();
  let generation = 0;
  const setRotation = async (name, inRotation) => {
    if (inRotation) out.delete(name);
    else out.add(name);
    generation += 1;
    proxyConf({ deployDir, host, ports, out, generation });
    services.get('proxy').child.kill('SIGHUP');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${url}/health/live`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (response?.headers.get('x-stack-config') === String(generation)) return;
      await sleep(50);
    }
    throw new Error(`the proxy did not reload within 15 s (${name} ${inRotation ? 'in' : 'out'})`);
  };

  /**
   * Restarts the API instances one after the other, as a deploy does: each is taken out of the
   * proxy's rotation, drains on SIGTERM while the other serves (its sockets reconnect there), starts
   * again, answers /health/ready, is put back, and the proxy sends it requests again before the next
   * one goes. `beforeStep(name)` runs before each instance drains. Resolves with each step's timings.
   */
  const rollingRestart = async ({ beforeStep } = {}) => {
    const steps = [];
    for (const name of ['api-1', 'api-2']) {
      await beforeStep?.(name);
      const began = Date.now();
      await setRotation(name, false);
      const drainBegan = Date.now();
      await stopService(name, { graceMs: 20_000 });
      const stopped = Date.now();
      await startService(name);
      const ready = Date.now();
      await setRotation(name, true);
      await proxySendsTo(name);
      log(
        `[stack] ${name} restarted: out of rotation in ${drainBegan - began} ms, drained in ${stopped - drainBegan} ms, ready ${ready - stopped} ms later`,
      );
      steps.push({
        name,
        rotationMs: drainBegan - began,
        drainMs: stopped - drainBegan,
        startMs: ready - stopped,
        at: new Date(began).toISOString(),
      });
    }
    return steps;
  };

  return {
    url,
    ports,
    deployDir,
    output,
    services: [...services.keys()],
    serviceUrl: (name) => services.get(name)?.url,
    /** Stops one service (for example a front-end, to see the shell's error area). */
    stopService,
    /** Starts a stopped service again. */
    startService,
    rollingRestart,
    stop,
  };
}
