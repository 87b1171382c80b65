// The drain handshake between a restore and the other server processes of the installation
// (PostgreSQL: several processes share the database; on SQLite one process owns it and nobody
// else is listed here).
//
// Why: the write guard (routes.ts) is asked when a request arrives; the request commits later
// (a slow upload, a large plan save). A restore must not take its pre-restore backup while a
// write let in before its hold can still commit anywhere, or that write is answered 200 and then
// lost with the swap. The restoring process counts its own writes in flight; the others are
// asked through install_state:
//
// - every process keeps a row `process:<token>` (its heartbeat) from before it serves until it
//   closes, rewritten every BEAT_MS by the restore watch;
// - a process that sees another's restore hold stops letting writes in, waits until its own
//   writes in flight are answered, and only then writes the hold's value into its row as
//   `drained` (the hold's value names one restore: `<until> <token>`);
// - the restorer, after writing its hold, waits until every listed process has drained for that
//   hold; it gives up after its drain time (503 RESTORE_WRITES_PENDING, nothing changed).
//
// Why that is enough: a process writes its row before it reads the hold for the first time, and
// the restorer writes its hold before it reads the rows. So a process either read the hold before
// it let any write in, or its row was already there for the restorer to wait on.
//
// A process killed without closing leaves its row. The restorer takes a row for dead when its
// value has not changed for STALE_MS of the restorer's own time (no clocks of other machines are
// compared) and deletes it. A live process rewrites its row every BEAT_MS, so only one frozen for
// STALE_MS (its event loop or its database connections stuck that long) with a write in flight
// could still commit that write after the pre-restore backup.
import { setTimeout as sleep } from 'node:timers/promises';
import { BACKUP_MESSAGES } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

const PROCESS_ROW = 'process:';

/** How often a process rewrites its row when nothing else changed. */
export const BEAT_MS = 3_000;

/** A row unchanged this long (as the restorer sees it) is a dead process's. */
export const STALE_MS = 30_000;

interface ProcessState {
  /** When the process last wrote its row (its own clock; only compared with itself). */
  beat: string;
  /** The value of the restore hold it has drained its writes for, or null. */
  drained: string | null;
}

/** Writes this process's row: alive now, drained for `drained` (a hold's value) or not. */
export async function reportProcess(
  db: Executor,
  token: string,
  drained: string | null,
  at: Date,
): Promise<void> {
  const value = JSON.stringify({ beat: at.toISOString(), drained } satisfies ProcessState);
  const atIso = at.toISOString();
  await db
    .insertInto('install_state')
    .values({ name: PROCESS_ROW + token, value, updated_at: atIso })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: atIso }))
    .execute();
}

/** This process is closing: it takes no more writes and no restore needs to wait for it. */
export async function removeProcess(db: Executor, token: string): Promise<void> {
  await db
    .deleteFrom('install_state')
    .where('name', '=', PROCESS_ROW + token)
    .execute();
}

async function otherProcesses(db: Executor, ownToken: string) {
  const rows = await db
    .selectFrom('install_state')
    .select(['name', 'value'])
    .where('name', 'like', `${PROCESS_ROW}%`)
    .execute();
  return rows
    .map((r) => ({ token: r.name.slice(PROCESS_ROW.length), value: r.value }))
    .filter((r) => r.token !== ownToken);
}

function drainedFor(value: string): string | null {
  try {
    return (JSON.parse(value) as Partial<ProcessState>).drained ?? null;
  } catch {
    return null;
  }
}

export interface DrainWait {
  /** The restorer's hold, as written to install_state. */
  hold: string;
  ownToken: string;
  /** Give up (503) once this time (performance.now()) has passed. */
  deadline: number;
  staleMs?: number;
  pollMs?: number;
}

/**
 * Resolves once every other live process of the installation has drained its writes for `hold`;
 * rejects with 503 RESTORE_WRITES_PENDING at the deadline. Deletes the rows of dead processes.
 */
export async function othersDrained(
  db: Executor,
  { hold, ownToken, deadline, staleMs = STALE_MS, pollMs = 100 }: DrainWait,
): Promise<void> {
  /** Each row's value and since when (restorer's time) the restorer has seen it unchanged. */
  const seen = new Map<string, { value: string; since: number }>();
  for (;;) {
    const now = performance.now();
    const waiting: string[] = [];
    const dead: { token: string; value: string }[] = [];
    for (const row of await otherProcesses(db, ownToken)) {
      if (drainedFor(row.value) === hold) {
        continue;
      }
      const last = seen.get(row.token);
      if (last?.value !== row.value) {
        seen.set(row.token, { value: row.value, since: now });
      } else if (now - last.since >= staleMs) {
        dead.push(row);
        continue;
      }
      waiting.push(row.token);
    }
    for (const row of dead) {
      // Only if still unchanged: a process that comes back writes its row again anyway.
      await db
        .deleteFrom('install_state')
        .where('name', '=', PROCESS_ROW + row.token)
        .where('value', '=', row.value)
        .execute();
    }
    if (waiting.length === 0) {
      return;
    }
    if (now >= deadline) {
      throw new AppError('RESTORE_WRITES_PENDING', BACKUP_MESSAGES.writesPending, 503);
    }
    await sleep(Math.min(pollMs, Math.max(0, deadline - now)));
  }
}
