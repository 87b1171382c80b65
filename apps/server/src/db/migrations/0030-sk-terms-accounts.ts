import type { AnyDb } from './helpers.ts';

/**
 * Terms as data, and the council's accounts in them:
 * - sk_terms gains the instants a term starts and ends (`starts_at`, `ends_at`, ISO UTC: a term
 *   may start at noon), whether its dates were read in the law (`confirmed`), whether the law
 *   allows its SK officials a single term (`single_term`), and the read-only window after its end
 *   in which the outgoing chairperson and treasurer finish the turnover (`turnover_days`, with
 *   `turnover_source`: "ours" when no issuance sets it).
 * - users.term_id: the term a council account (SKC, SKO) belongs to; null for the barangay's
 *   administrators (staff, not elected) and the city's accounts. Accounts there before are put
 *   in the last term that started on or before the day they were created (Manila), else the
 *   first term: an account is made for the council sitting then.
 * - users.follows_current_term: 1 for the demo's sitting council only, which always belongs to
 *   whichever term is current.
 * The terms themselves are written here when there are accounts to back-fill (the back-fill needs
 * them) and at every start (db/seed-terms.ts), like the other rules.
 */

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

const TERMS = [
  {
    starts_on: '2023-11-30',
    ends_on: '2026-11-30',
    starts_at: '2023-11-30T04:00:00.000Z',
    ends_at: '2026-11-30T16:00:00.000Z',
  },
  {
    starts_on: '2026-12-01',
    ends_on: '2030-11-30',
    starts_at: '2026-11-30T16:00:00.000Z',
    ends_at: '2030-11-30T16:00:00.000Z',
  },
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sk_terms')
    .addColumn('starts_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sk_terms')
    .addColumn('ends_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sk_terms')
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sk_terms')
    .addColumn('single_term', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sk_terms')
    .addColumn('turnover_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('sk_terms')
    .addColumn('turnover_source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('term_id', 'integer', (c) => c.references('sk_terms.id'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('follows_current_term', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A database without accounts (a new installation, a restore's target) gets its terms from
  // the start-up's seed, or from the backup: nothing to write or back-fill here.
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyone) {
    return;
  }
  for (const term of TERMS) {
    const found = await db
      .selectFrom('sk_terms')
      .select('id')
      .where('starts_on', '=', term.starts_on)
      .executeTakeFirst();
    if (found) {
      await db
        .updateTable('sk_terms')
        .set({ ends_on: term.ends_on, starts_at: term.starts_at, ends_at: term.ends_at })
        .where('id', '=', found.id)
        .execute();
    } else {
      await db
        .insertInto('sk_terms')
        .values({ ...term, source: 'RA 12232 (as reported)' })
        .execute();
    }
  }
  // Terms of another installation's own making keep their days; their instants follow them.
  const terms = (await db
    .selectFrom('sk_terms')
    .select(['id', 'starts_on', 'ends_on', 'starts_at', 'ends_at'])
    .orderBy('starts_on')
    .execute()) as { id: number; starts_on: string; ends_on: string; starts_at: string }[];
  for (const term of terms) {
    if (term.starts_at === '') {
      const start = new Date(`${term.starts_on}T00:00:00.000+08:00`).toISOString();
      const end = new Date(
        new Date(`${term.ends_on}T00:00:00.000+08:00`).getTime() + 24 * 60 * 60 * 1000,
      ).toISOString();
      await db
        .updateTable('sk_terms')
        .set({ starts_at: start, ends_at: end })
        .where('id', '=', term.id)
        .execute();
    }
  }

  const council = (await db
    .selectFrom('users')
    .select(['id', 'position', 'created_at'])
    .execute()) as { id: number; position: string | null; created_at: string }[];
  const first = terms[0];
  for (const user of council) {
    const role = (user.position ?? '').trim().toUpperCase();
    if (!first || (role !== 'SKC' && role !== 'SKO')) {
      continue;
    }
    const created = new Date(user.created_at);
    const day = Number.isNaN(created.getTime())
      ? user.created_at.slice(0, 10)
      : new Date(created.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
    const term = terms.filter((t) => t.starts_on <= day).at(-1) ?? first;
    await db.updateTable('users').set({ term_id: term.id }).where('id', '=', user.id).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('follows_current_term').execute();
  await db.schema.alterTable('users').dropColumn('term_id').execute();
  for (const column of [
    'turnover_source',
    'turnover_days',
    'single_term',
    'confirmed',
    'ends_at',
    'starts_at',
  ]) {
    await db.schema.alterTable('sk_terms').dropColumn(column).execute();
  }
}
