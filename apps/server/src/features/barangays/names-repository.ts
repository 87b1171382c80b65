import { barangayKey } from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import { foldName, type PsgcCity } from '../../lib/psgc.ts';
import { REGISTRY_MODULE } from './repository.ts';

// The names a barangay or a city answers to: the city's own row and its common names, the
// aliases the operator adds, and what sign-in makes of a typed name (kept apart from the
// registry's rows, repository.ts).

/**
 * The row of a city or municipality (kind `city`, migration 0021), which its city accounts
 * belong to: made once, matched by its PSGC code, and signed into by its name ("Quezon City")
 * or code. Its `city` column holds the city's name as its barangays' rows hold it, which is how
 * `cityScope` (features/city/scope.ts) finds them. Returns its id.
 */
export async function ensureCityRow(
  db: AppDb,
  city: PsgcCity,
  code: string,
  now: Date,
): Promise<{ id: number; added: boolean }> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('barangays')
      .select(['id', 'kind'])
      .where('psgc', '=', city.psgc)
      .executeTakeFirst();
    if (found) {
      if (found.kind !== 'city') {
        throw new Error(`PSGC code ${city.psgc} is a barangay's, not ${city.name}'s`);
      }
      return { id: found.id, added: false };
    }
    const taken = await trx
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', code.toUpperCase())
      .executeTakeFirst();
    if (taken) {
      throw new Error(`Code ${code} is taken by another barangay`);
    }
    const row = await trx
      .insertInto('barangays')
      .values({
        code: code.toUpperCase(),
        name: city.name,
        name_key: foldName(city.name),
        psgc: city.psgc,
        city: city.name,
        province: city.province,
        region: city.region,
        kind: 'city',
        is_active: 1,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addAliases(trx, row.id, cityCommonNames(city.name));
    await writeAudit(trx, {
      scope: { barangayId: row.id },
      userId: null,
      username: null,
      module: REGISTRY_MODULE,
      action: 'ADD_CITY',
      description: `${city.name} (${code.toUpperCase()}) added for its city accounts`,
      newValue: { psgc: city.psgc, code: code.toUpperCase() },
      at: now,
    });
    return { id: row.id, added: true };
  });
}

/**
 * The names people use for a city besides its PSGC name (which stays the truth, and signs in
 * as it is): "City of Naga" is also "Naga City", "Quezon City" also "City of Quezon".
 */
export function cityCommonNames(name: string): string[] {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const cityOf = /^City of (.+)$/i.exec(trimmed);
  if (cityOf?.[1]) {
    return [`${cityOf[1]} City`];
  }
  const xCity = /^(.+) City$/i.exec(trimmed);
  if (xCity?.[1]) {
    return [`City of ${xCity[1]}`];
  }
  return [];
}

/**
 * Adds names a row (a barangay or a city's) answers to at sign-in and in the picker. A name
 * another row answers to already stays that row's: returns the names that were taken.
 */
export async function addAliases(
  db: Executor,
  barangayId: number,
  names: readonly string[],
): Promise<string[]> {
  const taken: string[] = [];
  for (const name of names) {
    const key = barangayKey(name);
    if (key === '') {
      continue;
    }
    await db
      .insertInto('barangay_aliases')
      .values({ alias_key: key, barangay_id: barangayId })
      .onConflict((oc) => oc.column('alias_key').doNothing())
      .execute();
    const owner = await db
      .selectFrom('barangay_aliases')
      .select('barangay_id')
      .where('alias_key', '=', key)
      .executeTakeFirst();
    if (owner?.barangay_id !== barangayId) {
      taken.push(name);
    }
  }
  return taken;
}

/** Gives every city row the common names of its city it lacks (rows made before they were). */
export async function ensureCityAliases(db: Executor): Promise<void> {
  const cities = await db
    .selectFrom('barangays')
    .select(['id', 'name'])
    .where('kind', '=', 'city')
    .execute();
  for (const city of cities) {
    await addAliases(db, city.id, cityCommonNames(city.name));
  }
}

