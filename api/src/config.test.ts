import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, OWASP_SCRYPT } from './config.js';

describe('loadConfig', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kanban-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('has defaults for the embedded setup', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      publicUrl: 'http://127.0.0.1:3000',
      pgliteDir: join(dataDir, 'pglite'),
      tokenTtl: '7d',
      scrypt: OWASP_SCRYPT,
    });
    expect(config.staticDir).toBe(resolve(import.meta.dirname, '../..'));
  });

  it('lowers the password hash cost with SCRYPT_N outside production only', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SCRYPT_N: '1024' }).scrypt).toEqual({ ...OWASP_SCRYPT, N: 1024 });
    expect(() => loadConfig({ DATA_DIR: dataDir, SCRYPT_N: '1000' })).toThrow('SCRYPT_N');
    expect(() => loadConfig({ DATA_DIR: dataDir, SCRYPT_N: String(2 ** 18) })).toThrow('SCRYPT_N');
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SCRYPT_N: '1024' }),
    ).toThrow('SCRYPT_N cannot lower');
  });

  it('reads the metrics token and port, and the log format', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ metricsToken: null, metricsPort: null });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 't0ken', METRICS_PORT: '9091' })).toMatchObject({
      metricsToken: 't0ken',
      metricsPort: 9091,
    });
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' }).logPretty).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json' }).logPretty).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'fancy' })).toThrow('LOG_FORMAT');
  });

  it('keeps a generated secret in DATA_DIR and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('scales every rate limit by RATE_LIMIT_FACTOR', () => {
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100' });
    expect(config.rateLimits.registerIp.max).toBe(2000);
    expect(config.rateLimits.loginAccount).toMatchObject({ max: 1000, windowMs: 15 * 60_000 });
    expect(loadConfig({ DATA_DIR: dataDir }).rateLimits.registerIp.max).toBe(20);
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '0' })).toThrow(/RATE_LIMIT_FACTOR/);
  });

  it('writes reminder dates in REMINDER_TIME_ZONE (Europe/Moscow by default), refusing unknown zones', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).reminderTimeZone).toBe('Europe/Moscow');
    expect(loadConfig({ DATA_DIR: dataDir, REMINDER_TIME_ZONE: 'Asia/Yekaterinburg' }).reminderTimeZone).toBe(
      'Asia/Yekaterinburg',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, REMINDER_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /REMINDER_TIME_ZONE/,
    );
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
  });

  it('reads the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db/kanban',
      PUBLIC_URL: 'https://kanban.example/',
      TOKEN_TTL: '1d',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db/kanban',
      publicUrl: 'https://kanban.example',
      tokenTtl: '1d',
    });
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads the OIDC provider only when all its variables are set', () => {
    const oidc = {
      OIDC_ISSUER: 'https://id.example/realms/kanban',
      OIDC_CLIENT_ID: 'kanban',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_NAME: 'Example ID',
    };
    expect(loadConfig({ DATA_DIR: dataDir }).oidc).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, ...oidc }).oidc).toEqual({
      issuer: 'https://id.example/realms/kanban',
      clientId: 'kanban',
      clientSecret: 's3cret',
      name: 'Example ID',
      only: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, ...oidc, OIDC_ONLY: 'true' }).oidc?.only).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...oidc, OIDC_NAME: '' })).toThrow(/OIDC_NAME/);
    expect(() => loadConfig({ DATA_DIR: dataDir, OIDC_ONLY: 'true' })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...oidc, OIDC_ISSUER: 'id.example' })).toThrow(
      /OIDC_ISSUER/,
    );
  });
});
