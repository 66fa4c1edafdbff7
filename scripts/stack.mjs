#!/usr/bin/env node
// `pnpm stack`: the production topology on this machine, without Docker (README "Run the production
// topology locally"). Needs `pnpm build` first; PostgreSQL and Redis from DATABASE_URL and REDIS_URL
// (defaults on 127.0.0.1). Ctrl-C or SIGTERM stops everything it started.
import { parseArgs } from 'node:util';
import { DEFAULT_DEPLOY_DIR, DEFAULT_PORT, startStack } from './lib/stack.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STACK_PORT ?? String(DEFAULT_PORT) },
    'deploy-dir': { type: 'string', default: process.env.DEPLOY_DIR ?? DEFAULT_DEPLOY_DIR },
    'no-deploy': { type: 'boolean', default: false },
    s3: { type: 'boolean', default: process.env.STACK_S3 === 'true' },
  },
  allowPositionals: true,
});

let stack;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the stack`);
  await stack?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  stack = await startStack({
    port: Number(values.port),
    deployDir: values['deploy-dir'],
    deploy: !values['no-deploy'],
    installNginx: true,
    s3: values.s3,
  });
} catch (err) {
  console.error(`\n✖ ${err.message}`);
  process.exit(1);
}
if (stopping) await new Promise(() => {});

const { ports } = stack;
console.log(`
Канбан (production topology) on ${stack.url}

  proxy (nginx)   ${stack.url}   /api, /socket.io -> api-1, api-2; /remotes/<name>/ -> each front-end
  api-1, api-2    ports ${ports['api-1']}, ${ports['api-2']} (no static files)
  uploads         ${ports.s3 ? `bucket 'kanban' of s3rver on port ${ports.s3}` : process.env.S3_BUCKET ? `bucket '${process.env.S3_BUCKET}' (S3_*)` : `${stack.deployDir}/api-data/uploads`}
  front-ends      shell ${ports.shell}, mf-auth ${ports['mf-auth']}, mf-boards ${ports['mf-boards']}, mf-board-view ${ports['mf-board-view']}, mf-settings ${ports['mf-settings']}
  releases        ${stack.deployDir}/sites/<name>/current

Redeploy one front-end meanwhile: pnpm redeploy mf-boards. Ctrl-C stops everything.`);