export type SignInBarangay =
  | { kind: 'found'; id: number; code: string; name: string; tenant: 'barangay' | 'city' }
  | { kind: 'unknown' }
  | { kind: 'inactive'; name: string }
  | { kind: 'ambiguous'; name: string; cities: string[] };

/**
 * The barangay a sign-in names: an alias (the spec's names of the demo barangays), a code or
 * PSGC code, or a name, optionally followed by ", City". A name several active barangays carry
 * is ambiguous: the caller asks to choose from the list and never guesses.
 */
export async function resolveSignInBarangay(db: Executor, input: string): Promise<SignInBarangay> {
  const columns = ['barangays.id', 'code', 'name', 'city', 'is_active', 'kind'] as const;
  const found = (row: {
    id: number;
    code: string;
    name: string;
    is_active: number;
    kind: 'barangay' | 'city';
  }) =>
    row.is_active === 1
      ? { kind: 'found' as const, id: row.id, code: row.code, name: row.name, tenant: row.kind }
      : { kind: 'inactive' as const, name: row.name };
  const alias = await db
    .selectFrom('barangay_aliases')
    .innerJoin('barangays', 'barangays.id', 'barangay_aliases.barangay_id')
    .select(columns)
    .where('alias_key', '=', barangayKey(input))
    .executeTakeFirst();
  if (alias) {
    return found(alias);
  }
  const trimmed = input.trim();
  const byCode = await db
    .selectFrom('barangays')
    .select(columns)
    .where((eb) => eb.or([eb('code', '=', trimmed.toUpperCase()), eb('psgc', '=', trimmed)]))
    .executeTakeFirst();
  if (byCode) {
    return found(byCode);
  }
  // The whole text as a name, or (when a name holds no match) "Name, City".
  const whole = foldName(trimmed);
  const comma = trimmed.lastIndexOf(',');
  const name = comma > 0 ? foldName(trimmed.slice(0, comma)) : whole;
  const city = comma > 0 ? foldName(trimmed.slice(comma + 1)) : undefined;
  const rows = await db
    .selectFrom('barangays')
    .select([...columns, 'name_key'])
    .where('name_key', 'in', [whole, name])
    .limit(200)
    .execute();
  const exact = rows.filter((b) => b.name_key === whole);
  const named =
    exact.length > 0
      ? exact
      : rows.filter((b) => b.name_key === name && foldName(b.city ?? '') === city);
  const active = named.filter((b) => b.is_active === 1);
  const [only] = active;
  if (only && active.length === 1) {
    return found(only);
  }
  if (active.length > 1) {
    return {
      kind: 'ambiguous',
      name: active[0]?.name ?? trimmed,
      cities: [...new Set(active.map((b) => b.city ?? '?'))],
    };
  }
  const [inactive] = named;
  return inactive ? found(inactive) : { kind: 'unknown' };
}

/**
 * Whether `input` names the barangay `barangayId` the way a sign-in may (an alias, its code or
 * PSGC code, its name, or "Name, City"): an administrator's new account is always in the
 * administrator's own barangay, which may be any of the registry's, and a
 * name another city's barangay shares is still this one's.
 */
export async function namesBarangay(
  db: Executor,
  barangayId: number,
  input: string,
): Promise<boolean> {
  const alias = await db
    .selectFrom('barangay_aliases')
    .select('barangay_id')
    .where('alias_key', '=', barangayKey(input))
    .where('barangay_id', '=', barangayId)
    .executeTakeFirst();
  if (alias) {
    return true;
  }
  const row = await db
    .selectFrom('barangays')
    .select(['code', 'psgc', 'name_key', 'city'])
    .where('id', '=', barangayId)
    .executeTakeFirst();
  if (!row) {
    return false;
  }
  const trimmed = input.trim();
  const comma = trimmed.lastIndexOf(',');
  return (
    trimmed.toUpperCase() === row.code.toUpperCase() ||
    trimmed === row.psgc ||
    foldName(trimmed) === row.name_key ||
    (comma > 0 &&
      foldName(trimmed.slice(0, comma)) === row.name_key &&
      foldName(trimmed.slice(comma + 1)) === foldName(row.city ?? ''))
  );
}
