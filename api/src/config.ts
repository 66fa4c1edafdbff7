import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  loginAccount: RateLimit;
  loginIp: RateLimit;
  registerIp: RateLimit;
  passwordAccount: RateLimit;
  /** Second-factor codes of one account: at signing in, turning it on and off. */
  twoFactorAccount: RateLimit;
  resetCreateAccount: RateLimit;
  resetCreateIp: RateLimit;
  resetValidateAccount: RateLimit;
  resetValidateIp: RateLimit;
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** PostgreSQL connection string; null runs PGlite under `dataDir/pglite`. */
  databaseUrl: string | null;
  /** 'memory://' keeps PGlite in memory (tests); otherwise a folder. */
  pgliteDir: string;
  dbPoolSize: number;
  redisUrl: string | null;
  /** Prefix for every Redis key this instance writes. */
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  tokenTtl: string;
  publicUrl: string;
  /** Origins besides PUBLIC_URL's and the request's own host that may open a realtime connection. */
  allowedOrigins: string[];
  dataDir: string;
  /** Folder holding the front-end builds; null serves no site. */
  staticDir: string | null;
  logLevel: string;
  /** pino-pretty lines instead of JSON (LOG_FORMAT=pretty|json; unset: pretty when stdout is a terminal). */
  logPretty?: boolean;
  trustProxy: boolean;
  bodyLimit: number;
  /** Largest accepted file upload, enforced while the body streams to storage. */
  maxUploadBytes: number;
  scrypt: ScryptCost;
  rateLimits: RateLimits;
  /** The time zone due dates are written in by reminder e-mails (REMINDER_TIME_ZONE); Europe/Moscow when unset. */
  reminderTimeZone?: string;
  /** Bearer token for `/metrics` on the API's port (METRICS_TOKEN); unset answers 404 there. */
  metricsToken?: string | null;
  /** A port of its own serving `/metrics` without a token (METRICS_PORT); null serves none. */
  metricsPort?: number | null;
  /**
   * How long a stopping instance keeps serving while /health/ready already answers 503
   * (DRAIN_DELAY_MS, default 0): time for a balancer that polls readiness to stop sending it requests.
   */
  drainDelayMs?: number;
  /** An S3-protocol bucket for uploads (S3_BUCKET set); null keeps them under `dataDir/uploads`. */
  s3?: S3Config | null;
  /**
   * Webhooks may send to addresses in private, loopback and other internal ranges
   * (WEBHOOK_ALLOW_PRIVATE=true; tests and a LAN-only install). Default false.
   */
  webhookAllowPrivate?: boolean;
  /** The waits before each retry of a failed webhook delivery (WEBHOOK_RETRY_DELAYS, ms, comma-separated). */
  webhookRetryDelaysMs?: number[];
  /** How long a webhook delivery waits for an answer (WEBHOOK_TIMEOUT_MS, default 10 000). */
  webhookTimeoutMs?: number;
  /** Sign-in through an OpenID Connect provider (OIDC_ISSUER and the rest set); null offers none. */
  oidc?: OidcConfig | null;
}

export interface OidcConfig {
  /** The provider's issuer URL; its metadata is discovered from it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as 'Войти через {name}'. */
  name: string;
  /** OIDC_ONLY=true: password sign-in and registration are off. */
  only: boolean;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Where the API reaches the store (S3_ENDPOINT); undefined is AWS's own endpoint for the region. */
  endpoint?: string;
  /** The origin in links handed to browsers (S3_PUBLIC_ENDPOINT), when it differs from `endpoint`. */
  publicEndpoint?: string;
  /** Credentials; undefined uses the SDK's default chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/** OWASP password storage cheat sheet: N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginAccount: { max: 10, windowMs: 15 * MINUTE },
  loginIp: { max: 50, windowMs: 15 * MINUTE },
  registerIp: { max: 20, windowMs: HOUR },
  passwordAccount: { max: 10, windowMs: 15 * MINUTE },
  twoFactorAccount: { max: 5, windowMs: 15 * MINUTE },
  resetCreateAccount: { max: 5, windowMs: HOUR },
  resetCreateIp: { max: 30, windowMs: HOUR },
  resetValidateAccount: { max: 10, windowMs: 15 * MINUTE },
  resetValidateIp: { max: 50, windowMs: 15 * MINUTE },
};

/**
 * RATE_LIMIT_FACTOR multiplies every limit: for load tests and browser suites that sign many accounts
 * up from one address. 1 (the default) keeps the limits above.
 */
function scaledLimits(factor: number): RateLimits {
  if (factor < 1) throw new Error('RATE_LIMIT_FACTOR must be at least 1');
  return Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([key, limit]) => [key, { ...limit, max: limit.max * factor }]),
  ) as unknown as RateLimits;
}

/** The api package folder, whether running from `src/` (tsx, vitest) or `dist/src/` (build). */
export function apiDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const parent = resolve(here, '..');
  return basename(parent) === 'dist' ? resolve(parent, '..') : parent;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** An IANA time zone name, checked at start so a typo does not wait for the first reminder. */
function timeZone(env: Env, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
  } catch {
    throw new Error(`${name} must be a time zone name such as Europe/Moscow`);
  }
  return value;
}

