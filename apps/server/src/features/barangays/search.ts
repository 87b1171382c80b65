import type { BarangaySummary } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { foldName } from '../../lib/psgc.ts';
import { activeBarangays, activeOffices, registryFingerprint } from './repository.ts';

interface Entry {
  /** The folded name, then any alias ("naga city" for the City of Naga). */
  keys: string[];
  row: BarangaySummary;
}

/**
 * The sign-in picker's search (GET /api/barangays?q=) over the active barangays kept in memory,
 * by folded name and city: the whole country (42,011) is a few megabytes and a scan of it well
 * under a millisecond, where a substring search in the database reads every row each time.
 * The registry changes from the command line (npm run barangays), another process: a search
 * more than `recheckMs` after the last check reads a cheap fingerprint of the table (count,
 * largest id, active ids) first, and the list again only when it changed. Until then a
 * deactivated barangay may still be listed for up to `recheckMs`; signing in to it is refused
 * from the database at once.
 */
export function createBarangaySearch(db: Executor, clock: Clock, recheckMs = 30_000) {
  let entries: Entry[] | undefined;
  let fingerprint = '';
  let checkedAt = 0;
  let checking: Promise<void> | undefined;

  async function recheck(): Promise<void> {
    const now = await registryFingerprint(db);
    if (now !== fingerprint || !entries) {
      const rows = await activeBarangays(db);
      const barangays = rows.map(({ name_key, ...row }) => ({ keys: [name_key], row }));
      const cities = (await activeOffices(db)).map(({ name_key, aliases, ...row }) => ({
        keys: [name_key, ...aliases.map(foldName)],
        row: { ...row, kind: 'city' as const },
      }));
      // The city offices first: a few rows, looked for by a city's staff.
      entries = [...cities, ...barangays];
      fingerprint = now;
    }
    checkedAt = clock.now().getTime();
  }

  async function current(): Promise<Entry[]> {
    if (!entries || clock.now().getTime() - checkedAt > recheckMs) {
      // One check at a time; searches arriving meanwhile wait for it.
      checking ??= recheck().finally(() => {
        checking = undefined;
      });
      await checking;
    }
    return entries ?? [];
  }

  return {
    /** Names starting with `q` first, then names containing it, each by name and city. */
    async search(
      q: string | undefined,
      limit: number,
      offices = false,
    ): Promise<BarangaySummary[]> {
      const all = await current();
      const list = offices ? all : all.filter((e) => e.row.kind !== 'city');
      const key = foldName(q ?? '');
      if (key === '') {
        return list.slice(0, limit).map((e) => e.row);
      }
      const starting: BarangaySummary[] = [];
      const inside: BarangaySummary[] = [];
      for (const e of list) {
        const at = Math.min(
          ...e.keys.map((k) => {
            const i = k.indexOf(key);
            return i < 0 ? Infinity : i;
          }),
        );
        if (at === 0) {
          starting.push(e.row);
          if (starting.length >= limit) {
            break;
          }
        } else if (at > 0 && at < Infinity && inside.length < limit) {
          inside.push(e.row);
        }
      }
      return [...starting, ...inside].slice(0, limit);
    },
  };
}

export type BarangaySearch = ReturnType<typeof createBarangaySearch>;
