import { BARANGAYS } from '@sk-tanaw/contract';
import { sql } from 'kysely';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import { foldName, type PsgcBarangay } from '../../lib/psgc.ts';
import { holdsData, isReferenced } from './holdings-repository.ts';

/** Audit module of registry changes (made from the command line: no user, no barangay scope). */
export const REGISTRY_MODULE = 'Barangay Registry';

/** How many rows one INSERT carries: 9 values each, well under SQLite's 32,766 parameters. */
const BATCH = 1000;

export interface ImportResult {
  added: number;
  /** Rows that were there already (matched by PSGC code, or by name for a row without one). */
  matched: number;
}

/**
 * Adds the given barangays of the registry, in one transaction. A barangay already in the
 * database is matched by its PSGC code, or (a row made before the registry, such as SB and NN)
 * by its name in the same city or in no city yet: it is never duplicated, keeps its code,
 * name, district, aliases and active flag, and only gains the PSGC facts it lacked. A new
 * barangay's `code` is its PSGC code. Running it again changes nothing.
 */
export async function importBarangays(
  db: AppDb,
  list: readonly PsgcBarangay[],
  now: Date,
  what: string,
): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('barangays')
      .select(['id', 'code', 'psgc', 'name_key', 'city', 'kind'])
      .execute();
    const byPsgc = new Set(existing.flatMap((b) => (b.psgc ? [b.psgc] : [])));
    const codes = new Set(existing.map((b) => b.code));
    const unplaced = existing.filter((b) => b.psgc === null && b.kind === 'barangay');
    const stamp = now.toISOString();
    const fresh = [];
    let matched = 0;
    /** Rows matched by name that gained their PSGC facts. */
    let placed = 0;
    for (const b of list) {
      if (byPsgc.has(b.psgc)) {
        matched += 1;
        continue;
      }
      const key = foldName(b.name);
      const same = unplaced.find(
        (row) =>
          row.name_key === key &&
          (row.city === null || foldName(row.city) === foldName(b.city.name)),
      );
      if (same) {
        await trx
          .updateTable('barangays')
          .set({
            psgc: b.psgc,
            city: sql<string>`coalesce(city, ${b.city.name})`,
            province: sql<string | null>`coalesce(province, ${b.city.province})`,
            region: sql<string>`coalesce(region, ${b.city.region})`,
          })
          .where('id', '=', same.id)
          .execute();
        unplaced.splice(unplaced.indexOf(same), 1);
        byPsgc.add(b.psgc);
        matched += 1;
        placed += 1;
        continue;
      }
      if (codes.has(b.psgc)) {
        throw new Error(`Code ${b.psgc} is taken by another barangay; nothing was imported`);
      }
      byPsgc.add(b.psgc);
      fresh.push({
        code: b.psgc,
        name: b.name,
        name_key: key,
        psgc: b.psgc,
        city: b.city.name,
        province: b.city.province,
        region: b.city.region,
        is_active: 1,
        created_at: stamp,
      });
    }
    for (let i = 0; i < fresh.length; i += BATCH) {
      await trx
        .insertInto('barangays')
        .values(fresh.slice(i, i + BATCH))
        .execute();
    }
    // Only a change is audited: importing a city again writes nothing.
    if (fresh.length > 0 || placed > 0) {
      await writeAudit(trx, {
        scope: null,
        userId: null,
        username: null,
        module: REGISTRY_MODULE,
        action: 'IMPORT',
        description: `Imported the barangays of ${what}: ${fresh.length} added, ${matched} already there`,
        newValue: { added: fresh.length, matched, placed },
        at: now,
      });
    }
    return { added: fresh.length, matched };
  });
}

/** A barangay (never a city's row) by its code (any case) or PSGC code. */
export async function findByCode(db: Executor, code: string) {
  return db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'psgc', 'city', 'district', 'is_active'])
    .where('kind', '=', 'barangay')
    .where((eb) =>
      eb.or([eb('code', '=', code.trim().toUpperCase()), eb('psgc', '=', code.trim())]),
    )
    .executeTakeFirst();
}

/**
 * Serves a barangay again or stops serving it. Stopping ends its users' sessions (they cannot
 * sign in to it any more); its rows stay. Returns false when it was that way already.
 */
export async function setActive(
  db: AppDb,
  code: string,
  active: boolean,
  now: Date,
  /** Who did it (the city administrator); none from the command line. */
  actor?: { userId: number; username: string; ip: string },
): Promise<{ changed: boolean; name: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await findByCode(trx, code);
    if (!row) {
      throw new Error(`No barangay has the code ${code}`);
    }
    const flag = active ? 1 : 0;
    if (row.is_active === flag) {
      return { changed: false, name: row.name };
    }
    await trx.updateTable('barangays').set({ is_active: flag }).where('id', '=', row.id).execute();
    if (!active) {
      await trx
        .updateTable('sessions')
        .set({ ended_at: now.toISOString(), end_reason: 'barangay-deactivated' })
        .where('barangay_id', '=', row.id)
        .where('outcome', '=', 'success')
        .where('ended_at', 'is', null)
        .execute();
    }
    await writeAudit(trx, {
      scope: { barangayId: row.id },
      userId: actor?.userId ?? null,
      username: actor?.username ?? null,
      ...(actor ? { ip: actor.ip } : {}),
      module: REGISTRY_MODULE,
      action: active ? 'ACTIVATE' : 'DEACTIVATE',
      description: `${row.name} (${row.code}) ${active ? 'served again' : 'no longer served'}`,
      oldValue: { active: !active },
      newValue: { active },
      at: now,
    });
    return { changed: true, name: row.name };
  });
}

