// Starts the built API (which serves the built site) against a fresh PostgreSQL database and a temp
// DATA_DIR, exactly as `npm run serve` would, and stops it when the run ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startOidcProvider } from '../../api/test/oidc-provider';

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function globalSetup() {
  const port = process.env.E2E_PORT ?? '4310';
  const database = `kanban_e2e_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kanban-e2e-'));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  process.env.E2E_DATA_DIR = dataDir;
  // For tests that must set up what only time makes (a due date that has stood for a while).
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  // Two instances behind no proxy, sharing the database, the data folder and Redis, as ops would run
  // them: the realtime tests put two users on different instances.
  const secondPort = String(Number(port) + 1);
  process.env.E2E_SECOND_URL = `http://127.0.0.1:${secondPort}`;
  // A real identity provider, so /login offers 'Войти через Тест-ID' (e2e/oidc.spec.ts signs in with it).
  const oidcEmail = `sso-${database}@example.com`;
  process.env.E2E_OIDC_EMAIL = oidcEmail;
  const oidc = await startOidcProvider({
    redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback`,
    accounts: { 'sso-user': { email: oidcEmail, email_verified: true, name: 'Ольга Единая' } },
  });
  const servers = [port, secondPort].map((instancePort) =>
    startServer({
      PORT: instancePort,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `${database}:`,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOWED_ORIGINS: `http://127.0.0.1:${secondPort}`,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      LOG_LEVEL: 'warn',
      // The suite signs dozens of accounts up from one address, each a password hash: at OWASP's cost
      // they took about a minute of a core.
      RATE_LIMIT_FACTOR: '100',
      SCRYPT_N: '1024',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Тест-ID',
    }),
  );
  // The first instance migrates the fresh database; the second starts once that is done.
  await waitForReady(`http://127.0.0.1:${port}/health/ready`, servers[0] as ChildProcess);
  await waitForReady(`http://127.0.0.1:${secondPort}/health/ready`, servers[1] as ChildProcess);

  return async () => {
    await Promise.all(servers.map(stopServer));
    await oidc.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['api/dist/src/server.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitForReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API did not become ready at ${url}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
