import {
  BARANGAYS,
  CITY_ROLE_DEFINITIONS,
  PLAN_CITATIONS,
  ROLE_DEFINITIONS,
  barangayKey,
} from '@sk-tanaw/contract';
import type { Insertable, Kysely } from 'kysely';
import { importBarangays } from '../features/barangays/repository.ts';
import { ensureCityAliases } from '../features/barangays/names-repository.ts';
import { REVIEW_RULES } from '../features/plan-review/rules.ts';
import { findCities, foldName, psgcRegistry } from '../lib/psgc.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { BarangaysTable, DB } from './schema.ts';
import { seedCouncilDuties } from './seed-council.ts';
import { seedDisclosureRules } from './seed-disclosure.ts';

const QUEZON_CITY_DISTRICT_5 = {
  city: 'Quezon City',
  province: null,
  region: 'National Capital Region (NCR)',
  district: 'District 5',
};

export const DEMO_PASSWORD = 'Tanaw#2025';

export interface DemoAccount {
  username: string;
  fullName: string;
  position: 'MA' | 'SA' | 'SKC' | 'SKO';
  barangay: 'SB' | 'NN';
  email: string;
  phone: string;
  mustChangePassword?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'sb.admin',
    fullName: 'Andrea Villanueva',
    position: 'MA',
    barangay: 'SB',
    email: 'sb.admin.demo@gmail.com',
    phone: '09170000001',
  },
  {
    username: 'sb.chair',
    fullName: 'Miguel Santos',
    position: 'SKC',
    barangay: 'SB',
    email: 'sb.chair.demo@gmail.com',
    phone: '09170000002',
  },
  {
    username: 'sb.official',
    fullName: 'Bea Dela Cruz',
    position: 'SKO',
    barangay: 'SB',
    email: 'sb.official.demo@gmail.com',
    phone: '09170000003',
  },
  {
    username: 'nn.admin',
    fullName: 'Carlo Reyes',
    position: 'SA',
    barangay: 'NN',
    email: 'nn.admin.demo@outlook.com',
    phone: '09170000004',
  },
  {
    username: 'nn.chair',
    fullName: 'Patricia Gomez',
    position: 'SKC',
    barangay: 'NN',
    email: 'nn.chair.demo@outlook.com',
    phone: '09170000005',
  },
  {
    username: 'nn.official',
    fullName: 'Joshua Mendoza',
    position: 'SKO',
    barangay: 'NN',
    email: 'nn.official.demo@yahoo.com',
    phone: '09170000006',
  },
  {
    username: 'sb.new',
    fullName: 'Lara Bautista',
    position: 'SKO',
    barangay: 'SB',
    email: 'sb.new.demo@gmail.com',
    phone: '09170000007',
    mustChangePassword: true,
  },
];

/**
 * The statutory rules budget plans are checked against, one row per rule and the fiscal year it
 * first governs (`budget_rules`). A new law is a new row here (or in the table): written at the
 * next start, never changing the rows of earlier years, so older plans keep their rules.
 * A plan of a year before a cap's first row is told the cap did not apply yet (citing that row);
 * a cap with no row at all (the table just restored, say) fails its check, naming the rule
 * (`evaluatePlanChecks` in the contract).
 */
