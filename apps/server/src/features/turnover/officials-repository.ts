import type { Executor } from '../../db/database.ts';
import { inCity, type CityPlace } from '../city/repository.ts';

/** Reads and writes of the officials of a new term and their requirements (migration 0033). */

export interface CityBarangayRef {
  id: number;
  code: string;
  name: string;
  name_key: string;
  psgc: string | null;
  city: string | null;
  province: string | null;
  is_active: number;
}

/** Every barangay of the installation by code, PSGC code and name, to resolve a file's cells. */
export async function allBarangays(db: Executor): Promise<CityBarangayRef[]> {
  return db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'name_key', 'psgc', 'city', 'province', 'is_active'])
    .where('kind', '=', 'barangay')
    .execute();
}

/** The accounts holding any of these e-mail addresses (lower case): their barangay and term. */
export async function accountsByEmail(db: Executor, emails: readonly string[]) {
  const out: {
    email: string;
    barangay_id: number;
    term_id: number | null;
    position: string | null;
  }[] = [];
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    out.push(
      ...(await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn<string>('lower', ['email']).as('email'),
          'barangay_id',
          'term_id',
          'position',
        ])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', chunk))
        .execute()),
    );
  }
  return out;
}

/** The barangays (of a list) that already have a chairperson account in the term. */
export async function chairsInTerm(db: Executor, termId: number, barangayIds: readonly number[]) {
  if (barangayIds.length === 0) {
    return new Set<number>();
  }
  const rows = await db
    .selectFrom('users')
    .select('barangay_id')
    .where('term_id', '=', termId)
    .where('position', '=', 'SKC')
    .where('is_archived', '=', 0)
    .where('barangay_id', 'in', [...new Set(barangayIds)])
    .execute();
  return new Set(rows.map((r) => r.barangay_id));
}

/** Every username key starting with one of these stems, to make new ones unique. */
export async function usernameKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('users').select('username_key').execute();
  return new Set(rows.map((r) => r.username_key));
}

export interface NewOfficialRow {
  barangay_id: number;
  username: string;
  username_key: string;
  full_name: string;
  position: 'SKC' | 'SKO';
  email: string;
  phone: string;
  language: 'en' | 'fil';
  term_id: number;
}

/** The accounts in one statement per 200 (a password nobody knows, shared: hashed once). */
export async function insertOfficials(
  db: Executor,
  rows: readonly NewOfficialRow[],
  passwordHash: string,
  stamp: string,
): Promise<{ id: number; username_key: string }[]> {
  const out: { id: number; username_key: string }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((r) => ({
      ...r,
      password_hash: passwordHash,
      is_default_password: 0,
      created_at: stamp,
      updated_at: stamp,
    }));
    out.push(
      ...(await db.insertInto('users').values(chunk).returning(['id', 'username_key']).execute()),
    );
  }
  return out;
}

export interface NewLinkRow {
  user_id: number;
  barangay_id: number;
  username_key: string;
  code_hash: string;
  nonce: string;
}

/** The one-time links (rows of password_reset_codes with purpose onboarding). */
export async function insertLinks(
  db: Executor,
  rows: readonly NewLinkRow[],
  at: { stamp: string; expiresAt: string; ip: string },
): Promise<{ id: number; user_id: number | null }[]> {
  const out: { id: number; user_id: number | null }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((r) => ({
      purpose: 'onboarding' as const,
      ...r,
      created_at: at.stamp,
      expires_at: at.expiresAt,
      verified_at: at.stamp,
      ip: at.ip,
    }));
    out.push(
      ...(await db
        .insertInto('password_reset_codes')
        .values(chunk)
        .returning(['id', 'user_id'])
        .execute()),
    );
  }
  return out;
}

