/**
 * What the benchmarks run beside themselves: API instances (or other scripts) as child processes, each
 * on a free port so runs never collide, their memory and CPU time read from /proc, and Chromium.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { freePort } from '../test/redis-server.js';

export const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The built API (`pnpm -r run build` from the repository root), which serves the built site too. */
export const builtServer = join(apiRoot, 'dist/src/server.js');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
}

export async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} never became ready`);
}

/**
 * One API instance on a free port, resolved once /health/ready answers. `built` runs `api/dist` in
 * production mode (serving the built site); otherwise the sources run through tsx.
 */
export async function startApi(env: Record<string, string>, { built = false } = {}): Promise<ApiProcess> {
  if (built) requireBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = fork(built ? builtServer : join(apiRoot, 'src/server.ts'), [], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ...(built && { NODE_ENV: 'production' }),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    },
    execArgv: built ? [] : ['--conditions=development', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await waitForReady(url, child);
  return { url, child };
}

/** A TypeScript script on a free port (PORT), resolved when it sends its first IPC message. */
export async function startScript(script: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = fork(script, [], {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    execArgv: ['--conditions=development', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', resolve);
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system) a process has used so far, in ms: fields 14 and 15 of /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / ticksPerSecond;
}

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

let buildChecked = false;

/** Refuses to run without `api/dist`, and warns (once) when the sources changed after it was built. */
export function requireBuild(): void {
  if (!existsSync(builtServer)) {
    throw new Error(`${builtServer} is missing: run \`pnpm -r run build\` from the repository root first`);
  }
  if (buildChecked) return;
  buildChecked = true;
  if (newest(join(apiRoot, 'src')) > statSync(builtServer).mtimeMs) {
    console.warn('warning: api/src changed after api/dist was built; run `pnpm -r run build` to measure it');
  }
}

/** Debian's Chromium, started as the browser suite starts it (scripts/lib/chromium.mjs). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Signs a new account up through the API; its id comes from the token. */
export async function register(url: string, name: string): Promise<{ id: number; token: string }> {
  const password = 'bench-password-1';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password,
      password2: password,
    }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { id: userIdOf(token), token };
}

export function userIdOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    sub: string;
  };
  return Number(payload.sub);
}
