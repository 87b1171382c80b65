import { isIP } from 'node:net';
import { DEFAULT_FORECAST_HORIZON, EMAIL_DOMAIN_PATTERN } from '@sk-tanaw/contract';
import { z } from 'zod';
import type { S3Settings } from '../lib/files/s3-storage.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry) || isIP(entry) !== 0) {
    return true;
  }
  const [address = '', prefix = '', ...rest] = entry.split('/');
  const family = isIP(address);
  return (
    rest.length === 0 &&
    family !== 0 &&
    /^\d{1,3}$/.test(prefix) &&
    Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * Which peers may set X-Forwarded-For: `false` (none, the default), or a list of proxy addresses,
 * CIDR ranges or the names loopback, linklocal, uniquelocal. `true` means the usual reverse proxy
 * on the same machine (loopback), never every peer, so a client that reaches the server directly
 * cannot spoof its address. A hop count is refused: it cannot tell a proxy from a client that
 * connects directly, and Fastify (5.12.1 and later) no longer trusts any peer for one.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | string[] => {
    const v = (value ?? 'false').trim().toLowerCase();
    if (['false', 'no', '0'].includes(v)) {
      return false;
    }
    if (['true', 'yes'].includes(v)) {
      return ['loopback'];
    }
    if (/^\d+$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count (${v}) is no longer accepted: list the proxies' addresses or CIDR ranges instead`,
      });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, true, or proxy addresses/CIDR ranges (bad: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(480),
  COOKIE_SECURE: bool(false),
  TRUST_PROXY: trustProxy,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SK Tanaw <no-reply@sk-tanaw.local>'),
  SEED_DEMO: bool(true),
  SEED_DEMO_TURNOVER: bool(true),
  /** The demo's treasurer, Budget Monitoring Officer and disbursement vouchers (books). */
  SEED_DEMO_VOUCHERS: bool(true),
  /** The demo's Bids and Awards Committee (four more SK officials) and procurement records. */
  SEED_DEMO_PROCUREMENT: bool(true),
  WEB_ROOT: z.string().min(1).default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(20),
  RAW_DATA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(50 * 1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** The youth registry's AES-256 key(s): base64 of 32 bytes, current first, comma-separated. */
  KK_DATA_KEY: z.string().min(1).optional(),
  /** A file holding the key(s), one base64 line each, current first; default DATA_DIR/kk-data.key. */
  KK_DATA_KEY_FILE: z.string().min(1).optional(),
  /**
   * Public self-profiling submissions taken per address per hour, and per barangay per hour
   * (refused ones not counted); calls of the form per address per hour, refused ones included
   * (never below the first).
   */
  KK_PUBLIC_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(5),
  KK_PUBLIC_PER_BARANGAY_HOUR: z.coerce.number().int().min(1).default(200),
  KK_PUBLIC_CALLS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(50),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits, or . _ : -')
    .default('sk-tanaw:'),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(7200).default(660),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),
  // The landing page's contact footer; unset, the demo's (with SEED_DEMO) or none.
  CONTACT_EMAIL: z.string().optional(),
  CONTACT_PHONE: z.string().optional(),
  CONTACT_ADDRESS: z.string().optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(170).default(60),
  FORECAST_HORIZON: z.coerce.number().int().min(1).max(10).default(DEFAULT_FORECAST_HORIZON),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    .default(24),
  BACKUP_RETENTION: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_ADMINS: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\s*,\s*[A-Za-z0-9._-]+)*$/, 'must be usernames separated by commas')
    .optional(),
  BACKUP_UPLOAD_MAX_MB: z.coerce.number().positive().max(100_000).default(2048),
  /** How long a new barangay administrator's set-a-password link works. */
  ONBOARDING_LINK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(72),
  /**
   * The address people open SK Tanaw at (e.g. https://sktanaw.quezoncity.gov.ph), for links in
   * e-mails; without it, the address the city administrator's own request came to.
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * E-mail domains accounts may use besides the spec's gmail.com, outlook.com and yahoo.com:
   * an installation's own, comma-separated (e.g. `naga.gov.ph`).
   */
  ACCOUNT_EMAIL_DOMAINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().replace(/^@/, '').toLowerCase())
        .filter((d) => d !== ''),
    )
    .refine(
      (list) => list.every((d) => EMAIL_DOMAIN_PATTERN.test(d)),
      'must be domain names separated by commas (e.g. naga.gov.ph)',
    )
    .default([]),
});

