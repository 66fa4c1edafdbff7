#!/usr/bin/env node
// The root commands for a machine with only Node.js 20 and npm: `npm start` and `npm test` install
// the workspace with a pinned pnpm (fetched by npx when no pnpm 10 is on PATH), then build, serve, test;
// `npm run bench`, `npm run backup` and `npm run restore` run the api package's scripts of those names.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const packages = [
  'shared-ui',
  'build-config',
  'contract',
  'api',
  'shell',
  'mf-auth',
  'mf-boards',
  'mf-board-view',
  'mf-settings',
].filter((name) => existsSync(join(root, name, 'package.json')));

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.')) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

const pnpm = pnpmCommand();

/** The sources the dependency rules read: the API, the contract and every front end. */
const DEPENDENCY_ROOTS = packages
  .filter((name) => name !== 'build-config')
  .map((name) => `${name}/src`)
  .filter((dir) => existsSync(join(root, dir)));

/** Each command's wall time, printed at the end of `test` (and when a stage fails). */
const stages = [];

function printStages() {
  if (stages.length === 0) return;
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  console.log('\nStage times:');
  for (const { name, seconds } of stages) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${total.toFixed(1).padStart(7)} s  total`);
}

function run(args, options = {}) {
  const [cmd, ...rest] = [...pnpm, ...args];
  console.log(`\n> pnpm ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(cmd, rest, { cwd: root, stdio: 'inherit', ...options });
  stages.push({ name: `pnpm ${args.join(' ')}`, seconds: (performance.now() - started) / 1000 });
  if (result.status !== 0) {
    console.error(`\n✖ pnpm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    printStages();
    process.exit(result.status || 1);
  }
}

function install() {
  run(['install', '--frozen-lockfile', '--prefer-offline']);
}

const stampFile = join(root, 'node_modules', '.build-stamp');
const ignored = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (ignored.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(stampFile)) return false;
  const builtAt = statSync(stampFile).mtimeMs;
  return packages.every((name) => newestSource(join(root, name)) < builtAt && hasBuild(name));
}

function hasBuild(name) {
  return name === 'shared-ui' || name === 'build-config' || existsSync(join(root, name, 'dist'));
}

function build() {
  run(['-r', '--workspace-concurrency=2', 'run', 'build']);
  writeFileSync(stampFile, new Date().toISOString());
}

const [command = 'start', ...rest] = process.argv.slice(2);

switch (command) {
  case 'start':
    install();
    if (buildIsCurrent()) console.log('\nThe build is up to date.');
    else build();
    run(['run', 'serve']);
    break;
  case 'build':
    install();
    build();
    break;
  case 'dev':
    install();
    // pnpm pipes each dev server's output, so the API cannot see the terminal: it is told instead.
    run(['-r', '--parallel', 'run', 'dev'], {
      env: {
        ...process.env,
        LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
      },
    });
    break;
  case 'test':
    install();
    build();
    run(['exec', 'biome', 'ci', '.']);
    // The layers (.dependency-cruiser.cjs): errors fail; cross-domain repository reads print as warnings.
    run(['exec', 'depcruise', ...DEPENDENCY_ROOTS, '--config', '.dependency-cruiser.cjs']);
    run(['-r', '--workspace-concurrency=1', 'run', 'typecheck']);
    run(['exec', 'tsc', '-p', 'e2e/tsconfig.json']);
    // Every package's vitest project in one run sharing one pool of workers (vitest.config.ts).
    run(['exec', 'vitest', 'run']);
    run(['exec', 'playwright', 'test', ...rest]);
    printStages();
    console.log('\n✔ Lint, types, unit, integration and browser tests passed.');
    break;
  case 'bench':
    install();
    run(['--filter', 'api', 'run', 'bench', ...rest]);
    break;
  case 'backup':
  case 'restore':
    install();
    // Paths are taken from where npm was run (pnpm hands that folder on as INIT_CWD), and the
    // installation is the one `npm start` serves: DATA_DIR as serve.mjs sets it.
    run(['--filter', 'api', 'run', command, ...rest], {
      cwd: process.env.INIT_CWD ?? process.cwd(),
      env: { ...process.env, DATA_DIR: resolve(root, process.env.DATA_DIR ?? 'data') },
    });
    break;
  default:
    console.error(`Unknown command ${command}: use start, build, dev, test, bench, backup or restore.`);
    process.exit(2);
}
