// The demo data (SEED_DEMO), seeded in order at start-up under the installation's lock: each step
// seeds once and answers whether it did, so a second start or a second process seeds nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { KkCipher } from '../features/kk/crypto.ts';
import { seedDemoCash } from '../features/books/cash-demo-seed.ts';
import { seedDemoVouchers } from '../features/books/demo-seed.ts';
import { seedDemoBudgetPlans } from '../features/budget-plans/demo-seed.ts';
import { seedDemoCbydp } from '../features/cbydp/demo-seed.ts';
import { seedDemoKk } from '../features/kk/demo-seed.ts';
import { seedDemoProcurement } from '../features/procurement/demo-records.ts';
import { seedDemoBac } from '../features/procurement/demo-seed.ts';
import { seedDemoProjects } from '../features/projects/demo-seed.ts';
import { seedDemoRawData } from '../features/raw-data/demo-seed.ts';
import { seedDemoTracker } from '../features/tracker/demo-seed.ts';
import type { Clock } from '../lib/clock.ts';
import type { DocumentStorage } from '../lib/files/storage.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { Database } from './database.ts';
import { seedDemoAccounts, seedDemoBarangays, seedDemoRegistry } from './seed.ts';
import { seedDemoCity } from './seed-city.ts';
import { seedDemoDistrict } from './seed-district.ts';
import { seedDemoTermMembers, seedDemoTurnover } from './seed-terms.ts';

export interface DemoSeedDeps {
  config: AppConfig;
  database: Database;
  hasher: PasswordHasher;
  storage: DocumentStorage;
  clock: Clock;
  kkCipher: KkCipher;
  logger: FastifyBaseLogger;
}

/** Seeds what is missing of the demo (nothing without SEED_DEMO); true when anything was. */
export async function seedDemoData(deps: DemoSeedDeps): Promise<boolean> {
  const { config, database, hasher, storage, clock, kkCipher, logger } = deps;
  const seeded: boolean[] = [];
  const seed = async (what: string, run: () => Promise<boolean>) => {
    if (config.seedDemo && (await run())) {
      logger.info(`seeded ${what}`);
      seeded.push(true);
    }
  };
  await seed('demo barangays', () => seedDemoBarangays(database.db, clock.now()));
  await seed('demo accounts', () => seedDemoAccounts(database.db, hasher, clock.now()));
  await seed('demo councils in their terms', () =>
    seedDemoTermMembers(database.db, (p) => hasher.hash(p), clock.now()),
  );
  await seed('demo projects', () => seedDemoProjects(database.db, storage, clock.now()));
  await seed('demo raw budget data', () => seedDemoRawData(database, clock.now()));
  await seed('demo budget plans', () => seedDemoBudgetPlans(database.db, clock.now()));
  await seed('demo project tracking', () => seedDemoTracker(database.db, storage, clock.now()));
  await seed('demo disbursement vouchers', () =>
    seedDemoVouchers(database.db, config.seedDemoVouchers, (p) => hasher.hash(p), clock.now()),
  );
  await seed('demo Bids and Awards Committee', () =>
    seedDemoBac(database.db, config.seedDemoProcurement, (p) => hasher.hash(p), clock.now()),
  );
  // Before the cash book, whose transfers are sized from the year's payments.
  await seed('demo procurement records', () =>
    seedDemoProcurement(
      { db: database.db, dialect: database.dialect, storage },
      config.seedDemoProcurement,
      clock.now(),
    ),
  );
  await seed('demo cash book', () => seedDemoCash(database.db, clock.now()));
  await seed('demo KK assemblies and CBYDP', () => seedDemoCbydp(database.db, clock.now()));
  await seed('demo youth registries', () => seedDemoKk(database.db, kkCipher, clock.now()));
  await seed('demo barangay registry', () => seedDemoRegistry(database.db, clock.now()));
  await seed('demo city accounts', () => seedDemoCity(database.db, hasher, clock.now()));
  await seed('demo turnover', () =>
    seedDemoTurnover(database.db, config.seedDemoTurnover, (p) => hasher.hash(p), clock.now()),
  );
  // Eight more barangays of District 5 with data of their own, once.
  await seed('demo District 5 barangays', () =>
    seedDemoDistrict(database, hasher, storage, clock.now()),
  );
  return seeded.some(Boolean);
}
