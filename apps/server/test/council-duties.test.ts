import type { Account, CouncilDutyRow, UserInfo } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateKysely } from '../src/db/migrate.ts';
import type { AnyDb } from '../src/db/migrations/helpers.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { signatoriesFrom } from '../src/common/signatories.ts';
import { signingHolders } from '../src/features/council/signatories.ts';
import { call, createPlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, login, type Session, type TestApp } from './helpers.ts';
import { importCity } from './registry-helpers.ts';

// Council duties on an installation without demo data: a PSGC city (City of Naga) and two of its
// barangays with numeric codes, each with a council. The chairperson assigns the treasurer, the
// secretary and the Budget Monitoring Officer; the secretary duty carries the youth registry's
// personal-data rights (the former KK secretary designation, migrated by 0025).

const PASSWORD = 'Kalayaan#2026';
const CITY = 'City of Naga';
const CODE = '0501724024';
const NAME = 'Peñafrancia';
const OTHER_CODE = '0501724025';
/** A read of the youth registry with its reason in the header API clients may send. */
const readKk = (app: TestApp['app'], who: Session) =>
  app.inject({
    method: 'GET',
    url: '/api/kk/profiles',
    headers: { ...who.headers, 'x-access-reason': 'Verification of the 2027 profiling' },
  });

interface DutiesAnswer {
  duties: CouncilDutyRow[];
  canAssign: boolean;
  candidates: { userId: number; name: string }[];
}

