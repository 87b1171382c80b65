// The city's KK statistics at city scale, for kk.bench.ts: 300,000 profiles in the served
// barangays of the demo city (142 in Quezon City), inserted in bulk as the app's own rows
// (encrypted, with their age facet and record keys: repository.ts newRow), then
// GET /api/city/kk/stats (whole city, and `?barangay=`) timed, with the event loop's longest
// delay while they run (perf_hooks.monitorEventLoopDelay): no request may block it 50 ms.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCipher } from '../apps/server/src/features/kk/crypto.ts';
import { demoYouths } from '../apps/server/src/features/kk/demo-seed.ts';
import { insertRows, newRow } from '../apps/server/src/features/kk/repository.ts';
import { repeat, type BenchApp, type Measured } from './plan-fixture.ts';

export const CITY_PROFILES = 300_000;

export async function seedCity(app: BenchApp, key: Buffer, today: string): Promise<number> {
  const { db } = app.services;
  const cipher = createCipher([key]);
  const served = await db
    .selectFrom('barangays')
    .select('id')
    .where('city', '=', 'Quezon City')
    .where('kind', '=', 'barangay')
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const at = new Date().toISOString();
  const CHUNK = 10_000;
  for (let start = 0; start < CITY_PROFILES; start += CHUNK) {
    // Ages 15-30 across the year (birthdays on every day), so some rows' month of change is now.
    const youths = demoYouths(start + 7, CHUNK, today);
    const rows = youths.map((p, i) => {
      const n = start + i;
      const b = served[n % served.length]?.id ?? 0;
      const birthday = `${String(Number(today.slice(0, 4)) - 16 - (n % 14))}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
      return newRow(
        cipher,
        { barangayId: b },
        { ...p, lastName: `${p.lastName}${String(n)}`, birthday },
        {
          status: n % 40 === 0 ? 'pending' : 'verified',
          source: 'import',
          guardianConsent: true,
          createdBy: null,
          at,
        },
      );
    });
    await db.transaction().execute((trx) => insertRows(trx, rows));
  }
  return served.length;
}

/** `runs` calls of `work` with the event loop's longest delay (ms) while they ran. */
export async function withLoopDelay(
  runs: number,
  work: (i: number) => Promise<void>,
): Promise<{ runs: Measured[]; maxDelay: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const measured = await repeat(runs, work);
  // Let the histogram see the last tick.
  await new Promise((resolve) => setTimeout(resolve, 5));
  h.disable();
  return { runs: measured, maxDelay: h.max / 1e6 };
}
