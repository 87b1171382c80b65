import type { Database } from './database.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { DocumentStorage } from '../lib/files/storage.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { insertDemoBudgetPlans, type DemoPeople } from '../features/budget-plans/demo-seed.ts';
import { seedDemoRawData } from '../features/raw-data/demo-seed.ts';
import { seedDemoTracker } from '../features/tracker/demo-seed.ts';
import { DEMO_PROJECTS, insertDemoProjects } from '../features/projects/demo-seed.ts';

/**
 * The barangays of Quezon City's fifth district ("Demo data"), as the city lists them
 * (Quezon City government, "Barangays per District"); the PSGC has no districts. San Bartolome
 * and Nagkaisang Nayon are the demo's original two; the first eight others by name get demo data.
 */
export const QC_DISTRICT_5 = [
  'Bagbag',
  'Capri',
  'Fairview',
  'Greater Lagro',
  'Gulod',
  'Kaligayahan',
  'Nagkaisang Nayon',
  'North Fairview',
  'Novaliches Proper',
  'Pasong Putik Proper',
  'San Agustin',
  'San Bartolome',
  'Santa Lucia',
  'Santa Monica',
] as const;

const ORIGINAL = new Set(['San Bartolome', 'Nagkaisang Nayon']);

/** The eight barangays that get demo data: the first by name, SB and NN aside. */
export const DISTRICT_DEMO_NAMES = QC_DISTRICT_5.filter((n) => !ORIGINAL.has(n)).slice(0, 8);

/** Fictional people, picked deterministically from these lists by the barangay's place. */
const GIVEN = ['Maria', 'Jose', 'Ana', 'Mark', 'Liza', 'Ramon', 'Joy', 'Carlo', 'Rica', 'Noel'];
const FAMILY = ['Santos', 'Reyes', 'Cruz', 'Garcia', 'Mendoza', 'Torres', 'Flores', 'Ramos'];
const person = (i: number) =>
  `${GIVEN[i % GIVEN.length] ?? 'Maria'} ${FAMILY[(i * 3) % FAMILY.length] ?? 'Santos'}`;

function peopleOf(index: number): DemoPeople {
  const base = 100 + index * 13;
  return {
    secretary: person(base),
    treasurer: person(base + 1),
    members: [2, 3, 4, 5, 6, 7, 8].map((k) => (k === 8 && index % 2 ? '' : person(base + k))),
    barangayTreasurer: person(base + 9),
    cityTreasurer: 'Teresita P. Lim',
  };
}

/**
 * Accounts (`<code>.chair`, `<code>.official`, code being the PSGC code), raw budget data, a posted
 * plan for this year with next year's draft, tracking and three proposals for each of the eight,
 * through the same builders as SB and NN. Once: a barangay whose chairperson account exists is
 * left alone.
 */
export async function seedDemoDistrict(
  database: Database,
  hasher: PasswordHasher,
  storage: DocumentStorage,
  now: Date,
): Promise<boolean> {
  const db = database.db;
  const rows = await db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'district'])
    .where('city', '=', 'Quezon City')
    .where('kind', '=', 'barangay')
    .where('name', 'in', [...DISTRICT_DEMO_NAMES])
    .orderBy('name')
    .execute();
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('username_key')
        .where(
          'username_key',
          'in',
          rows.map((r) => `${r.code.toLowerCase()}.chair`),
        )
        .execute()
    ).map((u) => u.username_key),
  );
  const fresh = rows.filter((r) => !existing.has(`${r.code.toLowerCase()}.chair`));
  if (fresh.length === 0) {
    return false;
  }
  const stamp = now.toISOString();
  const hash = await hasher.hash(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const r of fresh) {
      const index = DISTRICT_DEMO_NAMES.indexOf(r.name as (typeof DISTRICT_DEMO_NAMES)[number]);
      const prefix = r.code.toLowerCase();
      if (r.district === null) {
        await trx
          .updateTable('barangays')
          .set({ district: 'District 5' })
          .where('id', '=', r.id)
          .execute();
      }
      await trx
        .insertInto('users')
        .values(
          (['SKC', 'SKO'] as const).map((position, k) => ({
            barangay_id: r.id,
            username: `${prefix}.${position === 'SKC' ? 'chair' : 'official'}`,
            username_key: `${prefix}.${position === 'SKC' ? 'chair' : 'official'}`,
            password_hash: hash,
            full_name: person(index * 7 + k + 40),
            position,
            email: `${prefix}.${position === 'SKC' ? 'chair' : 'official'}.demo@gmail.com`,
            phone: `0917${String(100_000 + index * 2 + k).padStart(7, '0')}`,
            is_default_password: 0,
            follows_current_term: 1,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
  });
  const codes = fresh.map((r) => r.code);
  const indexOf = (name: string) =>
    DISTRICT_DEMO_NAMES.indexOf(name as (typeof DISTRICT_DEMO_NAMES)[number]);
  await seedDemoRawData(
    database,
    now,
    fresh.map((r) => ({
      code: r.code,
      seed: 20_250_000 + indexOf(r.name) * 97,
      scale: 0.5 + (indexOf(r.name) % 4) * 0.12,
      share: 0.6 + (indexOf(r.name) % 3) * 0.1,
    })),
  );
  await insertDemoProjects(
    db,
    storage,
    now,
    fresh.flatMap((r) =>
      [0, 1, 2].map((k) => {
        const demo = DEMO_PROJECTS[(indexOf(r.name) + k * 3) % DEMO_PROJECTS.length];
        if (!demo) {
          throw new Error('no demo projects');
        }
        return { ...demo, barangay: r.code };
      }),
    ),
  );
  await insertDemoBudgetPlans(
    db,
    now,
    codes.map((c) => `${c.toLowerCase()}.chair`),
    Object.fromEntries(fresh.map((r) => [r.code, peopleOf(indexOf(r.name))])),
  );
  await seedDemoTracker(
    db,
    storage,
    now,
    codes.map((c) => c.toLowerCase()),
  );
  return true;
}
