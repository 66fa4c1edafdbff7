#!/usr/bin/env node
// `pnpm stack`: the production topology on this machine, without Docker (README "Run the production
// topology locally"). Needs `pnpm build` first; PostgreSQL and Redis from DATABASE_URL and REDIS_URL
// (defaults on 127.0.0.1). Ctrl-C or SIGTERM stops everything it started.
//
// `pnpm stack --rolling-restart`, beside a running stack (same --deploy-dir), asks it to restart its API
// instances one after the other (lib/stack.mjs rollingRestart): it signals the running stack (SIGUSR2,
// its pid in <deploy-dir>/stack.json) and prints the steps once they are done.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DEPLOY_DIR, DEFAULT_PORT, startStack } from './lib/stack.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STACK_PORT ?? String(DEFAULT_PORT) },
    'deploy-dir': { type: 'string', default: process.env.DEPLOY_DIR ?? DEFAULT_DEPLOY_DIR },
    'no-deploy': { type: 'boolean', default: false },
    s3: { type: 'boolean', default: process.env.STACK_S3 === 'true' },
    'rolling-restart': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const deployDir = values['deploy-dir'];
const stackFile = join(deployDir, 'stack.json');
const requestFile = join(deployDir, 'rolling-restart.request');
const resultFile = join(deployDir, 'rolling-restart.result.json');

if (values['rolling-restart']) await askForRollingRestart();

async function askForRollingRestart() {
  let pid;
  try {
    pid = JSON.parse(readFileSync(stackFile, 'utf8')).pid;
    process.kill(pid, 0);
  } catch {
    console.error(`✖ no stack is running with the deployment folder ${deployDir} (start one: pnpm stack)`);
    process.exit(1);
  }
  const id = randomUUID();
  writeFileSync(requestFile, id);
  process.kill(pid, 'SIGUSR2');
  console.log('Rolling restart: api-1, then api-2');
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (!existsSync(resultFile)) continue;
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    if (result.id !== id) continue;
    if (!result.ok) {
      console.error(`✖ ${result.error}`);
      process.exit(1);
    }
    for (const step of result.steps) {
      console.log(
        `  ${step.name}: out of rotation in ${step.rotationMs} ms, drained in ${step.drainMs} ms, ready ${step.startMs} ms after it stopped`,
      );
    }
    process.exit(0);
  }
  console.error('✖ the running stack did not report the restart within 3 minutes');
  process.exit(1);
}

let stack;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the stack`);
  await stack?.stop();
  rmSync(stackFile, { force: true });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  stack = await startStack({
    port: Number(values.port),
    deployDir,
    deploy: !values['no-deploy'],
    installNginx: true,
    s3: values.s3,
  });
} catch (err) {
  console.error(`\n✖ ${err.message}`);
  process.exit(1);
}
if (stopping) await new Promise(() => {});

writeFileSync(stackFile, JSON.stringify({ pid: process.pid, url: stack.url }));
let restarting = false;
process.on('SIGUSR2', async () => {
  if (restarting || stopping) return;
  restarting = true;
  const id = existsSync(requestFile) ? readFileSync(requestFile, 'utf8').trim() : null;
  let result;
  try {
    result = { id, ok: true, steps: await stack.rollingRestart() };
  } catch (err) {
    console.error(`✖ rolling restart: ${err.message}`);
    result = { id, ok: false, error: err.message };
  }
  writeFileSync(resultFile, JSON.stringify(result));
  restarting = false;
});

const { ports } = stack;
console.log(`
Канбан (production topology) on ${stack.url}

  proxy (nginx)   ${stack.url}   /api, /socket.io -> api-1, api-2; /remotes/<name>/ -> each front-end
  api-1, api-2    ports ${ports['api-1']}, ${ports['api-2']} (no static files)
  uploads         ${ports.s3 ? `bucket 'kanban' of s3rver on port ${ports.s3}` : process.env.S3_BUCKET ? `bucket '${process.env.S3_BUCKET}' (S3_*)` : `${stack.deployDir}/api-data/uploads`}
  front-ends      shell ${ports.shell}, mf-auth ${ports['mf-auth']}, mf-boards ${ports['mf-boards']}, mf-board-view ${ports['mf-board-view']}, mf-settings ${ports['mf-settings']}
  releases        ${stack.deployDir}/sites/<name>/current

Redeploy one front-end meanwhile: pnpm redeploy mf-boards. Restart the API instances one after the
other: pnpm stack --rolling-restart. Ctrl-C stops everything.`);