export type Env = z.output<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  jwtSecret: string | undefined;
  sessionTtlMinutes: number;
  /** Set-a-password links of new barangay administrators: hours valid; the site's address. */
  onboarding: { linkHours: number; publicUrl: string | undefined };
  /** ACCOUNT_EMAIL_DOMAINS: account e-mail domains beyond the spec's three (lib/account-email.ts). */
  accountEmailDomains: string[];
  cookieSecure: boolean;
  /** Fastify's trustProxy: false, or the trusted proxy addresses and ranges. */
  trustProxy: false | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  /** With seedDemo: the demo's turnover and new council (db/seed-turnover.ts). */
  seedDemoTurnover: boolean;
  seedDemoVouchers: boolean;
  seedDemoProcurement: boolean;
  webRoot: string;
  logLevel: Env['LOG_LEVEL'];
  uploadMaxBytes: number;
  /** Largest raw budget data CSV accepted. */
  rawDataMaxBytes: number;
  login: {
    maxFailures: number;
    windowMinutes: number;
    lockMinutes: number;
    addressMaxFailures: number;
  };
  rateLimitPerMinute: number;
  /** The youth registry's key configuration (features/kk/crypto.ts). */
  kk: {
    dataKey: string | undefined;
    dataKeyFile: string | undefined;
    publicPerAddressHour: number;
    publicPerBarangayHour: number;
    /** Calls of the public form per address per hour, refused ones included. */
    publicCallsPerAddressHour: number;
  };
  /** Shared counters (API rate limit, sign-in and recovery address limits) across processes. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Documents (and resolution PDFs) in an S3-compatible bucket; undefined: under DATA_DIR. */
  s3: S3Settings | undefined;
  /**
   * Slow-client limits in ms: all headers must arrive within `headersMs`, the whole request
   * (body included) within `requestMs`. The default request limit leaves room for a 10-minute upload.
   */
  timeouts: { headersMs: number; requestMs: number };
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits. */
  shutdownTimeoutMs: number;
  argon2: { memoryCost: number; timeCost: number };
  contact: { email: string; phone: string; address: string };
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  forecastHorizon: number;
  backup: {
    /** Hours between automatic backups; 0 turns them off. */
    intervalHours: number;
    /** Automatic (and pre-restore) backups kept; older ones are deleted. */
    retention: number;
    /** Lower-cased usernames allowed to create, download and restore backups; undefined: the
     * administrators of the installation's first barangay. */
    admins: string[] | undefined;
    uploadMaxBytes: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** Reads and validates the environment; lists every bad variable at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const s3Problems = [
    ...(!e.S3_BUCKET &&
    (e.S3_ENDPOINT ?? e.S3_ACCESS_KEY_ID ?? e.S3_SECRET_ACCESS_KEY) !== undefined
      ? ['S3_BUCKET: is required when the other S3_ variables are set']
      : []),
    ...((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)
      ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']
      : []),
  ];
  if (s3Problems.length > 0) {
    throw new ConfigError(s3Problems);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    jwtSecret: e.JWT_SECRET,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    onboarding: { linkHours: e.ONBOARDING_LINK_HOURS, publicUrl: e.PUBLIC_URL },
    accountEmailDomains: e.ACCOUNT_EMAIL_DOMAINS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    seedDemoTurnover: e.SEED_DEMO_TURNOVER,
    seedDemoVouchers: e.SEED_DEMO_VOUCHERS,
    seedDemoProcurement: e.SEED_DEMO_PROCUREMENT,
    webRoot: e.WEB_ROOT,
    logLevel: e.LOG_LEVEL,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    rawDataMaxBytes: e.RAW_DATA_MAX_BYTES,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    kk: {
      dataKey: e.KK_DATA_KEY,
      dataKeyFile: e.KK_DATA_KEY_FILE,
      publicPerAddressHour: e.KK_PUBLIC_PER_ADDRESS_HOUR,
      publicPerBarangayHour: e.KK_PUBLIC_PER_BARANGAY_HOUR,
      publicCallsPerAddressHour: e.KK_PUBLIC_CALLS_PER_ADDRESS_HOUR,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    timeouts: {
      // Node requires the header limit not to exceed the request limit.
      headersMs: Math.round(Math.min(e.HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000),
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    },
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_ITERATIONS },
    contact: {
      email: e.CONTACT_EMAIL ?? (e.SEED_DEMO ? 'sk.tanaw.council@gmail.com' : ''),
      phone: e.CONTACT_PHONE ?? (e.SEED_DEMO ? '(02) 8000 0000' : ''),
      address: e.CONTACT_ADDRESS ?? (e.SEED_DEMO ? 'Barangay Hall, District 5, Quezon City' : ''),
    },
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
    },
    forecastHorizon: e.FORECAST_HORIZON,
    backup: {
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      retention: e.BACKUP_RETENTION,
      admins: e.BACKUP_ADMINS?.split(',').map((u) => u.trim().toLowerCase()),
      uploadMaxBytes: Math.round(e.BACKUP_UPLOAD_MAX_MB * 1024 * 1024),
    },
  };
}
