#!/usr/bin/env node
// Runs the built API, which also serves the built front-ends; no build step, so several instances can
// start from one build with different PORT values.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'api', 'dist', 'src', 'server.js');
if (!existsSync(entry)) {
  console.error('The API is not built yet: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
process.env.DATA_DIR ??= join(root, 'data');
await import(entry);
