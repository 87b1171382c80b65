import type { CityRoleCode } from '@sk-tanaw/contract';
import type { Kysely } from 'kysely';
import { addAliases, ensureCityRow } from '../features/barangays/names-repository.ts';
import { findCities, psgcRegistry } from '../lib/psgc.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { DB } from './schema.ts';
import { DEMO_PASSWORD } from './seed.ts';

/** The demo city: Quezon City, whose row (kind `city`) has the code QC. */
export const DEMO_CITY = { name: 'Quezon City', code: 'QC' } as const;

export interface DemoCityAccount {
  username: string;
  fullName: string;
  position: CityRoleCode;
  email: string;
  phone: string;
}

/** The demo city's accounts; they sign in with "Quezon City". */
export const DEMO_CITY_ACCOUNTS: readonly DemoCityAccount[] = [
  {
    username: 'qc.admin',
    fullName: 'Rosario Aquino',
    position: 'CA',
    email: 'qc.admin.demo@gmail.com',
    phone: '09170000011',
  },
  {
    username: 'qc.ydo',
    fullName: 'Enrique Lualhati',
    position: 'CYDO',
    email: 'qc.ydo.demo@gmail.com',
    phone: '09170000012',
  },
  {
    username: 'qc.budget',
    fullName: 'Teresita Magbanua',
    position: 'CBO',
    email: 'qc.budget.demo@gmail.com',
    phone: '09170000013',
  },
  {
    username: 'qc.federation',
    fullName: 'Paolo Dimaculangan',
    position: 'SKF',
    email: 'qc.federation.demo@gmail.com',
    phone: '09170000014',
  },
];

/**
 * The demo city's row and its four accounts, once: the row when Quezon City has none yet (the
 * PSGC file is read only then), the accounts when the row has no users (a database of an older
 * demo gains them at its next start; usernames taken by someone else are skipped).
 */
export async function seedDemoCity(
  db: Kysely<DB>,
  hasher: PasswordHasher,
  now: Date,
): Promise<boolean> {
  let row = await db
    .selectFrom('barangays')
    .select('id')
    .where('kind', '=', 'city')
    .where('city', '=', DEMO_CITY.name)
    .executeTakeFirst();
  let seeded = false;
  if (!row) {
    const [city] = findCities(psgcRegistry(), DEMO_CITY.name);
    if (!city) {
      throw new Error(`${DEMO_CITY.name} is missing from the PSGC registry`);
    }
    row = await ensureCityRow(db, city, DEMO_CITY.code, now);
    seeded = true;
  }
  const cityId = row.id;
  // "QC", as people write it, besides its code.
  await addAliases(db, cityId, [DEMO_CITY.code]);
  const members = await db
    .selectFrom('users')
    .select('id')
    .where('barangay_id', '=', cityId)
    .limit(1)
    .executeTakeFirst();
  if (members) {
    return seeded;
  }
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username_key')
        .where(
          'username_key',
          'in',
          DEMO_CITY_ACCOUNTS.map((a) => a.username),
        )
        .execute()
    ).map((u) => u.username_key),
  );
  const fresh = DEMO_CITY_ACCOUNTS.filter((a) => !taken.has(a.username));
  if (fresh.length === 0) {
    return seeded;
  }
  // One hash for the demo's public password (see seedDemoAccounts).
  const hash = await hasher.hash(DEMO_PASSWORD);
  const stamp = now.toISOString();
  await db
    .insertInto('users')
    .values(
      fresh.map((a) => ({
        barangay_id: cityId,
        username: a.username,
        username_key: a.username,
        password_hash: hash,
        full_name: a.fullName,
        position: a.position,
        email: a.email,
        phone: a.phone,
        is_default_password: 0,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return true;
}
