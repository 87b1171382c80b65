import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './app.ts';
import type { AppConfig } from './config/env.ts';
import { createDatabase, pingDatabase, type Database, type AppDb } from './db/database.ts';
import { withInstallLock } from './db/install-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  ensureInstallValue,
  readRestoreState,
  restoreGeneration,
  SIGNING_SECRET,
} from './common/install-state-repository.ts';
import { seedBudgetRules, seedReferenceData } from './db/seed.ts';
import { seedDemoData } from './db/seed-demo.ts';
import { markBarangaysWithDataDue } from './common/plan-raw-values-repository.ts';
import { createUpkeep, syncPlans, type Upkeep } from './upkeep.ts';
import { createAccountService, type AccountService } from './features/accounts/service.ts';
import { createAdminLogService, type AdminLogService } from './features/admin-logs/service.ts';
import {
  createAdminProjectService,
  type AdminProjectService,
} from './features/admin-projects/service.ts';
import { createAuthService, type AuthService } from './features/auth/service.ts';
import { createOnboardingService, type OnboardingService } from './features/city/onboarding.ts';
import { createCityAccountService, type CityAccountService } from './features/city/accounts.ts';
import { recoverDeadRestores, recoverInterruptedRestore } from './features/backup/journal.ts';
import { createBackupService, type BackupService } from './features/backup/service.ts';
import { createForecastService, type ForecastService } from './features/forecast/service.ts';
import { createPasswordRecoveryService } from './features/password-recovery/service.ts';
import { createProjectService } from './features/projects/service.ts';
import { createPredictiveService, type PredictiveService } from './features/predictive/service.ts';
import { createRawDataService, type RawDataService } from './features/raw-data/service.ts';
import {
  createBudgetPlanService,
  type BudgetPlanService,
} from './features/budget-plans/service.ts';
import { createPlanReviewService, type PlanReviewService } from './features/plan-review/service.ts';
import { createTrackerService, type TrackerService } from './features/tracker/service.ts';
import { createBooksService, type BooksService } from './features/books/service.ts';
import {
  createKkAssemblyService,
  type KkAssemblyService,
} from './features/kk-assemblies/service.ts';
import { createCbydpService, type CbydpService } from './features/cbydp/service.ts';
import { createCipher, loadKeys } from './features/kk/crypto.ts';
import { sealReasons } from './features/kk/audit-reasons-repository.ts';
import { createKkService, type KkService } from './features/kk/service.ts';
import {
  KK_WINDOW_CALLS_PER_HOUR,
  createKkIntakeService,
  type KkIntakeService,
} from './features/kk/public-intake.ts';
import { createKkWindowService, type KkWindowService } from './features/kk/windows.ts';
import { createKeyedLimit, limitAddressKey } from './plugins/rate-limit.ts';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import { randomToken } from './lib/crypto.ts';
import { createDeviceCookies } from './lib/device-cookie.ts';
import type { S3Client } from '@aws-sdk/client-s3';
import { createLocalStorage, type DocumentStorage } from './lib/files/storage.ts';
import { watchGeneration, type GenerationWatch } from './lib/generation-watch.ts';
import { ensurePrivateDir } from './lib/private-files.ts';
import type { ReadinessCheck } from './lib/readiness.ts';
import type { SharedRedis } from './lib/redis.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

/** Where uploaded project documents live (never served statically). */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/**
 * The composition root: every shared piece and every feature's service, built once per app.
 * Routes reach services here; no route builds its own.
 */