describe.each(DIALECTS)('council duties on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let chair: Session;
  let treasurer: Session;
  let clerk: Session;
  let admin: Session;
  let otherChair: Session;

  const addAccount = async (barangayId: number, username: string, position: string) => {
    const { db, hasher } = t.app.services;
    const stamp = t.clock.now().toISOString();
    const row = await db
      .insertInto('users')
      .values({
        barangay_id: barangayId,
        username,
        username_key: username,
        password_hash: await hasher.hash(PASSWORD),
        full_name: `${username.split('.')[1] ?? username} person`,
        position,
        email: `${username}@gmail.com`,
        phone: `0917${String(Object.keys(ids).length).padStart(7, '0')}`,
        created_at: stamp,
        updated_at: stamp,
        password_changed_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
  };
  const barangayId = async (code: string) =>
    (
      await t.app.services.db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const duties = async (who: Session) => {
    const r = await call(t.app, 'GET', '/api/council/duties', who);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<DutiesAnswer>();
  };
  const holderOf = async (duty: string, who: Session = chair) =>
    (await duties(who)).duties.find((d) => d.duty === duty)?.holder?.userId ?? null;
  const assign = (who: Session, duty: string, userId: number | null) =>
    call(t.app, 'PUT', `/api/council/duties/${duty}`, who, { userId });
  const code = (r: { body: string }) => (JSON.parse(r.body) as { code: string }).code;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000' },
      clock: manualClock(new Date('2027-02-01T01:00:00Z')),
    });
    await importCity(t.app.services.db, CITY, 'Camarines Sur');
    const home = await barangayId(CODE);
    const other = await barangayId(OTHER_CODE);
    await addAccount(home, 'pena.chair', 'SKC');
    await addAccount(home, 'pena.treasurer', 'SKO');
    await addAccount(home, 'pena.clerk', 'SKO');
    await addAccount(home, 'pena.monitor', 'SKO');
    await addAccount(home, 'pena.archived', 'SKO');
    await addAccount(home, 'pena.admin', 'MA');
    await addAccount(other, 'tabuco.chair', 'SKC');
    await addAccount(other, 'tabuco.official', 'SKO');
    await t.app.services.db
      .updateTable('users')
      .set({ is_archived: 1, archived_at: t.clock.now().toISOString() })
      .where('id', '=', ids['pena.archived'] ?? 0)
      .execute();
    chair = await login(t.app, 'pena.chair', PASSWORD, NAME);
    treasurer = await login(t.app, 'pena.treasurer', PASSWORD, NAME);
    clerk = await login(t.app, 'pena.clerk', PASSWORD, NAME);
    admin = await login(t.app, 'pena.admin', PASSWORD, NAME);
    otherChair = await login(t.app, 'tabuco.chair', PASSWORD, OTHER_CODE);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('lists the duties with their sources, vacant at first, to every account of the barangay', async () => {
    const answer = await duties(chair);
    expect(answer.duties.map((d) => d.duty)).toEqual(['treasurer', 'secretary', 'bmo']);
    expect(answer.duties.every((d) => d.holder === null)).toBe(true);
    expect(answer.duties.find((d) => d.duty === 'treasurer')?.source).toContain('RA 11768');
    expect(answer.canAssign).toBe(true);
    // Active SK officials only: not the chair, the administrator or the archived account.
    expect(answer.candidates.map((c) => c.userId).sort()).toEqual(
      [ids['pena.treasurer'], ids['pena.clerk'], ids['pena.monitor']].sort(),
    );
    for (const who of [clerk, admin]) {
      const seen = await duties(who);
      expect(seen).toMatchObject({ canAssign: false, candidates: [] });
    }
    expect((await call(t.app, 'GET', '/api/council/duties', null)).statusCode).toBe(401);
  });

  it('assigns and releases a duty, one holder at a time, audited', async () => {
    const given = await assign(chair, 'treasurer', ids['pena.treasurer'] ?? 0);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ message: string }>().message).toBe(
      'treasurer person now holds the duty of SK Treasurer.',
    );
    expect(await holderOf('treasurer')).toBe(ids['pena.treasurer']);
    // Another account takes the duty over: still one holder.
    expect((await assign(chair, 'treasurer', ids['pena.monitor'] ?? 0)).statusCode).toBe(200);
    expect(await holderOf('treasurer')).toBe(ids['pena.monitor']);
    const released = await assign(chair, 'treasurer', null);
    expect(released.json<{ message: string }>().message).toBe(
      'The duty of SK Treasurer is vacant now.',
    );
    expect(await holderOf('treasurer')).toBeNull();
    expect((await assign(chair, 'treasurer', ids['pena.treasurer'] ?? 0)).statusCode).toBe(200);

    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'description', 'module', 'barangay_id', 'username'])
      .where('module', '=', 'Council duties')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'COUNCIL_DUTY_ASSIGNED',
      'COUNCIL_DUTY_ASSIGNED',
      'COUNCIL_DUTY_RELEASED',
      'COUNCIL_DUTY_ASSIGNED',
    ]);
    expect(audit[1]?.description).toBe(
      'pena.chair gave the duty of SK Treasurer to monitor person (before: treasurer person)',
    );
    expect(audit[2]?.description).toBe(
      'pena.chair released monitor person from the duty of SK Treasurer',
    );
    expect(audit.every((a) => a.username === 'pena.chair')).toBe(true);
    expect(audit[0]?.barangay_id).toBe(await barangayId(CODE));
  });

  it('refuses other roles, other barangays, archived and administrator accounts, the chair as treasurer and the treasurer twice', async () => {
    const treasurerId = ids['pena.treasurer'] ?? 0;
    for (const who of [clerk, admin]) {
      const r = await assign(who, 'secretary', ids['pena.clerk'] ?? 0);
      expect(r.statusCode).toBe(403);
      expect(code(r)).toBe('COUNCIL_DUTY_FORBIDDEN');
    }
    // Another barangay's chair cannot reach this council, nor give a duty to its accounts.
    const foreign = await assign(otherChair, 'secretary', ids['pena.clerk'] ?? 0);
    expect(foreign.statusCode).toBe(422);
    expect(code(foreign)).toBe('COUNCIL_DUTY_INVALID');
    const theirs = await assign(chair, 'secretary', ids['tabuco.official'] ?? 0);
    expect(code(theirs)).toBe('COUNCIL_DUTY_INVALID');
    expect(code(await assign(chair, 'secretary', ids['pena.archived'] ?? 0))).toBe(
      'COUNCIL_DUTY_INVALID',
    );
    expect(code(await assign(chair, 'bmo', ids['pena.admin'] ?? 0))).toBe('COUNCIL_DUTY_INVALID');
    expect(code(await assign(chair, 'secretary', 999_999))).toBe('COUNCIL_DUTY_INVALID');
    const chairTreasurer = await assign(chair, 'treasurer', ids['pena.chair'] ?? 0);
    expect(chairTreasurer.statusCode).toBe(422);
    expect(chairTreasurer.json()).toMatchObject({
      code: 'COUNCIL_DUTY_CHAIR_TREASURER',
      message: expect.stringContaining('RA 10742 s. 20(b)') as unknown,
    });
    expect(code(await assign(chair, 'secretary', ids['pena.chair'] ?? 0))).toBe(
      'COUNCIL_DUTY_CHAIR',
    );
    // The treasurer holds no other duty, and a holder of another duty cannot become treasurer.
    expect(code(await assign(chair, 'bmo', treasurerId))).toBe('COUNCIL_DUTY_SOLE');
    expect((await assign(chair, 'secretary', ids['pena.clerk'] ?? 0)).statusCode).toBe(200);
    expect((await assign(chair, 'bmo', ids['pena.clerk'] ?? 0)).statusCode).toBe(200);
    expect(code(await assign(chair, 'treasurer', ids['pena.clerk'] ?? 0))).toBe(
      'COUNCIL_DUTY_SOLE',
    );
    // The older BMO route answers with its own code for the same rule.
    const old = await call(t.app, 'PUT', '/api/tracker/budget-monitoring-officer', chair, {
      userId: treasurerId,
    });
    expect(code(old)).toBe('TRACKER_BMO_TREASURER');
    expect(
      (await call(t.app, 'PUT', '/api/council/duties/mayor', chair, { userId: 1 })).statusCode,
    ).toBe(404);
    // Nothing of the refusals changed a holder.
    expect(await holderOf('treasurer')).toBe(treasurerId);
    expect(await holderOf('secretary')).toBe(ids['pena.clerk']);
    expect(await holderOf('bmo')).toBe(ids['pena.clerk']);
    expect((await duties(otherChair)).duties.every((d) => d.holder === null)).toBe(true);
  });

  it('shows the duties beside the position: the accounts list, the own profile, sign-in', async () => {
    const list = await call(t.app, 'GET', '/api/admin/users', admin);
    expect(list.statusCode, list.body).toBe(200);
    const users = list.json<{ users: Account[] }>().users;
    const byId = (id: number | undefined) => users.find((u) => u.userID === id);
    expect(byId(ids['pena.clerk'])?.duties).toEqual(['secretary', 'bmo']);
    expect(byId(ids['pena.treasurer'])?.duties).toEqual(['treasurer']);
    expect(byId(ids['pena.chair'])?.duties).toEqual([]);
    const me = await call(t.app, 'GET', '/api/user-data', treasurer);
    expect(me.json<{ userInfo: UserInfo }>().userInfo).toMatchObject({
      position: 'SKO',
      duties: ['treasurer'],
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'pena.clerk', password: PASSWORD, barangay: CODE },
    });
    expect(again.json<{ user: { duties: string[] } }>().user.duties).toEqual(['secretary', 'bmo']);
  });

  it('names the treasurer and the secretary holding the duties in a new plan and in the signatures', async () => {
    const plan = await createPlan(t.app, chair, 2028, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
      cbydp: false,
    });
    const named = (position: string) => plan.honoraria.find((h) => h.position === position);
    expect(named('treasurer')).toMatchObject({ name: 'treasurer person', vacant: false });
    expect(named('secretary')).toMatchObject({ name: 'clerk person', vacant: false });
    // Reports of what is done now are signed by the holders before the names typed in a plan.
    expect(
      signatoriesFrom(
        [
          { position: 'treasurer', name: 'Typed Treasurer' },
          { position: 'secretary', name: 'Typed Secretary' },
          { position: 'chairperson', name: 'Typed Chair' },
        ],
        null,
        await signingHolders(t.app.services.db, { barangayId: await barangayId(CODE) }),
      ),
    ).toEqual({
      treasurer: 'treasurer person',
      secretary: 'clerk person',
      chairperson: 'Typed Chair',
    });
  });

  it('gives the youth registry’s personal data to the holder of the secretary duty only', async () => {
    const monitor = await login(t.app, 'pena.monitor', PASSWORD, NAME);
    const read = (who: Session) => readKk(t.app, who);
    expect((await read(clerk)).statusCode).toBe(200);
    expect((await read(monitor)).statusCode).toBe(403);
    const info = await call(t.app, 'GET', '/api/kk/secretary', clerk);
    expect(info.json()).toMatchObject({
      secretary: { userId: ids['pena.clerk'], name: 'clerk person' },
      canReadPersonal: true,
    });
    // The older route is an alias of assigning the secretary duty.
    const moved = await call(t.app, 'PUT', '/api/kk/secretary', chair, {
      userId: ids['pena.monitor'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await holderOf('secretary')).toBe(ids['pena.monitor']);
    expect((await read(clerk)).statusCode).toBe(403);
    expect((await read(monitor)).statusCode).toBe(200);
    expect(code(await call(t.app, 'PUT', '/api/kk/secretary', clerk, { userId: null }))).toBe(
      'KK_DESIGNATE_FORBIDDEN',
    );
    // Released through the new route: the older one reads it.
    expect((await assign(chair, 'secretary', null)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/kk/secretary', chair)).json()).toMatchObject({
      secretary: null,
    });
    expect((await read(monitor)).statusCode).toBe(403);
    expect((await read(chair)).statusCode).toBe(200);
  });

  it('releases the duties of an account that is archived or leaves the SK officials', async () => {
    expect((await assign(chair, 'secretary', ids['pena.monitor'] ?? 0)).statusCode).toBe(200);
    const role = await call(t.app, 'POST', '/api/roles/assignRole', admin, {
      userId: ids['pena.clerk'],
      position: 'SA',
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(await holderOf('bmo')).toBeNull();
    const archived = await call(
      t.app,
      'POST',
      `/api/admin/archive/accounts/${String(ids['pena.monitor'])}`,
      admin,
    );
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await holderOf('secretary')).toBeNull();
    const rows = await t.app.services.db
      .selectFrom('council_duty_holders')
      .select('duty')
      .where('barangay_id', '=', await barangayId(CODE))
      .execute();
    expect(rows.map((r) => r.duty)).toEqual(['treasurer']);
    const released = await t.app.services.db
      .selectFrom('audit_log')
      .select(['description', 'username'])
      .where('action', '=', 'COUNCIL_DUTY_RELEASED')
      .where('username', '=', 'pena.admin')
      .execute();
    expect(released.map((r) => r.description).sort()).toEqual([
      'clerk person no longer holds the duty of Budget Monitoring Officer: their role changed to SA (System Administrator)',
      'monitor person no longer holds the duty of SK Secretary: the account was archived',
    ]);
  });

  it('migrates an existing KK secretary and Budget Monitoring Officer designation into the duties', async () => {
    const { db, database } = t.app.services;
    const home = await barangayId(CODE);
    const other = await barangayId(OTHER_CODE);
    const treasurerId = ids['pena.treasurer'] ?? 0;
    // Back to the schema before the duties: the secretary and the BMO go back to the old tables
    // (the treasurer's duty had none).
    await migrateKysely(db, '0024-plan-review', database.schema);
    // The tables of before the duties, which today's types no longer know.
    const old = db as unknown as AnyDb;
    expect(await old.selectFrom('tracker_officers').selectAll().execute()).toEqual([]);
    await old.deleteFrom('kk_officers').execute();
    const at = '2026-11-02T03:00:00.000Z';
    await old
      .insertInto('kk_officers')
      .values([
        {
          barangay_id: home,
          secretary: treasurerId,
          designated_by: ids['pena.chair'],
          designated_at: at,
        },
        {
          barangay_id: other,
          secretary: ids['tabuco.official'],
          designated_by: ids['tabuco.chair'],
          designated_at: at,
        },
      ])
      .execute();
    await old
      .insertInto('tracker_officers')
      .values({
        barangay_id: other,
        budget_monitoring_officer: ids['tabuco.official'],
        designated_by: ids['tabuco.chair'],
        designated_at: at,
      })
      .execute();
    // As a start does: migrate, then write the reference data.
    await migrateKysely(db, 'latest', database.schema);
    await seedReferenceData(db, t.clock.now());

    const moved = await db
      .selectFrom('council_duty_holders')
      .select(['barangay_id', 'duty', 'user_id', 'assigned_by', 'assigned_at'])
      .orderBy('barangay_id')
      .orderBy('duty')
      .execute();
    expect(moved).toEqual([
      {
        barangay_id: home,
        duty: 'secretary',
        user_id: treasurerId,
        assigned_by: ids['pena.chair'],
        assigned_at: at,
      },
      {
        barangay_id: other,
        duty: 'bmo',
        user_id: ids['tabuco.official'],
        assigned_by: ids['tabuco.chair'],
        assigned_at: at,
      },
      {
        barangay_id: other,
        duty: 'secretary',
        user_id: ids['tabuco.official'],
        assigned_by: ids['tabuco.chair'],
        assigned_at: at,
      },
    ]);
    // The migrated secretary has the registry's rights; the other barangay's answers its own.
    expect((await readKk(t.app, treasurer)).statusCode).toBe(200);
    const tabuco = await login(t.app, 'tabuco.official', PASSWORD, OTHER_CODE);
    const seen = await duties(tabuco);
    expect(seen.duties.map((d) => [d.duty, d.holder?.userId ?? null])).toEqual([
      ['treasurer', null],
      ['secretary', ids['tabuco.official']],
      ['bmo', ids['tabuco.official']],
    ]);
    const tables = await db
      .selectFrom('council_duties')
      .select('code')
      .orderBy('sort_order')
      .execute();
    expect(tables.map((r) => r.code)).toEqual(['treasurer', 'secretary', 'bmo']);
  });
});