/** What `removeBarangay` did to a barangay. */
export type RemoveOutcome = 'deleted' | 'deactivated' | 'inactive-already';

/**
 * Takes a barangay out of the installation when it has no accounts and no data: deleted with
 * its aliases when nothing at all refers to it, else (audit entries or sign-in attempts name it)
 * deactivated, its traces kept. A barangay with accounts or data is refused, changed in no way.
 */
export async function removeBarangay(
  db: AppDb,
  code: string,
  now: Date,
): Promise<{ outcome: RemoveOutcome; name: string; code: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await findByCode(trx, code);
    if (!row) {
      throw new Error(`No barangay has the code ${code}`);
    }
    if (await holdsData(trx, row.id)) {
      throw new Error(
        `${row.name} (${row.code}) has accounts or data, so it is not removed; ` +
          'deactivate it instead to stop serving it and keep its records',
      );
    }
    if (!(await isReferenced(trx, row.id))) {
      await trx.deleteFrom('barangay_aliases').where('barangay_id', '=', row.id).execute();
      await trx.deleteFrom('barangays').where('id', '=', row.id).execute();
      await writeAudit(trx, {
        scope: null,
        userId: null,
        username: null,
        module: REGISTRY_MODULE,
        action: 'REMOVE',
        description: `${row.name} (${row.code}) removed: it had no accounts and no data`,
        oldValue: { code: row.code, name: row.name, psgc: row.psgc, city: row.city },
        at: now,
      });
      return { outcome: 'deleted' as const, name: row.name, code: row.code };
    }
    if (row.is_active === 0) {
      return { outcome: 'inactive-already' as const, name: row.name, code: row.code };
    }
    await trx.updateTable('barangays').set({ is_active: 0 }).where('id', '=', row.id).execute();
    await writeAudit(trx, {
      scope: { barangayId: row.id },
      userId: null,
      username: null,
      module: REGISTRY_MODULE,
      action: 'DEACTIVATE',
      description: `${row.name} (${row.code}) no longer served: it has no accounts and no data`,
      oldValue: { active: true },
      newValue: { active: false },
      at: now,
    });
    return { outcome: 'deactivated' as const, name: row.name, code: row.code };
  });
}

/**
 * The demo's own barangays (San Bartolome and Nagkaisang Nayon) present in this installation,
 * matched by code and name: earlier versions added them to every installation.
 */
export async function demoBarangaysPresent(db: Executor) {
  const rows = await db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'is_active'])
    .where('kind', '=', 'barangay')
    .where(
      'code',
      'in',
      BARANGAYS.map((b) => b.code),
    )
    .execute();
  return rows.filter((r) => BARANGAYS.some((b) => b.code === r.code && b.name === r.name));
}

export interface RegistryRow {
  code: string;
  name: string;
  psgc: string | null;
  city: string | null;
  district: string | null;
  active: boolean;
}

/** Every barangay of the installation (or of one city), by city and name. */
export async function listBarangays(db: Executor, city?: string): Promise<RegistryRow[]> {
  let query = db
    .selectFrom('barangays')
    .select(['code', 'name', 'psgc', 'city', 'district', 'is_active'])
    .where('kind', '=', 'barangay')
    .orderBy('city')
    .orderBy('name_key');
  if (city !== undefined) {
    query = query.where('city', '=', city);
  }
  const rows = await query.execute();
  return rows.map(({ is_active, ...row }) => ({ ...row, active: is_active === 1 }));
}

/** Every active barangay with its folded name, by name and city (the picker's search list). */
export async function activeBarangays(db: Executor) {
  return db
    .selectFrom('barangays')
    .select(['code', 'name', 'psgc', 'city', 'district', 'name_key'])
    .where('is_active', '=', 1)
    .where('kind', '=', 'barangay')
    .orderBy('name_key')
    .orderBy('city')
    .orderBy('id')
    .execute();
}

/** Every active city office (a city's own row) with its folded name and its aliases. */
export async function activeOffices(db: Executor) {
  const rows = await db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'psgc', 'city', 'district', 'name_key'])
    .where('is_active', '=', 1)
    .where('kind', '=', 'city')
    .orderBy('name_key')
    .execute();
  const aliases =
    rows.length === 0
      ? []
      : await db
          .selectFrom('barangay_aliases')
          .select(['barangay_id', 'alias_key'])
          .where(
            'barangay_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  return rows.map(({ id, ...row }) => ({
    ...row,
    aliases: aliases.filter((a) => a.barangay_id === id).map((a) => a.alias_key),
  }));
}

/**
 * Changes when a barangay is added or removed, one is activated or deactivated, or an alias is
 * added.
 */
export async function registryFingerprint(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('barangays')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.max<number | null>('id').as('last'),
      eb.fn
        .sum<string | number | null>(sql`case when is_active = 1 then id else 0 end`)
        .as('active'),
      // An alias added from the command line ("Naga City") is searched for too.
      eb
        .selectFrom('barangay_aliases')
        .select((a) => a.fn.countAll<string | number>().as('aliases'))
        .as('aliases'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.last ?? 0}:${row.active ?? 0}:${row.aliases ?? 0}`;
}
