import type { AppDb } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import * as commonRepo from '../../common/repository.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { toAuthUser } from '../auth/service.ts';
import { manilaDate } from '../tracker/context.ts';
import { saveBac } from './bac.ts';

/**
 * The demo's Bids and Awards Committee (SEED_DEMO_PROCUREMENT, on with SEED_DEMO, off in the
 * server tests): four more SK officials of San Bartolome's sitting council, `sb.kagawad1` to
 * `sb.kagawad4` (the demo password), and the BAC the chairperson constitutes by his order through
 * the BAC's service (validated and audited as a chairperson's order is): members
 * `sb.kagawad1` (chair), `sb.kagawad2` (vice chair), `sb.kagawad3`, `sb.official` and `sb.new`;
 * secretariat `sb.bmo` (`sb.official` when the books' demo is off); inspector `sb.kagawad4`. The
 * treasurer is on none of it. Once: not when `sb.kagawad1` exists.
 */
export const DEMO_KAGAWADS = [
  { username: 'sb.kagawad1', fullName: 'Jerome Villaruel' },
  { username: 'sb.kagawad2', fullName: 'Kristine Dimaculangan' },
  { username: 'sb.kagawad3', fullName: 'Mark Anthony Salonga' },
  { username: 'sb.kagawad4', fullName: 'Angelica Pangilinan' },
] as const;

/** The context the demo's writes are audited with. */
export const DEMO_CONTEXT: RequestContext = { ip: '127.0.0.1', userAgent: 'demo seed' };

/** A demo account as the services see a signed-in user (null when it does not exist). */
export async function demoActor(db: AppDb, username: string, at: Date): Promise<AuthUser | null> {
  const row = await commonRepo.findUserByKey(db, username.toLowerCase());
  return row ? toAuthUser(row, { id: 'demo-seed', created_at: at.toISOString() }) : null;
}

export async function seedDemoBac(
  db: AppDb,
  enabled: boolean,
  hash: (password: string) => Promise<string>,
  now: Date,
): Promise<boolean> {
  if (!enabled) {
    return false;
  }
  const chair = await demoActor(db, 'sb.chair', now);
  const taken = await demoActor(db, DEMO_KAGAWADS[0].username, now);
  if (!chair || taken) {
    return false;
  }
  const password = await hash(DEMO_PASSWORD);
  const stamp = now.toISOString();
  await db
    .insertInto('users')
    .values(
      DEMO_KAGAWADS.map((person, i) => ({
        barangay_id: chair.barangayId,
        username: person.username,
        username_key: person.username,
        password_hash: password,
        full_name: person.fullName,
        position: 'SKO',
        email: `${person.username}.demo@gmail.com`,
        phone: `0917000030${String(i + 1)}`,
        is_default_password: 0,
        // The sitting council of the demo is always the current term's (seed-terms.ts).
        follows_current_term: 1,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  const idOf = async (username: string) => (await demoActor(db, username, now))?.id;
  const [k1, k2, k3, k4, official, fresh, bmo] = await Promise.all(
    [...DEMO_KAGAWADS.map((k) => k.username), 'sb.official', 'sb.new', 'sb.bmo'].map(idOf),
  );
  if (!k1 || !k2 || !k3 || !k4 || !official || !fresh) {
    return true;
  }
  const today = manilaDate(now);
  await saveBac(
    db,
    chair,
    {
      orderNumber: `SK-${today.slice(0, 4)}-001`,
      // The first working days of the year, or today early in January.
      orderDate: [today, `${today.slice(0, 4)}-01-06`].sort()[0] ?? today,
      memberIds: [k1, k2, k3, official, fresh],
      chairId: k1,
      viceChairId: k2,
      secretariatIds: [bmo ?? official],
      inspectorId: k4,
    },
    DEMO_CONTEXT,
    now,
  );
  return true;
}