export const BUDGET_RULES = [
  {
    rule_key: 'sk-fund-share',
    value: 0.1,
    // RA 10742 was approved on 15 January 2016; its 10% share governs every SK fund since.
    effective_year: 2016,
    source: 'RA 10742 (SK Reform Act of 2015) s. 20(a)',
    description: "Ten percent of the barangay's general fund is the SK fund.",
  },
  {
    rule_key: 'personal-services-cap',
    value: 0.25,
    // RA 11768 was approved on 6 May 2022, after the fiscal year 2022 SK budgets had been enacted;
    // the first annual budget prepared under it (the 10% share certified by 15 September 2022,
    // JMC No. 1 s. 2019, item 3.1.2) is that of fiscal year 2023, so its caps govern from 2023.
    // Text read: s. 4 amends s. 16(a)(6), "not more than twenty-five percent (25%) of
    // the [SK] funds shall be allocated for personnel services". Base: the certified 10% share.
    effective_year: 2023,
    source: PLAN_CITATIONS.personalServicesCap,
    description:
      'Not more than 25% of the SK funds for personal services (honoraria); base: the certified 10% share, the stricter reading.',
  },
  {
    rule_key: 'training-cap',
    value: 0.15,
    // Reported (Senate, NYC, press), not read in the Act: up to 15% of the SK funds for the
    // mandatory and continuing training of SK officials. A correction is a change of this row.
    effective_year: 2023,
    source: PLAN_CITATIONS.trainingCap,
    description:
      'Not more than 15% of the SK funds for the mandatory and continuing training of SK officials.',
  },
  {
    rule_key: 'chair-honorarium-sk-fund',
    // 0: the chairperson, paid as a member of the sangguniang barangay, receives no honorarium
    // from the SK funds (DBM LBC No. 148 of 23 December 2022, item 3.1.2, as the NYC reports it;
    // the circular's text could not be read). 1 would let the schedule charge it.
    value: 0,
    effective_year: 2023,
    source: PLAN_CITATIONS.chairHonorarium,
    description:
      "The chairperson's monthly compensation is the honoraria cap's reference, not charged to the SK funds (0: not charged; 1: charged).",
  },
  {
    rule_key: 'honoraria-positions',
    // RA 10742 s. 7: a chairperson and seven members, and a secretary and treasurer appointed;
    // LBC No. 148 item 3.1.8 (as the NYC reports it): the honoraria budgeted cover every SK
    // position, filled or vacant. The value is the number of member positions.
    value: 7,
    effective_year: 2023,
    source: PLAN_CITATIONS.honorariaPositions,
    description:
      'The honoraria schedule budgets every SK position, filled or vacant: the chairperson, this many members, the secretary and the treasurer.',
  },
  {
    rule_key: 'cbydp-due-months',
    // RA 11768 s. 1 (approved 6 May 2022), text read, amends RA 10742 s. 8(a): the SK
    // formulates the CBYDP "in consultation and with the concurrence of the Katipunan ng
    // Kabataan, and within three (3) months from their assumption to office". Counted from the
    // date of assumption of SK officials who took office in 2022 or later.
    value: 3,
    effective_year: 2022,
    source: PLAN_CITATIONS.cbydpDue,
    description:
      "The CBYDP is due this many months after the SK officials assume office, with the KK assembly's concurrence.",
  },
] as const;

/**
 * Sources the rules table was seeded with before the caps were re-cited to RA 11768, by rule:
 * a row still citing one of them (a table from before, or a restored backup) is brought to the
 * corrected citation at start. A source anyone typed in is left alone.
 */
const SUPERSEDED_RULE_SOURCES: Partial<Record<(typeof BUDGET_RULES)[number]['rule_key'], string>> =
  {
    'personal-services-cap': PLAN_CITATIONS.caps,
    'training-cap': PLAN_CITATIONS.caps,
  };

/**
 * Adds the rules of `BUDGET_RULES` that the table lacks (a row already there is kept as is, but
 * for a superseded source: see `SUPERSEDED_RULE_SOURCES`).
 */
export async function seedBudgetRules(db: Kysely<DB>): Promise<void> {
  // The full-disclosure posting rules and SK terms are reference data of the same kind.
  await seedDisclosureRules(db);
  // The city review's deadlines (features/plan-review/rules.ts) live in the same table.
  for (const rule of REVIEW_RULES) {
    await db
      .insertInto('budget_rules')
      .values(rule)
      .onConflict((oc) => oc.columns(['rule_key', 'effective_year']).doNothing())
      .execute();
  }
  for (const rule of BUDGET_RULES) {
    await db
      .insertInto('budget_rules')
      .values(rule)
      .onConflict((oc) => oc.columns(['rule_key', 'effective_year']).doNothing())
      .execute();
    const superseded = SUPERSEDED_RULE_SOURCES[rule.rule_key];
    if (superseded) {
      await db
        .updateTable('budget_rules')
        .set({ source: rule.source, description: rule.description })
        .where('rule_key', '=', rule.rule_key)
        .where('effective_year', '=', rule.effective_year)
        .where('source', '=', superseded)
        .execute();
    }
  }
}

/**
 * The PSGC facts of the two demo barangays (apps/server/vendor/psgc): both in District 5 of
 * Quezon City. The district is not in the PSGC; it comes from the city.
 */
