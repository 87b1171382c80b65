// The installation's barangays (issue 34), from the vendored PSGC registry (apps/server/vendor/psgc):
//   npm run barangays -- import --city "Quezon City" [--province NAME]   every barangay of a city
//   npm run barangays -- import --all                                      the whole country
//   npm run barangays -- list [--city "Quezon City"]
//   npm run barangays -- add 1381300001                                    one barangay, by PSGC code
//   npm run barangays -- deactivate CODE | activate CODE
//   npm run barangays -- add-city --city "Quezon City" --code QC            the city's own row
// It uses the server's configuration (DATA_DIR, DATABASE_URL), like create-admin.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import {
  ensureCityRow,
  importBarangays,
  listBarangays,
  setActive,
} from '../features/barangays/repository.ts';
import { systemClock } from '../lib/clock.ts';
import { findCities, psgcRegistry } from '../lib/psgc.ts';
import type { AppDb } from '../db/database.ts';

const USAGE = `Usage: npm run barangays -- <command>
  import --city NAME [--province NAME]   add every barangay of a city or municipality
  import --all                           add every barangay of the country
  list [--city NAME]                     the installation's barangays
  add PSGC                               add one barangay by its PSGC code
  deactivate CODE                        stop serving a barangay (no sign-in; its data stays)
  activate CODE                          serve it again
  add-city --city NAME [--province NAME] [--code CODE]
                                         the city's own row, for its city accounts (signing in
                                         with the city's name); code: the city's PSGC code unless given`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    city: { type: 'string' },
    province: { type: 'string' },
    all: { type: 'boolean', default: false },
    code: { type: 'string' },
  },
});

const out = (line: string) => process.stdout.write(`${line}\n`);

/** The one city or municipality --city (and --province) name, or an error saying why not. */
function oneCity() {
  const registry = psgcRegistry();
  if (!values.city) {
    throw new Error(`--city NAME is needed\n${USAGE}`);
  }
  const cities = findCities(registry, values.city, values.province);
  const [city] = cities;
  if (!city) {
    throw new Error(`No city or municipality named ${values.city} in PSGC ${registry.release}`);
  }
  if (cities.length > 1) {
    const where = cities.map((c) => `  ${c.name}, ${c.province ?? c.region}`).join('\n');
    throw new Error(`${values.city} names ${cities.length} places; add --province:\n${where}`);
  }
  return city;
}

async function runAddCity(db: AppDb): Promise<void> {
  const city = oneCity();
  const code = values.code ?? city.psgc;
  const result = await ensureCityRow(db, city, code, systemClock.now());
  out(
    result.added
      ? `${city.name} added (code ${code.toUpperCase()}); its city accounts sign in with "${city.name}".`
      : `${city.name} is there already.`,
  );
}

async function runImport(db: AppDb): Promise<void> {
  const registry = psgcRegistry();
  if (values.all) {
    const started = performance.now();
    const result = await importBarangays(db, registry.barangays, systemClock.now(), 'the country');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out(`${result.added} barangays added, ${result.matched} already there (${seconds} s).`);
    return;
  }
  if (!values.city) {
    throw new Error(`import needs --city NAME or --all\n${USAGE}`);
  }
  const city = oneCity();
  const list = registry.barangays.filter((b) => b.city === city);
  const label = city.province ? `${city.name}, ${city.province}` : city.name;
  const result = await importBarangays(db, list, systemClock.now(), label);
  out(`${label}: ${result.added} barangays added, ${result.matched} already there.`);
}

async function runAdd(db: AppDb, psgc: string): Promise<void> {
  const registry = psgcRegistry();
  const found = registry.barangays.find((b) => b.psgc === psgc);
  if (!found) {
    throw new Error(`No barangay has the PSGC code ${psgc} in PSGC ${registry.release}`);
  }
  const label = `${found.name}, ${found.city.name}`;
  const result = await importBarangays(db, [found], systemClock.now(), label);
  out(result.added > 0 ? `${label} added (code ${psgc}).` : `${label} is there already.`);
}

async function main(): Promise<void> {
  const [command, argument] = positionals;
  const config = loadConfig();
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db, systemClock.now());
    const db = database.db;
    if (command === 'import') {
      await runImport(db);
    } else if (command === 'list') {
      const rows = await listBarangays(db, values.city);
      for (const b of rows) {
        const place = [b.city, b.district].filter(Boolean).join(', ');
        out(`${b.code}\t${b.name}\t${place}\t${b.active ? 'active' : 'inactive'}`);
      }
      out(`${rows.length} barangays (${rows.filter((b) => b.active).length} active).`);
    } else if (command === 'add-city') {
      await runAddCity(db);
    } else if (command === 'add' && argument) {
      await runAdd(db, argument);
    } else if ((command === 'deactivate' || command === 'activate') && argument) {
      const active = command === 'activate';
      const result = await setActive(db, argument, active, systemClock.now());
      out(
        result.changed
          ? `${result.name} ${active ? 'activated' : 'deactivated'}.`
          : `${result.name} was ${active ? 'active' : 'inactive'} already.`,
      );
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