export interface AppServices {
  config: AppConfig;
  clock: Clock;
  database: Database;
  db: AppDb;
  mailer: Mailer;
  /** Work started after an answer (e-mails); app close waits for it. */
  background: BackgroundTasks;
  /** The document sweep and any plan sync still due: started once listening, stopped on close. */
  upkeep: Upkeep;
  hasher: PasswordHasher;
  tokens: TokenService;
  auth: AuthService;
  logger: FastifyBaseLogger;
  /** Stored documents (project files). */
  storage: DocumentStorage;
  projects: ReturnType<typeof createProjectService>;
  passwordRecovery: ReturnType<typeof createPasswordRecoveryService>;
  onboarding: OnboardingService;
  cityAccounts: CityAccountService;
  /** Whole-install backups, their schedule and restores. */
  backup: BackupService;
  predictive: PredictiveService;
  /** Budget forecasts and their analyses, cached per barangay and raw-data version. */
  forecast: ForecastService;
  /** Accounts, roles and the account archive (administrators). */
  accounts: AccountService;
  /** The admin project list and the project archive. */
  adminProjects: AdminProjectService;
  /** Session logs and the audit trail. */
  adminLogs: AdminLogService;
  rawData: RawDataService;
  /** Budget plans (ABYIP and SK annual budget) and the public disclosure board. */
  budgetPlans: BudgetPlanService;
  /** The implementation tracker of posted plans, and its part of the disclosure board. */
  tracker: TrackerService;
  /** The SK's books: disbursement vouchers. */
  books: BooksService;
  /** KK assemblies. */
  kkAssemblies: KkAssemblyService;
  /** The three-year CBYDP. */
  cbydp: CbydpService;
  /** The Katipunan ng Kabataan youth registry (personal fields encrypted at rest). */
  kk: KkService;
  kkWindows: KkWindowService;
  kkIntake: KkIntakeService;
  /** The city's review of SK annual budgets. */
  planReview: PlanReviewService;
  /** Server-only secret for HMAC signatures (e.g. short-lived download links). Never sent out. */
  appSecret: string;
  /** What GET /api/ready asks: the database, and Redis and the bucket when configured. */
  readiness: ReadinessCheck[];
  /** Shared counters across processes (REDIS_URL); undefined: counted in this process/the DB. */
  redis: SharedRedis | undefined;
  /** PostgreSQL: notices restores made by other processes (stopped when the app closes). */
  restores: GenerationWatch | undefined;
  /** The bucket's client when documents live in S3 (closed with the app). */
  s3: S3Client | undefined;
}

/** How often a process looks for a restore made by another process. */
const RESTORE_WATCH_MS = 1_000;

/**
 * JWT_SECRET, or the secret every process of the installation shares from the database: created
 * once (the first process to start stores it). An install from before then seeds it with its
 * DATA_DIR/jwt-secret, so its sessions and device cookies stay valid across the upgrade.
 */
async function signingSecret(config: AppConfig, db: AppDb, now: Date): Promise<string> {
  if (config.jwtSecret) {
    return config.jwtSecret;
  }
  const file = join(config.dataDir, 'jwt-secret');
  const old = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const candidate = old.length >= 32 ? old : randomToken(48);
  return ensureInstallValue(db, SIGNING_SECRET, candidate, now.toISOString());
}