const DEMO_BARANGAY_PLACES: Record<string, Partial<Insertable<BarangaysTable>>> = {
  SB: { psgc: '1381300097', ...QUEZON_CITY_DISTRICT_5 },
  NN: { psgc: '1381300068', ...QUEZON_CITY_DISTRICT_5 },
};

/**
 * The demo's barangays: every one of Quezon City (142), SB and NN matched by their PSGC codes.
 * Only when some are missing, so a start with all of them reads no file.
 */
export async function seedDemoRegistry(db: Kysely<DB>, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('barangays')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('city', '=', 'Quezon City')
    .where('psgc', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= 142) {
    return false;
  }
  const registry = psgcRegistry();
  const [city] = findCities(registry, 'Quezon City');
  if (!city) {
    throw new Error('Quezon City is missing from the PSGC registry');
  }
  const list = registry.barangays.filter((b) => b.city === city);
  const result = await importBarangays(db, list, now, 'Quezon City (demo)');
  return result.added > 0;
}

/**
 * The demo's two barangays (San Bartolome and Nagkaisang Nayon) with their aliases: with the
 * demo data only (an installation without it serves only the barangays its operator imports).
 * Returns whether one was added.
 */
export async function seedDemoBarangays(db: Kysely<DB>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let added = false;
    for (const b of BARANGAYS) {
      let row = await trx
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', b.code)
        .executeTakeFirst();
      if (!row) {
        row = await trx
          .insertInto('barangays')
          .values({
            code: b.code,
            name: b.name,
            name_key: foldName(b.name),
            created_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        added = true;
      }
      // Where the demo barangays are: filled once, never overwriting what an import or an
      // administrator wrote.
      const place = DEMO_BARANGAY_PLACES[b.code];
      if (place) {
        await trx
          .updateTable('barangays')
          .set(place)
          .where('id', '=', row.id)
          .where('psgc', 'is', null)
          .where('city', 'is', null)
          .execute();
      }
      for (const alias of [b.code, b.name, ...b.aliases]) {
        await trx
          .insertInto('barangay_aliases')
          .values({ alias_key: barangayKey(alias), barangay_id: row.id })
          .onConflict((oc) => oc.column('alias_key').doNothing())
          .execute();
      }
    }
    return added;
  });
}

/**
 * Roles, budget rules and the cities' common names: always present, safe to run on every
 * start. No barangay: those are the operator's (npm run barangays) or the demo's.
 */
export async function seedReferenceData(db: Kysely<DB>, _now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Cities made before their common names were kept answer to them too ("Naga City").
    await ensureCityAliases(trx);
    // The city roles too: users.position references roles.code.
    for (const role of [...ROLE_DEFINITIONS, ...CITY_ROLE_DEFINITIONS]) {
      await trx
        .insertInto('roles')
        .values({ code: role.code, name: role.name, description: role.description })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({ name: role.name, description: role.description }),
        )
        .execute();
    }
    await seedBudgetRules(trx);
    await seedCouncilDuties(trx);
  });
}

/** Demo accounts, only into a database that has no users yet. */
export async function seedDemoAccounts(
  db: Kysely<DB>,
  hasher: PasswordHasher,
  now: Date,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) {
    return false;
  }
  const barangays = await db.selectFrom('barangays').select(['id', 'code']).execute();
  const idOf = (code: string) => {
    const found = barangays.find((b) => b.code === code);
    if (!found) {
      throw new Error(`Barangay ${code} is missing from the reference data`);
    }
    return found.id;
  };
  // One hash for every demo account, as the district's and the terms' demo seeds do: the demo
  // password is public (README), so salting each copy apart protects nothing, and each argon2
  // hash costs tens of milliseconds at every fresh install (and every test server).
  const hash = await hasher.hash(DEMO_PASSWORD);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          barangay_id: idOf(a.barangay),
          username: a.username,
          username_key: a.username.toLowerCase(),
          password_hash: hash,
          full_name: a.fullName,
          position: a.position,
          email: a.email,
          phone: a.phone,
          is_default_password: a.mustChangePassword ? 1 : 0,
          // The sitting council of the demo is always the current term's (seed-terms.ts).
          follows_current_term: a.position === 'SKC' || a.position === 'SKO' ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
  });
  return true;
}
