/**
 * `npm test`'s one run of every package's unit and integration tests: each package is a project with
 * its own configuration (its folder's vitest.config.ts), and all share one pool of workers, so the
 * front ends' jsdom files and the API's database files keep both cores busy instead of running one
 * package after another. `pnpm --filter <package> test` still runs one package alone.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'contract',
      'api',
      'shared-ui',
      'shell',
      'mf-auth',
      'mf-boards',
      'mf-board-view',
      'mf-settings',
    ],
    maxWorkers: 3,
  },
});
