// The installation's barangays, from the vendored PSGC registry (apps/server/vendor/psgc):
//   npm run barangays -- import --city "Quezon City" [--province NAME]   every barangay of a city
//   npm run barangays -- import --all                                      the whole country
//   npm run barangays -- list [--city "Quezon City"]
//   npm run barangays -- add 1381300001                                    one barangay, by PSGC code
//   npm run barangays -- deactivate CODE | activate CODE
//   npm run barangays -- remove CODE | remove-demo                         without accounts or data
//   npm run barangays -- alias CODE "Naga City"                            another name to sign in with
//   npm run barangays -- add-city --city "Quezon City" --code QC            the city's own row
// It uses the server's configuration (DATA_DIR, DATABASE_URL), like create-admin.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import { writeAudit } from '../common/audit-repository.ts';
import {
  REGISTRY_MODULE,
  demoBarangaysPresent,
  importBarangays,
  listBarangays,
  removeBarangay,
  setActive,
} from '../features/barangays/repository.ts';
import {
  addAliases,
  ensureCityRow,
  resolveSignInBarangay,
} from '../features/barangays/names-repository.ts';
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
  remove CODE                            take out a barangay that has no accounts and no data
                                         (deactivated instead when the audit log names it)
  remove-demo                            the same for the demo's San Bartolome and Nagkaisang
                                         Nayon, which earlier versions added everywhere
  alias CODE NAME                        another name a barangay or city signs in with and is
                                         found by ("Naga City" for the City of Naga)
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

function say(result: Awaited<ReturnType<typeof removeBarangay>>): void {
  const what = `${result.name} (${result.code})`;
  out(
    result.outcome === 'deleted'
      ? `${what} removed.`
      : result.outcome === 'deactivated'
        ? `${what} deactivated: the audit log or past sign-ins name it, so its row stays.`
        : `${what} was inactive already.`,
  );
}

/** The demo's barangays, each removed (or deactivated) unless it has accounts or data. */
async function runRemoveDemo(db: AppDb): Promise<void> {
  const present = await demoBarangaysPresent(db);
  if (present.length === 0) {
    out('The demo barangays are not in this installation.');
    return;
  }
  const refused: string[] = [];
  for (const row of present) {
    try {
      say(await removeBarangay(db, row.code, systemClock.now()));
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (refused.length > 0) {
    throw new Error(refused.join('\n'));
  }
}

/** Another name for the barangay or city row with this code. */
async function runAlias(db: AppDb, code: string, name: string): Promise<void> {
  const row = await db
    .selectFrom('barangays')
    .select(['id', 'name', 'kind'])
    .where((eb) =>
      eb.or([eb('code', '=', code.trim().toUpperCase()), eb('psgc', '=', code.trim())]),
    )
    .executeTakeFirst();
  if (!row) {
    throw new Error(`No barangay or city has the code ${code}`);
  }
  const clash = await resolveSignInBarangay(db, name);
  if (clash.kind === 'found' && clash.id !== row.id) {
    throw new Error(`"${name}" already names ${clash.name}; no alias was added`);
  }
  const taken = await db.transaction().execute(async (trx) => {
    const names = await addAliases(trx, row.id, [name]);
    if (names.length === 0) {
      await writeAudit(trx, {
        scope: { barangayId: row.id },
        userId: null,
        username: null,
        module: REGISTRY_MODULE,
        action: 'ADD_ALIAS',
        description: `${row.name} also answers to "${name}"`,
        newValue: { alias: name },
        at: systemClock.now(),
      });
    }
    return names;
  });
  if (taken.length > 0) {
    throw new Error(`"${name}" already names another barangay or city; no alias was added`);
  }
  out(`${row.name} now also answers to "${name}" (sign-in and the picker).`);
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
    } else if (command === 'remove' && argument) {
      say(await removeBarangay(db, argument, systemClock.now()));
    } else if (command === 'remove-demo') {
      await runRemoveDemo(db);
    } else if (command === 'alias' && argument && positionals[2]) {
      await runAlias(db, argument, positionals.slice(2).join(' '));
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
