import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Executor } from '../src/db/database.ts';
import type { AuthUser, BarangayScope } from '../src/lib/auth-user.ts';
import type * as auditRepo from '../src/common/audit-repository.ts';
import type * as rawCategoryRepo from '../src/common/raw-category-repository.ts';
import type * as rawVersionRepo from '../src/common/raw-data-version-repository.ts';
import * as accountsRepo from '../src/features/accounts/repository.ts';
import type * as dashboardRepo from '../src/features/admin-dashboard/repository.ts';
import type * as logsRepo from '../src/features/admin-logs/repository.ts';
import * as adminProjectsRepo from '../src/features/admin-projects/repository.ts';
import type * as forecastRepo from '../src/features/forecast/repository.ts';
import * as predictiveRepo from '../src/features/predictive/repository.ts';
import type * as projectsRepo from '../src/features/projects/repository.ts';
import * as rawRepo from '../src/features/raw-data/repository.ts';
import type * as trackerRepo from '../src/features/tracker/repository.ts';
import type * as evidenceRepo from '../src/features/tracker/evidence-repository.ts';
import type * as trackedItemRepo from '../src/common/tracked-item-repository.ts';
import { barangayIdOf } from './forecast-helpers.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

const everything = { ppa: undefined, committee: undefined, category: undefined };

/**
 * Names of a module's functions whose second parameter (the scope's place, after the executor)
 * accepts a bare number: `never` when every one of them takes a BarangayScope (or no barangay).
 */
type BareIdFunctions<M> = {
  [K in keyof M]: M[K] extends (...args: infer P) => unknown
    ? P extends [unknown, infer Second, ...unknown[]]
      ? number extends Second
        ? K
        : never
      : never
    : never;
}[keyof M];

describe('barangay scope of repository functions (types)', () => {
  it('no barangay-scoped repository function takes a bare number where the scope goes', () => {
    expectTypeOf<BareIdFunctions<typeof rawRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof predictiveRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof forecastRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof logsRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof adminProjectsRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof accountsRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof dashboardRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof projectsRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof rawCategoryRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof rawVersionRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof trackerRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof evidenceRepo>>().toBeNever();
    expectTypeOf<BareIdFunctions<typeof trackedItemRepo>>().toBeNever();
    expectTypeOf<auditRepo.AuditInput['scope']>().toEqualTypeOf<BarangayScope | null>();
    // A signed-in user is a scope: routes pass it as it is.
    expectTypeOf<AuthUser>().toExtend<BarangayScope>();
  });

  it('refuses a plain barangay id at compile time (npm run typecheck fails otherwise)', () => {
    // Never called: the calls only have to type-check, or fail to, as the comments say.
    const calls = (db: Executor, scope: BarangayScope) => [
      rawRepo.hasRawData(db, scope),
      // @ts-expect-error -- a barangay id is a number, not a BarangayScope
      rawRepo.hasRawData(db, 1),
      // @ts-expect-error -- the scope is the whole object, never its id
      rawRepo.listPpas(db, scope.barangayId, everything, 'ppa'),
      // @ts-expect-error -- the same for every feature's repository
      accountsRepo.listAccounts(db, 1),
      // @ts-expect-error -- ...and for the peer statistics, which exclude the scope's barangay
      predictiveRepo.countPeerBarangays(db, 2),
    ];
    expect(calls).toBeTypeOf('function');
  });
});

describe.each(DIALECTS)('barangay scope of repository functions on %s', (dialect) => {
  let t: TestApp;
  let sb: BarangayScope;
  let nn: BarangayScope;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    sb = { barangayId: await barangayIdOf(t.app.services.db, 'SB') };
    nn = { barangayId: await barangayIdOf(t.app.services.db, 'NN') };
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads no raw budget values of another barangay's PPAs", async () => {
    const db = t.app.services.db;
    const ppas = await rawRepo.listPpas(db, sb, everything, 'ppa', { limit: 20, offset: 0 });
    const ids = ppas.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await rawRepo.valuesOf(db, sb, ids)).length).toBeGreaterThan(0);
    expect(await rawRepo.valuesOf(db, nn, ids)).toEqual([]);
  });

  it("reads no document of another barangay's projects in the admin project list", async () => {
    const db = t.app.services.db;
    const projects = await adminProjectsRepo.listProjects(db, sb, false);
    const ids = projects.map((p) => p.id);
    expect((await adminProjectsRepo.latestDocuments(db, sb, ids)).size).toBeGreaterThan(0);
    expect((await adminProjectsRepo.latestDocuments(db, nn, ids)).size).toBe(0);
  });
});
