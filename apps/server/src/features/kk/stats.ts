// GET /api/kk/stats and GET /api/city/kk/stats: verified profiles counted by the clear columns and
// the age facet (age-facet.ts), GROUP BY in the database (stats-repository.ts): no request
// decrypts a birthday. Once a day per process the age facet is brought up to date
// (regroupAges): only rows whose month of change has come are decrypted, in batches that yield
// to the event loop. Each barangay's counts are kept in memory while its revision (a random
// number a database trigger sets again on every write of one of its profiles, migration 0035)
// stays the same, so the whole city is one read of 142 small rows, and a GROUP BY for the
// barangays that changed. The barangay's own statistics are exact; the city's views are
// perturbed by the cell key method (cell-key.ts, where the attacker model and the guarantee
// are written down).
import {
  KK_ATTENDANCE_BUCKETS,
  KK_CLASSIFICATIONS,
  KK_EDUCATION,
  KK_SEXES,
  KK_STAT_TABLES,
  KK_WORK_STATUSES,
  KK_AGE_GROUPS,
  PLAN_MESSAGES,
  type CityKkStats,
  type KkCounts,
  type KkStats,
  type KkStatTable,
} from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { servedBarangays } from '../city/repository.ts';
import { cityBarangay, cityOf } from '../city/scope.ts';
import { ageFacet } from './age-facet.ts';
import { newStatsRev, perturb, type CellTally } from './cell-key.ts';
import type { KkCipher } from './crypto.ts';
import {
  barangayCells,
  countingAtOnce,
  rowsToRegroup,
  setFacet,
  statRevisions,
} from './stats-repository.ts';

const YES_NO = ['Yes', 'No'] as const;

const CATEGORIES: Record<KkStatTable, readonly string[]> = {
  byAgeGroup: KK_AGE_GROUPS,
  bySex: KK_SEXES,
  byClassification: KK_CLASSIFICATIONS,
  byEducation: KK_EDUCATION,
  byWorkStatus: KK_WORK_STATUSES,
  bySkVoter: YES_NO,
  byNationalVoter: YES_NO,
  byVotedLastElection: YES_NO,
  byAssemblyAttendance: KK_ATTENDANCE_BUCKETS,
};

/** A barangay's true counts, each with its cell's record key sum. */
export interface BarangayTallies {
  tables: Record<KkStatTable, Record<string, CellTally>>;
  members: CellTally;
  pending: CellTally;
  pastThirty: CellTally;
}

const zero = (): CellTally => ({ n: 0, keySum: 0 });

function emptyTallies(): BarangayTallies {
  const tables = Object.fromEntries(
    KK_STAT_TABLES.map((t) => [t, Object.fromEntries(CATEGORIES[t].map((k) => [k, zero()]))]),
  ) as BarangayTallies['tables'];
  return { tables, members: zero(), pending: zero(), pastThirty: zero() };
}

interface Cache {
  /** The day (YYYY-MM-DD) the age facet was last brought up to date by this process. */
  regroupedOn: string | null;
  regrouping: Promise<void> | null;
  barangays: Map<number, { rev: string; tallies: BarangayTallies }>;
}

const caches = new WeakMap<AppDb, Cache>();