/** The chairperson's own term (the account's `term_id`). */
export async function termIdOf(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('term_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.term_id ?? null;
}

/** The officials (SKC, SKO) of a barangay in a term, with whether each set a password. */
export async function officialsOf(db: Executor, barangayId: number, termId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name', 'u.position', 'u.password_changed_at'])
    .where('u.barangay_id', '=', barangayId)
    .where('u.term_id', '=', termId)
    .where('u.position', 'in', ['SKC', 'SKO'])
    .where('u.is_archived', '=', 0)
    .orderBy('u.position')
    .orderBy('u.full_name')
    .execute();
}

/** The requirements recorded for these officials, with who recorded and verified them. */
export async function requirementsOf(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('office_requirements as r')
    .innerJoin('users as by', 'by.id', 'r.recorded_by')
    .leftJoin('users as v', 'v.id', 'r.verified_by')
    .select([
      'r.user_id',
      'r.requirement',
      'r.done_on',
      'r.reference',
      'r.file_name',
      'r.verified_at',
      'by.full_name as recorded_by_name',
      'v.full_name as verified_by_name',
    ])
    .where('r.user_id', 'in', [...userIds])
    .execute();
}

export async function findRequirement(db: Executor, userId: number, requirement: string) {
  return db
    .selectFrom('office_requirements')
    .selectAll()
    .where('user_id', '=', userId)
    .where('requirement', '=', requirement)
    .executeTakeFirst();
}

export async function saveRequirement(
  db: Executor,
  values: {
    barangay_id: number;
    user_id: number;
    requirement: string;
    done_on: string;
    reference: string;
    recorded_by: number;
    recorded_at: string;
  },
): Promise<void> {
  const found = await findRequirement(db, values.user_id, values.requirement);
  if (found) {
    // A change of what was recorded asks for a new verification.
    await db
      .updateTable('office_requirements')
      .set({
        done_on: values.done_on,
        reference: values.reference,
        recorded_by: values.recorded_by,
        recorded_at: values.recorded_at,
        verified_by: null,
        verified_at: null,
      })
      .where('id', '=', found.id)
      .execute();
    return;
  }
  await db.insertInto('office_requirements').values(values).execute();
}

export async function clearRequirement(db: Executor, userId: number, requirement: string) {
  await db
    .deleteFrom('office_requirements')
    .where('user_id', '=', userId)
    .where('requirement', '=', requirement)
    .execute();
}

export async function setVerified(
  db: Executor,
  userId: number,
  requirement: string,
  by: { id: number; at: string } | null,
) {
  await db
    .updateTable('office_requirements')
    .set({ verified_by: by?.id ?? null, verified_at: by?.at ?? null })
    .where('user_id', '=', userId)
    .where('requirement', '=', requirement)
    .execute();
}

/**
 * The city's view of the incoming term, in three queries whatever the number of barangays:
 * officials per barangay (chairs, members, password set), requirements per barangay (done,
 * verified), and the first deadlines' facts (CBYDP approved, BMO designated, KK assembly held).
 */
export async function cityIncoming(
  db: Executor,
  city: CityPlace,
  term: { id: number; startsOn: string; startsAt: string },
) {
  const officials = await db
    .selectFrom('users as u')
    .innerJoin('barangays as b', 'b.id', 'u.barangay_id')
    .select((eb) => [
      'u.barangay_id',
      eb.fn
        .sum<number | string | null>(eb.case().when('u.position', '=', 'SKC').then(1).else(0).end())
        .as('chairs'),
      eb.fn
        .sum<number | string | null>(eb.case().when('u.position', '=', 'SKO').then(1).else(0).end())
        .as('members'),
      eb.fn.count<number | string>('u.password_changed_at').as('signed_in'),
    ])
    .where('u.term_id', '=', term.id)
    .where('u.is_archived', '=', 0)
    .where('u.position', 'in', ['SKC', 'SKO'])
    .where(inCity('b', city))
    .groupBy('u.barangay_id')
    .execute();
  const requirements = await db
    .selectFrom('office_requirements as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('barangays as b', 'b.id', 'r.barangay_id')
    .select((eb) => [
      'r.barangay_id',
      eb.fn.countAll<number | string>().as('done'),
      eb.fn.count<number | string>('r.verified_at').as('verified'),
    ])
    .where('u.term_id', '=', term.id)
    .where('u.is_archived', '=', 0)
    .where(inCity('b', city))
    .groupBy('r.barangay_id')
    .execute();
  const facts = await db
    .selectFrom('barangays as b')
    .select((eb) => [
      'b.id as barangay_id',
      eb
        .selectFrom('cbydp_plans as c')
        .select((e) => e.fn.min<string>('c.approved_on').as('d'))
        .whereRef('c.barangay_id', '=', 'b.id')
        .where('c.status', '=', 'approved')
        .where('c.approved_on', '>=', term.startsOn)
        .as('cbydp'),
      eb
        .selectFrom('council_duty_holders as h')
        .select((e) => e.fn.min<string>('h.assigned_at').as('d'))
        .whereRef('h.barangay_id', '=', 'b.id')
        .where('h.duty', '=', 'bmo')
        .where('h.assigned_at', '>=', term.startsAt)
        .as('bmo'),
      eb
        .selectFrom('kk_assemblies as k')
        .select((e) => e.fn.min<string>('k.held_on').as('d'))
        .whereRef('k.barangay_id', '=', 'b.id')
        .where('k.held_on', '>=', term.startsOn)
        .as('assembly'),
    ])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .execute();
  return { officials, requirements, facts };
}
