// Installation-wide values in the database (the install_state table), so that every server
// process of a deployment reads the same ones: the generated signing secret and the restore
// generation. The table is never backed up; a restore carries the live rows over.
import { sql } from 'kysely';
import type { AppDb, Executor } from '../db/database.ts';

/** The generated secret that signs tokens, device cookies and links when JWT_SECRET is unset. */
export const SIGNING_SECRET = 'signing-secret';
/** Bumped by every restore, so other processes notice it and drop what they cached. */
export const RESTORE_GENERATION = 'restore-generation';
/**
 * Present while a restore holds writes: `<until ISO> <process token>`. Every other process reads
 * it with the generation and answers writes 503 until it is gone (or its time is up, should the
 * restoring process die holding it).
 */
export const RESTORE_HOLD = 'restore-hold';

export interface RestoreState {
  generation: number;
  /** Another process's hold: until when (ms since the epoch), 0 when none. */
  heldUntil: number;
  /** That hold's value (names the restore a process drains its writes for), null when none. */
  hold: string | null;
  /** Whether any restore journal is there (a restore runs, or one died: see journal.ts). */
  journals: boolean;
}

/** The generation and any hold of another process than `ownToken`, in one read. */
export async function readRestoreState(db: Executor, ownToken: string): Promise<RestoreState> {
  const rows = await db
    .selectFrom('install_state')
    .select(['name', 'value'])
    .where((eb) =>
      eb.or([
        eb('name', 'in', [RESTORE_GENERATION, RESTORE_HOLD]),
        // The restore journal's rows (features/backup/journal-repository.ts).
        eb('name', 'like', 'restore-journal:%'),
      ]),
    )
    .execute();
  const generation = rows.find((r) => r.name === RESTORE_GENERATION);
  const hold = rows.find((r) => r.name === RESTORE_HOLD)?.value ?? '';
  const [until = '', token = ''] = hold.split(' ');
  const heldUntil = token === ownToken ? 0 : Date.parse(until);
  const held = !Number.isNaN(heldUntil) && heldUntil > 0;
  return {
    generation: generation ? Number(generation.value) : 0,
    heldUntil: held ? heldUntil : 0,
    hold: held ? hold : null,
    journals: rows.some((r) => r.name.startsWith('restore-journal:')),
  };
}

/** Removes every restore hold: only for one whose restore is known to be over (or dead). */
export async function clearRestoreHolds(db: Executor): Promise<void> {
  await db.deleteFrom('install_state').where('name', '=', RESTORE_HOLD).execute();
}

/**
 * Writes (or, with `until` null, removes) this process's restore hold; never another's. Returns
 * the value written (what the other processes drain their writes for).
 */
export async function setRestoreHold(
  db: Executor,
  token: string,
  until: Date | null,
  atIso: string,
): Promise<string | null> {
  if (!until) {
    await db
      .deleteFrom('install_state')
      .where('name', '=', RESTORE_HOLD)
      .where('value', 'like', `% ${token}`)
      .execute();
    return null;
  }
  const value = `${until.toISOString()} ${token}`;
  await db
    .insertInto('install_state')
    .values({ name: RESTORE_HOLD, value, updated_at: atIso })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: atIso }))
    .execute();
  return value;
}

/**
 * The stored value of `name`, storing `candidate` first when there is none. Race-free: of several
 * processes starting at once, the first insert wins and every one reads that row back.
 */
export async function ensureInstallValue(
  db: Executor,
  name: string,
  candidate: string,
  atIso: string,
): Promise<string> {
  await db
    .insertInto('install_state')
    .values({ name, value: candidate, updated_at: atIso })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('install_state')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The restore generation (0 before any restore). */
export async function restoreGeneration(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('install_state')
    .select('value')
    .where('name', '=', RESTORE_GENERATION)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Before a restore swaps `restored` in: the live installation's values replace whatever the
 * restored data holds (the secret stays, so does the generation, plus one), and every barangay's
 * raw-data version is moved past every version the live data ever had, so that no process can
 * take a forecast cached for the old data as one of the restored data. Returns the generation
 * the restored data carries.
 */
export async function carryInstallState(
  live: Executor,
  restored: AppDb,
  atIso: string,
): Promise<number> {
  const rows = await live.selectFrom('install_state').selectAll().execute();
  const generation = (await restoreGeneration(live)) + 1;
  const newest = await live
    .selectFrom('raw_data_versions')
    .select((eb) => eb.fn.max<number | null>('version').as('v'))
    .executeTakeFirst();
  const past = newest?.v ?? 0;
  await restored.transaction().execute(async (trx) => {
    await trx.deleteFrom('install_state').execute();
    // The hold is the live data's, gone with it; the restored data starts without one.
    const carried = rows.filter((r) => r.name !== RESTORE_GENERATION && r.name !== RESTORE_HOLD);
    await trx
      .insertInto('install_state')
      .values([
        ...carried,
        { name: RESTORE_GENERATION, value: String(generation), updated_at: atIso },
      ])
      .execute();
    if (past > 0) {
      await trx
        .updateTable('raw_data_versions')
        .set({ version: sql<number>`version + ${past}` })
        .execute();
    }
  });
  return generation;
}