function cacheOf(db: AppDb): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { regroupedOn: null, regrouping: null, barangays: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

const BATCH = 500;

/**
 * Brings every row's age facet up to `today`: rows not filled yet (profiles made before the
 * facet existed: the back-fill) and rows whose month of change has come are decrypted and
 * worked out again; a row that changes gets a new revision. Idempotent; returns the rows changed.
 */
export async function regroupAges(db: AppDb, cipher: KkCipher, today: string): Promise<number> {
  const month = today.slice(0, 7);
  let changed = 0;
  for (const which of ['unfilled', 'due'] as const) {
    let after = 0;
    for (;;) {
      const rows = await rowsToRegroup(db, which, month, after, BATCH);
      if (rows.length === 0) {
        break;
      }
      after = rows[rows.length - 1]?.id ?? after;
      const updates = rows.flatMap((r) => {
        const facet = ageFacet(cipher.decrypt(r.key_id, r.birthday_ct), today);
        return facet.age_group === r.age_group && facet.regroup_month === r.regroup_month
          ? []
          : [{ id: r.id, facet }];
      });
      if (updates.length > 0) {
        await db.transaction().execute(async (trx) => {
          for (const u of updates) {
            await setFacet(trx, u.id, u.facet, newStatsRev());
          }
        });
        changed += updates.length;
      }
      // A batch at a time: the event loop serves other requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return changed;
}

/** The age facet up to date once a day for this process (one run at a time). */
async function upToDate(db: AppDb, cipher: KkCipher, today: string, cache: Cache) {
  while (cache.regroupedOn !== today) {
    if (!cache.regrouping) {
      cache.regrouping = regroupAges(db, cipher, today)
        .then(() => {
          cache.regroupedOn = today;
        })
        .finally(() => {
          cache.regrouping = null;
        });
    }
    await cache.regrouping;
  }
}

/** The true counts of each barangay given, from memory where its revision has not changed. */
export async function barangayTallies(
  db: AppDb,
  cipher: KkCipher,
  barangayIds: number[],
  today: string,
): Promise<Map<number, BarangayTallies>> {
  const cache = cacheOf(db);
  await upToDate(db, cipher, today, cache);
  const revs = await statRevisions(db, barangayIds);
  const out = new Map<number, BarangayTallies>();
  const stale: { id: number; rev: string }[] = [];
  for (const id of barangayIds) {
    const rev = revs.get(id);
    const held = rev === undefined ? undefined : cache.barangays.get(id);
    if (rev === undefined) {
      out.set(id, emptyTallies());
    } else if (held?.rev === rev) {
      out.set(id, held.tallies);
    } else {
      stale.push({ id, rev });
    }
  }
  // The first call of the day counts every barangay: a few at once on PostgreSQL (about 50 ms
  // each at 2,000 profiles: 142 one after another took 5-7 s), one at a time on SQLite.
  const atOnce = countingAtOnce(db);
  for (let i = 0; i < stale.length; i += atOnce) {
    await Promise.all(
      stale.slice(i, i + atOnce).map(async ({ id, rev }) => {
        const tallies = emptyTallies();
        for (const row of await barangayCells(db, id)) {
          const cell = { n: row.n, keySum: row.s };
          if (row.t === 'status') {
            tallies[row.k as 'members' | 'pending' | 'pastThirty'] = cell;
          } else {
            tallies.tables[row.t as KkStatTable][row.k] = cell;
          }
        }
        cache.barangays.set(id, { rev, tallies });
        out.set(id, tallies);
      }),
    );
    // SQLite answers synchronously behind its promises: without this, counting many barangays
    // would hold the event loop for all of them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/** GET /api/kk/stats: the barangay's own counts, exact (its own registry). */
export async function registryStats(
  db: AppDb,
  cipher: KkCipher,
  barangayId: number,
  today: string,
): Promise<KkStats> {
  const t = (await barangayTallies(db, cipher, [barangayId], today)).get(barangayId);
  const own = t ?? emptyTallies();
  return {
    success: true,
    total: own.members.n,
    ...(Object.fromEntries(
      KK_STAT_TABLES.map((table) => [
        table,
        Object.fromEntries(Object.entries(own.tables[table]).map(([k, c]) => [k, c.n])),
      ]),
    ) as Record<KkStatTable, KkCounts>),
    pending: own.pending.n,
    pastThirty: own.pastThirty.n,
    suppressed: false,
  };
}

/** A barangay's counts as a city reads them: every cell perturbed (cell-key.ts). */
export interface PublishedCounts {
  tables: Record<KkStatTable, Record<string, number>>;
  total: number;
  pending: number;
  pastThirty: number;
}

export function published(t: BarangayTallies): PublishedCounts {
  return {
    tables: Object.fromEntries(
      KK_STAT_TABLES.map((table) => [
        table,
        Object.fromEntries(Object.entries(t.tables[table]).map(([k, c]) => [k, perturb(c)])),
      ]),
    ) as PublishedCounts['tables'],
    total: perturb(t.members),
    pending: perturb(t.pending),
    pastThirty: perturb(t.pastThirty),
  };
}

/** The city's figures: its served barangays' published ones added up. */
function added(parts: PublishedCounts[]): PublishedCounts {
  const out = published(emptyTallies());
  for (const p of parts) {
    for (const table of KK_STAT_TABLES) {
      for (const [k, n] of Object.entries(p.tables[table])) {
        out.tables[table][k] = (out.tables[table][k] ?? 0) + n;
      }
    }
    out.total += p.total;
    out.pending += p.pending;
    out.pastThirty += p.pastThirty;
  }
  return out;
}

/**
 * GET /api/city/kk/stats: the caller's city (its served barangays), or the one of them `code`
 * names (another city's, one no longer served, or none: 404), perturbed by the cell key method;
 * each served barangay's members (published). Not audited, like the barangay's own
 * statistics: counts only.
 */
export async function cityKkStats(
  db: AppDb,
  cipher: KkCipher,
  user: AuthUser,
  code: string | undefined,
  today: string,
): Promise<CityKkStats> {
  const city = await cityOf(db, user);
  const served = await servedBarangays(db, city);
  let narrowed: (typeof served)[number] | null = null;
  if (code !== undefined) {
    const found = await cityBarangay(db, user, code);
    narrowed = served.find((b) => b.id === found.id) ?? null;
    if (!narrowed) {
      throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
    }
  }
  const tallies = await barangayTallies(
    db,
    cipher,
    served.map((b) => b.id),
    today,
  );
  const shown = new Map(
    served.map((b) => [b.id, published(tallies.get(b.id) ?? emptyTallies())] as const),
  );
  const view = narrowed ? (shown.get(narrowed.id) as PublishedCounts) : added([...shown.values()]);
  return {
    success: true,
    total: view.total,
    ...view.tables,
    pending: view.pending,
    pastThirty: view.pastThirty,
    suppressed: true,
    barangays: served.map((b) => ({
      code: b.code,
      name: b.name,
      district: b.district,
      total: shown.get(b.id)?.total ?? 0,
    })),
    city: { code: city.code, name: city.name },
    barangay: narrowed ? { code: narrowed.code, name: narrowed.name } : null,
  };
}
