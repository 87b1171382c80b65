import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { followCurrentTerm } from '../features/terms/repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.ts';

/**
 * SK terms of office, written at every start (the dates are the law's, not an installation's
 * choice: a row is brought to these values).
 * - 2023-2026: RA 11935 s. 2 (text read) amends RA 9164 s. 4: officials elected in the October
 *   2023 elections assume office "at noon of November 30" 2023. RA 12232 (approved 13 August
 *   2025; press reports, text not read) moved the next elections to the first Monday of November
 *   2026 (2 November 2026) and the successors assume office on 1 December 2026: the term ends when
 *   that day begins in Manila (the hour is not reported; midnight is ours).
 * - 2026-2030: RA 12232 as reported: four-year terms from 1 December following the elections,
 *   elections every four years, SK officials limited to a single term. The Supreme Court upheld
 *   the Act in November 2025 (press reports). Not confirmed.
 * `turnover_days`: the read-only window after the end, ours (no issuance read sets one).
 */
export const SK_TERMS = [
  {
    starts_on: '2023-11-30',
    ends_on: '2026-11-30',
    starts_at: '2023-11-30T04:00:00.000Z',
    ends_at: '2026-11-30T16:00:00.000Z',
    confirmed: 0,
    single_term: 0,
    turnover_days: 30,
    turnover_source: 'ours',
    source:
      'RA 11935 s. 2 (term from noon of 30 November 2023, text read); RA 12232 (successors assume office on 1 December 2026, as reported; not confirmed)',
  },
  {
    starts_on: '2026-12-01',
    ends_on: '2030-11-30',
    starts_at: '2026-11-30T16:00:00.000Z',
    ends_at: '2030-11-30T16:00:00.000Z',
    confirmed: 0,
    single_term: 1,
    turnover_days: 30,
    turnover_source: 'ours',
    source:
      'RA 12232 (2025): elections on 2 November 2026, four-year terms from 1 December, SK officials limited to a single term (as reported; not confirmed)',
  },
] as const;

/**
 * The new term's first deadlines, counted from the day the SK assumes office, in `budget_rules`
 * (the CBYDP's is the rule `cbydp-due-months` there already). `term-` rules are counted in days,
 * `kk-assembly-months` in months.
 */
export const TERM_DEADLINE_RULES = [
  {
    rule_key: 'term-bmo-days',
    value: 30,
    effective_year: 2023,
    source:
      'Ours: no issuance read sets a day for designating the Budget Monitoring Officer (designated by the chairperson with the SK’s concurrence); due before the first disbursements',
    description:
      'The chairperson designates the Budget Monitoring Officer within this many days of assuming office.',
  },
  {
    rule_key: 'term-bac-days',
    value: 30,
    effective_year: 2023,
    source:
      'Ours: GPPB Circular No. 07-2019 item 4.2 (the chairperson, head of the procuring entity, establishes the SK’s Bids and Awards Committee) sets no day; due before the first procurement',
    description:
      'The chairperson constitutes the Bids and Awards Committee within this many days of assuming office.',
  },
  {
    rule_key: 'kk-assembly-months',
    value: 6,
    effective_year: 2016,
    source:
      'RA 10742 s. 6: the Katipunan ng Kabataan meets at least once every six months (text read in a copy of the Act)',
    description:
      'The Katipunan ng Kabataan meets within this many months of the SK assuming office.',
  },
] as const;

/** Brings the terms to `SK_TERMS` and adds the term's deadline rules the table lacks. */
export async function seedTerms(db: Kysely<DB>): Promise<void> {
  for (const term of SK_TERMS) {
    await db
      .insertInto('sk_terms')
      .values(term)
      .onConflict((oc) =>
        oc.column('starts_on').doUpdateSet({
          ends_on: term.ends_on,
          starts_at: term.starts_at,
          ends_at: term.ends_at,
          confirmed: term.confirmed,
          single_term: term.single_term,
          source: term.source,
        }),
      )
      .execute();
  }
  for (const rule of TERM_DEADLINE_RULES) {
    await db
      .insertInto('budget_rules')
      .values(rule)
      .onConflict((oc) => oc.columns(['rule_key', 'effective_year']).doNothing())
      .execute();
  }
}

/**
 * The demo's outgoing council of San Bartolome: its chairperson and treasurer, in the term
 * before the current one (the term containing `now`), so that after a term's end the demo shows
 * the read-only window (or, once it is over, accounts that no longer sign in). Nothing while no
 * stored term precedes the current one; added once, at any start after.
 */
export const DEMO_OUTGOING = [
  { username: 'sb.chair.prev', fullName: 'Ramon Aquino', position: 'SKC', treasurer: false },
  { username: 'sb.treasurer.prev', fullName: 'Liza Manalo', position: 'SKO', treasurer: true },
] as const;

export async function seedDemoOutgoingCouncil(
  db: Kysely<DB>,
  passwordHash: () => Promise<string>,
  now: Date,
): Promise<boolean> {
  const iso = now.toISOString();
  const terms = await db.selectFrom('sk_terms').selectAll().orderBy('starts_at').execute();
  const currentIndex = terms.findIndex((t) => t.starts_at <= iso && iso < t.ends_at);
  const previous = currentIndex > 0 ? terms[currentIndex - 1] : undefined;
  const barangay = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', 'SB')
    .executeTakeFirst();
  if (!previous || !barangay) {
    return false;
  }
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(
      'username_key',
      'in',
      DEMO_OUTGOING.map((a) => a.username),
    )
    .executeTakeFirst();
  if (taken) {
    return false;
  }
  const hash = await passwordHash();
  // Made the day the previous term started: the accounts of the council that sat then.
  const created = previous.starts_at;
  await db.transaction().execute(async (trx) => {
    let chairId = 0;
    for (const [i, a] of DEMO_OUTGOING.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          barangay_id: barangay.id,
          username: a.username,
          username_key: a.username,
          password_hash: hash,
          full_name: a.fullName,
          position: a.position,
          email: `${a.username}.demo@gmail.com`,
          phone: `0917000010${String(i)}`,
          is_default_password: 0,
          term_id: previous.id,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (a.position === 'SKC') {
        chairId = row.id;
      }
      // The outgoing treasurer keeps the duty unless the sitting council has given it already.
      if (a.treasurer) {
        const held = await trx
          .selectFrom('council_duty_holders')
          .select('user_id')
          .where('barangay_id', '=', barangay.id)
          .where('duty', '=', 'treasurer')
          .executeTakeFirst();
        if (!held) {
          await trx
            .insertInto('council_duty_holders')
            .values({
              barangay_id: barangay.id,
              duty: 'treasurer',
              user_id: row.id,
              assigned_by: chairId,
              assigned_at: created,
            })
            .execute();
        }
      }
    }
  });
  return true;
}

/**
 * The demo's councils in their terms: the sitting councils' accounts follow the current term (a
 * demo installed before terms were data included), and the outgoing council is added once a
 * term has ended. True when the outgoing council was added.
 */
export async function seedDemoTermMembers(
  db: Kysely<DB>,
  hash: (password: string) => Promise<string>,
  now: Date,
): Promise<boolean> {
  await followCurrentTerm(
    db,
    DEMO_ACCOUNTS.filter((a) => a.position === 'SKC' || a.position === 'SKO').map(
      (a) => a.username,
    ),
  );
  return seedDemoOutgoingCouncil(db, () => hash(DEMO_PASSWORD), now);
}

/** The demo's turnover and new council, seeded after the city's accounts (services.ts). */
export { seedDemoTurnover } from './seed-turnover.ts';
