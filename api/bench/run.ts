/**
 * `pnpm --filter api bench [name...]` runs the named benchmarks (all when none is named) against a
 * fresh PostgreSQL database (TEST_PG_URL). BENCH_SECONDS sets each run's length (default 10).
 */
import { authBench } from './auth.js';
import { boardBench } from './board.js';
import { boardBrowserBench } from './board-browser.js';
import { boardBuildBench } from './board-build.js';
import { boardsBench } from './boards.js';
import { copyBench } from './copy.js';
import { exportBench } from './export.js';
import { filesBench } from './files.js';
import { importBench } from './import.js';
import { liveBench } from './live.js';
import { realtimeBench } from './realtime.js';
import { searchBench } from './search.js';

const BENCHES: Record<string, (seconds: number) => Promise<boolean>> = {
  auth: authBench,
  board: boardBench,
  'board-browser': boardBrowserBench,
  'board-build': boardBuildBench,
  boards: boardsBench,
  coldload: () => import('./coldload.js').then((bench) => bench.coldloadBench()),
  copy: copyBench,
  export: exportBench,
  files: filesBench,
  import: importBench,
  lighthouse: () => import('./lighthouse.js').then((bench) => bench.lighthouseBench()),
  live: liveBench,
  realtime: realtimeBench,
  search: searchBench,
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const names = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = names.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

let allMet = true;
for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
  console.log(`# ${name}`);
  const met = await (BENCHES[name] as (seconds: number) => Promise<boolean>)(seconds);
  allMet &&= met;
}
process.exitCode = allMet ? 0 : 1;
