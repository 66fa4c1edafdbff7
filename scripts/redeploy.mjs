#!/usr/bin/env node
// `pnpm redeploy <front-end>`: builds one front-end and makes that build live in the local deployment
// (the release folders `pnpm stack` serves), switching its `current` symlink atomically. Nothing else
// is built or touched; pages load the new build at their next load (README "Deploy one remote").
//
//   pnpm redeploy mf-boards                      build mf-boards/ and deploy it
//   pnpm redeploy mf-boards --source <folder>    build a copy of the package kept elsewhere
//   pnpm redeploy mf-boards --dist <folder>      deploy a build made elsewhere (no build step)
//   --deploy-dir <folder> (or DEPLOY_DIR)        the deployment (default data/stack)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FRONT_ENDS, publish } from './lib/releases.mjs';
import { DEFAULT_DEPLOY_DIR, ROOT } from './lib/stack.mjs';

const { values, positionals } = parseArgs({
  options: {
    source: { type: 'string' },
    dist: { type: 'string' },
    'deploy-dir': { type: 'string', default: process.env.DEPLOY_DIR ?? DEFAULT_DEPLOY_DIR },
  },
  allowPositionals: true,
});

const app = positionals[0];
if (!app || !FRONT_ENDS.includes(app)) {
  console.error(`usage: pnpm redeploy <${FRONT_ENDS.join('|')}> [--source <folder>] [--dist <folder>]`);
  process.exit(2);
}

function run(command, args, cwd) {
  console.log(`> ${[command, ...args].join(' ')}${cwd === ROOT ? '' : `  (in ${cwd})`}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ build of ${app} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

let dist;
let packageDir = join(ROOT, app);
if (values.dist) {
  dist = resolve(values.dist);
} else if (values.source) {
  packageDir = resolve(values.source);
  let rsbuild;
  try {
    const manifest = createRequire(join(packageDir, 'package.json')).resolve('@rsbuild/core/package.json');
    rsbuild = join(dirname(manifest), 'bin', 'rsbuild.js');
  } catch {
    console.error(`${packageDir} cannot resolve @rsbuild/core: give the copy the package's node_modules`);
    process.exit(2);
  }
  run(process.execPath, [rsbuild, 'build'], packageDir);
  dist = join(packageDir, 'dist');
} else {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  const pnpm = probe.status === 0 ? ['pnpm'] : ['npx', '--yes', 'pnpm@10.34.9'];
  const [command, ...rest] = pnpm;
  run(command, [...rest, '--filter', `${app}...`, 'run', 'build'], ROOT);
  dist = join(packageDir, 'dist');
}

const deployDir = resolve(values['deploy-dir']);
const packageVersion = existsSync(join(packageDir, 'package.json'))
  ? JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version
  : undefined;
try {
  const result = publish({ deployDir, app, dist, packageVersion });
  console.log(
    result.skipped
      ? `${app}: this build (${result.version.build}) is already live; nothing switched.`
      : `${app} ${result.version.version} (build ${result.version.build}) is live as release ${result.id}.`,
  );
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
