/**
 * Failures nothing in the process handled. An unhandled rejection is logged with its stack, counted
 * (`kanban_unhandled_rejections_total` in /metrics) and survived: it ends one operation's promise
 * chain, not the process's state, and ending the process would drop every request and socket it
 * serves (docs/decisions.md "Unhandled rejections are survived"). An uncaught exception still ends
 * the process, as Node's default does, since it can leave a half-done synchronous change behind.
 */
import type { FastifyBaseLogger } from 'fastify';

export const processFaults = { unhandledRejections: 0 };

export function watchProcessFaults(log: FastifyBaseLogger): void {
  process.on('unhandledRejection', (reason) => {
    processFaults.unhandledRejections += 1;
    log.error({ err: reason }, 'unhandled rejection (survived)');
  });
}