function logFormat(env: Env): 'pretty' | 'json' {
  const value = text(env, 'LOG_FORMAT');
  if (value === null) return process.stdout.isTTY ? 'pretty' : 'json';
  if (value !== 'pretty' && value !== 'json') throw new Error('LOG_FORMAT must be pretty or json');
  return value;
}

function integer(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

/**
 * The cost of new password hashes: OWASP's, unless SCRYPT_N (a power of two) lowers it outside
 * production, for browser test runs that sign many accounts up (each hash takes 0.6 s of a core at
 * OWASP's cost). A hash keeps its own cost, so hashes made either way verify either way.
 */
function scryptCost(env: Env, production: boolean): ScryptCost {
  const n = integer(env, 'SCRYPT_N', OWASP_SCRYPT.N);
  if (n < 2 || (n & (n - 1)) !== 0 || n > OWASP_SCRYPT.N) {
    throw new Error(`SCRYPT_N must be a power of two up to ${OWASP_SCRYPT.N}`);
  }
  if (production && n < OWASP_SCRYPT.N)
    throw new Error('SCRYPT_N cannot lower the cost when NODE_ENV=production');
  return { ...OWASP_SCRYPT, N: n };
}

/** A failed webhook delivery is tried again after 1 min, 5 min, 30 min, 2 h and 12 h. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 12 * HOUR];
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** Comma-separated non-negative integers. */
function delays(env: Env, name: string, fallback: number[]): number[] {
  const value = text(env, name);
  if (value === null) return fallback;
  const parsed = value.split(',').map((part) => Number(part.trim()));
  if (parsed.some((ms) => !Number.isSafeInteger(ms) || ms < 0))
    throw new Error(`${name} must be comma-separated non-negative integers (milliseconds)`);
  return parsed;
}

/** Reads `DATA_DIR/jwt-secret`, creating it with a random secret on first start. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = integer(env, 'PORT', 3000);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const dataDir = resolve(process.cwd(), text(env, 'DATA_DIR') ?? 'data');
  const staticDir = text(env, 'STATIC_DIR');
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;

  let jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret === null) {
    if (production) throw new Error('JWT_SECRET must be set when NODE_ENV=production');
    jwtSecret = persistedSecret(dataDir);
  }

  return {
    production,
    port,
    host,
    databaseUrl: text(env, 'DATABASE_URL'),
    pgliteDir: join(dataDir, 'pglite'),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10),
    redisUrl: text(env, 'REDIS_URL'),
    redisPrefix: text(env, 'REDIS_PREFIX') ?? 'kanban:',
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Kanban <no-reply@kanban.local>',
    jwtSecret,
    tokenTtl: text(env, 'TOKEN_TTL') ?? '7d',
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://${linkHost}:${port}`).replace(/\/+$/, ''),
    dataDir,
    staticDir: staticDir === null ? resolve(apiDir(), '..') : resolve(process.cwd(), staticDir),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    logPretty: logFormat(env) === 'pretty',
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: text(env, 'TRUST_PROXY') === 'true',
    bodyLimit: 1.5 * 1024 * 1024,
    maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', 100 * 1024 * 1024),
    scrypt: scryptCost(env, production),
    rateLimits: scaledLimits(integer(env, 'RATE_LIMIT_FACTOR', 1)),
    reminderTimeZone: timeZone(env, 'REMINDER_TIME_ZONE', 'Europe/Moscow'),
    metricsToken: text(env, 'METRICS_TOKEN'),
    metricsPort: text(env, 'METRICS_PORT') === null ? null : integer(env, 'METRICS_PORT', 0),
    drainDelayMs: integer(env, 'DRAIN_DELAY_MS', 0),
    s3: s3Config(env),
    webhookAllowPrivate: text(env, 'WEBHOOK_ALLOW_PRIVATE') === 'true',
    webhookRetryDelaysMs: delays(env, 'WEBHOOK_RETRY_DELAYS', DEFAULT_WEBHOOK_RETRY_DELAYS_MS),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS),
    oidc: oidcConfig(env),
  };
}

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;

function oidcConfig(env: Env): OidcConfig | null {
  const [issuer, clientId, clientSecret, name] = OIDC_VARIABLES.map((variable) => text(env, variable));
  const only = text(env, 'OIDC_ONLY') === 'true';
  if (!issuer || !clientId || !clientSecret || !name) {
    if (issuer || clientId || clientSecret || name || only)
      throw new Error(`${OIDC_VARIABLES.join(', ')} must be set together (OIDC_ONLY needs them)`);
    return null;
  }
  let protocol: string;
  try {
    protocol = new URL(issuer).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('OIDC_ISSUER must be an https:// URL');
  return { issuer, clientId, clientSecret, name, only };
}

function s3Config(env: Env): S3Config | null {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) return null;
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID') ?? undefined;
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY') ?? undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    endpoint: text(env, 'S3_ENDPOINT') ?? undefined,
    publicEndpoint: text(env, 'S3_PUBLIC_ENDPOINT') ?? undefined,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: text(env, 'S3_FORCE_PATH_STYLE') === 'true',
  };
}
