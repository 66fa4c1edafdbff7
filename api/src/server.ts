import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { watchProcessFaults } from './process-faults.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`Configuration error: ${(err as Error).message}`);
  process.exit(1);
}
const app = buildApp(config);
watchProcessFaults(app.log);

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(
    () => {
      app.log.error('shutdown timed out');
      process.exit(1);
    },
    SHUTDOWN_TIMEOUT_MS + (config.drainDelayMs ?? 0),
  );
  try {
    await app.drain();
    app.log.info('stopped');
    process.exitCode = 0;
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exitCode = 1;
  } finally {
    clearTimeout(timer);
  }
}

process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
