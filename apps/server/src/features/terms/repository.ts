import type { Term } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { SkTermsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type TermRow = Selectable<SkTermsTable>;

export const toTerm = (r: TermRow): Term => ({
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  source: r.source,
  confirmed: r.confirmed === 1,
  singleTerm: r.single_term === 1,
  turnoverDays: r.turnover_days,
  turnoverSource: r.turnover_source,
});

export async function listTermRows(db: Executor): Promise<TermRow[]> {
  return db.selectFrom('sk_terms').selectAll().orderBy('starts_at').execute();
}

/** The term containing the instant (starts at or before it, ends after it), if one is stored. */
export async function termAt(db: Executor, at: Date): Promise<TermRow | undefined> {
  const iso = at.toISOString();
  return db
    .selectFrom('sk_terms')
    .selectAll()
    .where('starts_at', '<=', iso)
    .where('ends_at', '>', iso)
    .orderBy('starts_at', 'desc')
    .executeTakeFirst();
}

/** The first term starting after the instant (the one an account made ahead is for). */
export async function termAfter(db: Executor, at: Date): Promise<TermRow | undefined> {
  return db
    .selectFrom('sk_terms')
    .selectAll()
    .where('starts_at', '>', at.toISOString())
    .orderBy('starts_at')
    .executeTakeFirst();
}

export async function termById(db: Executor, id: number): Promise<TermRow | undefined> {
  return db.selectFrom('sk_terms').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an account into a term (or out of any: null). */
export async function setAccountTerm(
  db: Executor,
  userId: number,
  termId: number | null,
): Promise<void> {
  await db.updateTable('users').set({ term_id: termId }).where('id', '=', userId).execute();
}

/** Marks the demo's sitting council as always in the current term (by username). */
export async function followCurrentTerm(db: Executor, usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) {
    return;
  }
  await db
    .updateTable('users')
    .set({ follows_current_term: 1, term_id: null })
    .where(
      'username_key',
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .where('follows_current_term', '=', 0)
    .execute();
}

/** The budget_rules rows the term's deadlines read. */
export async function deadlineRules(
  db: Executor,
  keys: readonly string[],
): Promise<{ rule: string; value: number; effectiveYear: number; source: string }[]> {
  const rows = await db
    .selectFrom('budget_rules')
    .select(['rule_key', 'value', 'effective_year', 'source'])
    .where('rule_key', 'in', [...keys])
    .execute();
  return rows.map((r) => ({
    rule: r.rule_key,
    value: r.value,
    effectiveYear: r.effective_year,
    source: r.source,
  }));
}
