/**
 * The API tests' global setup: one database migrated per run (the app's migrations and pg-boss's
 * schema and queues, by starting the app once), which every test database is copied from with
 * `CREATE DATABASE ... TEMPLATE` (test/pg.ts) instead of each app migrating its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { testConfig } from './fixtures.js';
import { createTempDatabase } from './pg.js';

export default async function setup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-template-'));
  const template = await createTempDatabase('kanban_tpl_');
  const app = buildApp(testConfig(dataDir, { databaseUrl: template.url }));
  try {
    await app.ready();
  } finally {
    await app.close();
  }
  process.env.TEST_PG_TEMPLATE = new URL(template.url).pathname.slice(1);
  return async () => {
    delete process.env.TEST_PG_TEMPLATE;
    await template.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