export async function createServices(
  config: AppConfig,
  clock: Clock,
  logger: FastifyBaseLogger,
  { mailer, storage: documentStorage, staleProcessMs }: AppOptions = {},
): Promise<AppServices> {
  ensurePrivateDir(config.dataDir);
  const database = createDatabase(config, (error) => {
    logger.warn({ err: error }, 'database connection lost; reconnecting on the next query');
  });
  // The Redis client and the S3 SDK (about 30 MB of resident memory together) load only when
  // they are configured: a council's single process on SQLite never needs them.
  const redisModule = config.redis ? await import('./lib/redis.ts') : undefined;
  const s3Modules = config.s3
    ? {
        storage: await import('./lib/files/s3-storage.ts'),
        backups: await import('./features/backup/s3-folder.ts'),
      }
    : undefined;
  const redis =
    redisModule && config.redis
      ? redisModule.connectRedis(config.redis.url, config.redis.keyPrefix, logger)
      : undefined;
  try {
    // Counters start uncounted (API) or in the database (sign-in) until Redis answers.
    await redis?.ready(2_000);
    const s3 = s3Modules && config.s3 ? s3Modules.storage.createS3Client(config.s3) : undefined;
    const storage =
      documentStorage ??
      (s3 && s3Modules && config.s3
        ? s3Modules.storage.createS3Storage(s3, config.s3.bucket, uploadsDir(config.dataDir))
        : createLocalStorage(uploadsDir(config.dataDir)));
    const hasher = createPasswordHasher(config.argon2);
    // The youth registry's key(s), from configuration or the key file, never the database.
    const kkCipher = createCipher(loadKeys(config));
    let planSyncDue = false;
    // Processes of one installation starting together take turns: one migrates and seeds, the
    // next finds the work done.
    const appSecret = await withInstallLock(database, 'start-up', async () => {
      // A restore cut short by a crash is finished or undone before anything reads the data.
      await recoverInterruptedRestore(config.dataDir, database, storage, logger);
      await migrateToLatest(database);
      await seedReferenceData(database.db, clock.now());
      const seeded = await seedDemoData({
        config,
        database,
        hasher,
        storage,
        clock,
        kkCipher,
        logger,
      });
      // Demo plans' lines join their barangays' raw data at the sync below.
      if (seeded) {
        await markBarangaysWithDataDue(database.db, clock.now().toISOString());
      }
      // Posted plans' appropriations as raw data, for the barangays marked as due only (data
      // from before that feature, demo plans): nothing when nothing changed. A failure is
      // retried in the background instead of stopping the start.
      planSyncDue = !(await syncPlans(database, clock, logger));
      // Reasons moved out of older audit entries (migration 0028) are encrypted once the key
      // is there; without a key they wait, unread, for the start that has one.
      if (kkCipher.currentKeyId !== '') {
        const sealed = await sealReasons(database.db, kkCipher);
        if (sealed > 0) {
          logger.info({ count: sealed }, 'youth registry audit reasons encrypted');
        }
      }
      return signingSecret(config, database.db, clock.now());
    });
    const tokens = createTokenService(appSecret, clock);
    const db = database.db;
    const dialect = database.dialect;
    const appMailer =
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: join(config.dataDir, 'outbox'),
        logger,
      });
    const background = createBackgroundTasks(logger);
    const upkeep = createUpkeep({
      database,
      storage,
      clock,
      logger,
      background,
      // Another process may have stored a file in the shared bucket a moment ago.
      graceMs: s3 ? 3_600_000 : 0,
      planSyncDue,
    });
    const addressCounters =
      redis && redisModule ? redisModule.redisAddressCounters(redis) : undefined;
    const backup = createBackupService({
      config,
      database,
      storage,
      clock,
      logger,
      ...(staleProcessMs === undefined ? {} : { staleProcessMs }),
      ...(s3 && s3Modules && config.s3
        ? { folder: s3Modules.backups.s3BackupFolder(s3, config.s3.bucket, config.dataDir) }
        : {}),
    });
    const forecast = createForecastService({
      db,
      clock,
      logger,
      horizon: config.forecastHorizon,
      ai:
        config.ai.baseUrl && config.ai.model
          ? {
              baseUrl: config.ai.baseUrl,
              apiKey: config.ai.apiKey,
              model: config.ai.model,
              timeoutMs: config.ai.timeoutMs,
            }
          : null,
    });
    // Forecasts, analyses and raw-data pages are cached per raw-data version; a restore can
    // bring back a version number that names other data.
    const predictive = createPredictiveService({ db, clock });
    const rawData = createRawDataService({ database, clock });
    const forgetCached = () => {
      forecast.forgetCached();
      predictive.forgetCached();
      rawData.forgetCached();
    };
    backup.onRestored(forgetCached);
    // A restore whose process died is finished or undone by the first process that sees its
    // journal with the backup lock free, in the background (not only at the next start-up).
    let recovering: Promise<void> | undefined;
    const recoverDead = () => {
      recovering ??= recoverDeadRestores(database, storage, logger)
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'could not recover a restore whose process died');
        })
        .finally(() => {
          recovering = undefined;
        });
    };
    // A restore by another process of the installation (PostgreSQL): noticed within a second.
    const restores =
      dialect === 'postgres'
        ? watchGeneration({
            read: async () => {
              const state = await readRestoreState(db, backup.holdToken);
              await backup.heldElsewhere(state.heldUntil, state.hold);
              // Alive, and drained for another's restore once it holds writes here too.
              await backup.report();
              if (state.journals) {
                recoverDead();
              }
              return state.generation;
            },
            initial: await restoreGeneration(db),
            onChange: () => {
              logger.warn('the data was restored by another server process; caches dropped');
              forgetCached();
            },
            onError: (error) => {
              logger.warn({ err: error }, 'could not read the restore generation');
            },
            everyMs: RESTORE_WATCH_MS,
          })
        : undefined;
    // Before serving anything: first listed for restores, then told of one already holding
    // writes. In that order: a restore writes its hold before it reads the list, so either it
    // finds this row and waits for this process, or this process then reads its hold
    // (write-drain.ts).
    if (restores) {
      await backup.report();
      await restores.check();
    }
    // This process's own restore drops its caches through `onRestored`, not as another's.
    backup.onInstalling((generation) => restores?.expectOwn(generation) ?? (() => undefined));
    // A backup made before budget plans existed restores without their rules.
    backup.onRestored(() => {
      background.run('writing the budget rules after a restore failed', () => seedBudgetRules(db));
    });
    const kkAddressLimit = createKeyedLimit(redis, 'kk-address', 60 * 60 * 1000);
    const kkBarangayLimit = createKeyedLimit(redis, 'kk-barangay', 60 * 60 * 1000);
    const kkCallLimit = createKeyedLimit(redis, 'kk-call', 60 * 60 * 1000);
    const kkWindowCallLimit = createKeyedLimit(redis, 'kk-window-call', 60 * 60 * 1000);
    const kkWindows = createKkWindowService({ db, clock, appSecret });
    return {
      config,
      clock,
      database,
      db,
      hasher,
      tokens,
      logger,
      appSecret,
      mailer: appMailer,
      background,
      upkeep,
      storage,
      auth: createAuthService({
        db,
        dialect,
        config,
        clock,
        hasher,
        tokens,
        devices: createDeviceCookies(appSecret),
        counters: addressCounters,
      }),
      projects: createProjectService({
        db,
        dialect,
        clock,
        mailer: appMailer,
        background,
        storage,
        appSecret,
      }),
      backup,
      rawData,
      passwordRecovery: createPasswordRecoveryService({
        db,
        dialect,
        clock,
        hasher,
        mailer: appMailer,
        logger,
        appSecret,
        counters: addressCounters,
      }),
      onboarding: createOnboardingService({
        db,
        config,
        clock,
        hasher,
        mailer: appMailer,
        logger,
        appSecret,
      }),
      cityAccounts: createCityAccountService({
        db,
        dialect,
        config,
        clock,
        hasher,
        mailer: appMailer,
        appSecret,
      }),
      forecast,
      predictive,
      accounts: createAccountService({ db, dialect, clock, hasher, mailer: appMailer, logger }),
      adminProjects: createAdminProjectService({ db, clock, storage, appSecret }),
      adminLogs: createAdminLogService({ db, clock }),
      budgetPlans: createBudgetPlanService({
        db,
        dialect,
        clock,
        storage,
        forecast,
        appSecret,
      }),
      tracker: createTrackerService({ db, dialect, clock, storage }),
      books: createBooksService({ db, dialect, clock, storage }),
      kkAssemblies: createKkAssemblyService({ db, clock, storage }),
      cbydp: createCbydpService({ db, dialect, clock }),
      kk: createKkService({ db, clock, cipher: kkCipher }),
      kkWindows,
      kkIntake: createKkIntakeService({
        db,
        clock,
        cipher: kkCipher,
        windows: kkWindows,
        limits: {
          call: (ip) =>
            kkCallLimit(
              limitAddressKey(ip),
              Math.max(config.kk.publicCallsPerAddressHour, config.kk.publicPerAddressHour),
            ),
          windowCall: (windowId) => kkWindowCallLimit(String(windowId), KK_WINDOW_CALLS_PER_HOUR),
          taken: async (ip, barangayId) =>
            (await kkAddressLimit(limitAddressKey(ip), config.kk.publicPerAddressHour)) &&
            (await kkBarangayLimit(String(barangayId), config.kk.publicPerBarangayHour)),
        },
      }),
      planReview: createPlanReviewService({
        db,
        clock,
        storage,
        forecast,
        mailer: appMailer,
        background,
      }),
      readiness: [
        { component: 'database', ping: () => pingDatabase(database) },
        ...(redis ? [{ component: 'redis' as const, ping: () => redis.ping() }] : []),
        ...(s3 && s3Modules && config.s3
          ? [
              {
                component: 'storage' as const,
                ping: () => s3Modules.storage.pingBucket(s3, config.s3?.bucket ?? ''),
              },
            ]
          : []),
      ],
      redis,
      restores,
      s3,
    };
  } catch (error) {
    redis?.close();
    await database.destroy();
    throw error;
  }
}
