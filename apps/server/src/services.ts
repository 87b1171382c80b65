import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/env.ts';
import { createDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { DB } from './db/schema.ts';
import { seedDemoAccounts, seedReferenceData } from './db/seed.ts';
import { createAuthService, type AuthService } from './features/auth/service.ts';
import { seedDemoProjectsAtStart } from './features/projects/demo-seed.ts';
import type { Clock } from './lib/clock.ts';
import { randomToken } from './lib/crypto.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

/** Everything the features share, built once per app and handed to each feature's routes. */
export interface AppServices {
  config: AppConfig;
  clock: Clock;
  database: Database;
  db: Kysely<DB>;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: TokenService;
  auth: AuthService;
  logger: FastifyBaseLogger;
  /** Server-only secret for HMAC signatures (e.g. short-lived download links). Never sent out. */
  appSecret: string;
}

/** JWT_SECRET, or a secret generated once into DATA_DIR and reused on later starts. */
function jwtSecret(config: AppConfig): string {
  if (config.jwtSecret) {
    return config.jwtSecret;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomToken(48), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

export async function createServices(
  config: AppConfig,
  clock: Clock,
  logger: FastifyBaseLogger,
  mailer?: Mailer,
): Promise<AppServices> {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db, clock.now());
    const hasher = createPasswordHasher(config.argon2);
    if (config.seedDemo && (await seedDemoAccounts(database.db, hasher, clock.now()))) {
      logger.info('seeded demo accounts');
    }
    if (
      config.seedDemo &&
      (await seedDemoProjectsAtStart(database.db, config.dataDir, clock.now()))
    ) {
      logger.info('seeded demo projects');
    }
    const appSecret = jwtSecret(config);
    const tokens = createTokenService(appSecret, clock);
    const db = database.db;
    return {
      config,
      clock,
      database,
      db,
      hasher,
      tokens,
      logger,
      appSecret,
      mailer:
        mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          outboxDir: join(config.dataDir, 'outbox'),
          logger,
        }),
      auth: createAuthService({ db, config, clock, hasher, tokens }),
    };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
