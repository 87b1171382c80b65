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
    const carried = rows.filter((r) => r.name !== RESTORE_GENERATION);
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
