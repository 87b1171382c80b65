import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DEMO_CITY_ACCOUNTS } from '../src/db/seed-city.ts';
import { DIALECTS, createTestApp, login, type Session, type TestApp } from './helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';
import {
  CITY_READS_ROWS,
  OWN_ROWS_ONLY,
  ROLE_OF_POSITION,
  accessOf,
  type Access,
  type Role,
  type Route,
} from './route-matrix-access.ts';

/**
 * Every route of the OpenAPI document, called anonymously, by every demo role of the OTHER
 * barangays (NN, and councils made in two more: one of Quezon City and one of a second city,
 * Makati, imported from the PSGC registry) against the FIRST barangay's resources (real project ids, user ids, stored file names
 * in the path), and by every role of the first barangay. Bodies are `{}` or an empty multipart
 * form: for a caller who may not use a route, no body may ever earn a 2xx. A route missing from
 * ACCESS counts as admin only, so new routes join the matrix without a test written for them.
 */

interface Caller {
  name: string;
  /** The caller's barangay code; none for the anonymous caller. */
  barangay: string | null;
  /**
   * `city`: a city account of the first barangay's city (Quezon City); `otherCity`: one of
   * another city (Makati). Neither may use a council route.
   */
  kind: 'anonymous' | 'other' | 'same' | 'city' | 'otherCity';
  role: Role | null;
  session: Session | null;
}

/** Real rows of the first barangay, for path parameters and for the leak check. */
interface FirstBarangay {
  barangayId: number;
  officialId: number;
  projectId: number;
  /** Its posted budget plan (the demo seed's), for the budget-plan routes. */
  planId: number;
  /** Rows of its tracker (the demo seed's), for the tracker routes, by the path's noun. */
  tracker: Record<'items' | 'checkpoints' | 'disbursements' | 'evidence' | 'photos', number>;
  /** A youth profile of its registry (the demo seed's). */
  kkProfile: number;
  /** Its KK assembly and CBYDP (the demo seed's). */
  kkAssembly: number;
  cbydp: number;
  /** The year of its posted plan. */
  year: number;
  /** Its posted plan's submission to the city. */
  submissionId: number;
  storedName: string;
  userIds: number[];
  /** Strings that only the first barangay's data contains. */
  markers: string[];
  /**
   * The markers that no answer to anyone else may hold, not even a public one: contact data and
   * stored files. (The disclosure board publishes project references and signatories' names.)
   */
  privateMarkers: string[];
}

const FIRST = 'SB';
const OTHER = 'NN';
/** Barangay Alicia of Quezon City (PSGC), a third barangay with a council of its own. */
const ALICIA_QC = '1381300001';

function routesOf(document: unknown): Route[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  const routes: Route[] = [];
  for (const [openApiPath, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        continue;
      }
      const op = operation as { requestBody?: { content?: Record<string, unknown> } };
      const content = op.requestBody?.content ?? {};
      const params = [...openApiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      routes.push({
        method: method.toUpperCase(),
        path: openApiPath,
        key: `${method.toUpperCase()} ${openApiPath}`,
        params,
        json: content['application/json'] !== undefined,
        multipart: content['multipart/form-data'] !== undefined,
      });
    }
  }
  // Deletions come late, so the rows they remove are still there for every other route; routes
  // that end the caller's session go last, so every other call still runs signed in.
  const rank = (route: Route) =>
    route.path.includes('logout') ? 2 : route.method === 'DELETE' ? 1 : 0;
  return routes.sort((a, b) => rank(a) - rank(b));
}

/** A real value of the first barangay for a path parameter, by its name; else 1. */
function paramValue(name: string, first: FirstBarangay, path: string): string {
  const n = name.toLowerCase();
  if (n === 'barangaycode') {
    return FIRST;
  }
  if (n === 'document') {
    return 'abyip';
  }
  if (n === 'id' && path.startsWith('/api/city/plan-reviews')) {
    return String(first.submissionId);
  }
  if (n === 'id' && (path.startsWith('/api/budget-plans') || path.includes('/plans/'))) {
    return String(first.planId);
  }
  if (n === 'id' && path.startsWith('/api/kk/profiles')) {
    return String(first.kkProfile);
  }
  if (n === 'id' && path.startsWith('/api/kk/assemblies')) {
    return String(first.kkAssembly);
  }
  if (n === 'id' && path.startsWith('/api/cbydp')) {
    return String(first.cbydp);
  }
  if (n === 'year') {
    return String(first.year);
  }
  const noun = /\/(items|checkpoints|disbursements|evidence|photos|vouchers)\/\{id\}/.exec(
    path,
  )?.[1];
  if (n === 'id' && noun) {
    // A disbursement voucher is a row of the disbursements (migration 0036).
    const key = noun === 'vouchers' ? 'disbursements' : noun;
    return String(first.tracker[key as keyof FirstBarangay['tracker']]);
  }
  if (n === 'userid' || n.startsWith('user')) {
    return String(first.officialId);
  }
  if (n === 'filename' || n === 'storedname' || n.includes('file')) {
    return first.storedName;
  }
  if (n.includes('barangay')) {
    return String(first.barangayId);
  }
  if (n === 'id' || n.includes('project')) {
    return String(first.projectId);
  }
  return '1';
}

function mayReach(access: Access, caller: Caller): boolean {
  if (access === 'public') {
    return true;
  }
  if (access === 'nobody' || caller.kind === 'anonymous' || caller.role === null) {
    return false;
  }
  if (access === 'signedIn') {
    return true;
  }
  if (caller.kind === 'city') {
    return (access.city ?? []).includes(caller.role);
  }
  if (caller.kind === 'otherCity') {
    return (access.otherCity ?? []).includes(caller.role);
  }
  const roles = caller.kind === 'same' ? access.same : (access.other ?? []);
  return roles.includes(caller.role);
}

const BOUNDARY = 'route-matrix-boundary';

describe.each(DIALECTS)('cross-barangay route matrix on %s', (dialect) => {
  let t: TestApp;
  let callers: Caller[];
  let first: FirstBarangay;

  beforeAll(async () => {
    // Every route times every caller is more calls than a minute's API limit allows.
    t = await createTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.app.services.db;
    const barangay = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', FIRST)
      .executeTakeFirstOrThrow();
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'full_name'])
      .where('barangay_id', '=', barangay.id)
      .execute();
    const official = users.find((u) => u.username === 'sb.official');
    if (!official) {
      throw new Error('demo official of the first barangay missing');
    }
    const projects = await db
      .selectFrom('projects')
      .select(['id', 'reference_number', 'proposer_id'])
      .where('barangay_id', '=', barangay.id)
      .execute();
    const documents = await db
      .selectFrom('project_documents as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select(['d.stored_name', 'd.project_id'])
      .where('p.barangay_id', '=', barangay.id)
      .where('p.proposer_id', '=', official.id)
      .where('p.is_archived', '=', 0)
      .execute();
    const document = documents[0];
    if (!document) {
      throw new Error('the demo seed gave the first barangay no documents');
    }
    const firstId = async (
      table: 'tracker_items' | 'tracker_checkpoints' | 'tracker_disbursements' | 'tracker_evidence',
      evidence?: { public: boolean },
    ) =>
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('barangay_id', '=', barangay.id)
          .$if(evidence !== undefined, (q) =>
            q.where(
              'id',
              'in',
              db
                .selectFrom('tracker_evidence')
                .select('id')
                .where('is_public', '=', evidence?.public ? 1 : 0),
            ),
          )
          .orderBy('id')
          .executeTakeFirst()
      )?.id ?? 1;
    const tracker = {
      items: await firstId('tracker_items'),
      checkpoints: await firstId('tracker_checkpoints'),
      disbursements: await firstId('tracker_disbursements'),
      // The evidence routes change and delete a private photo; the public one stays public.
      evidence: await firstId('tracker_evidence', { public: false }),
      photos: await firstId('tracker_evidence', { public: true }),
    };
    const plan = await db
      .selectFrom('budget_plans')
      .select(['id', 'year'])
      .where('barangay_id', '=', barangay.id)
      .where('status', '=', 'posted')
      .executeTakeFirstOrThrow();
    // The posted plan submitted to the city, for the city's review routes.
    const submission = await db
      .insertInto('plan_submissions')
      .values({
        barangay_id: barangay.id,
        plan_id: plan.id,
        year: plan.year,
        state: 'submitted',
        submitted_at: new Date().toISOString(),
        submitted_by: official.id,
        submitted_by_name: 'SK Chairperson',
        received_on: new Date().toISOString().slice(0, 10),
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    first = {
      barangayId: barangay.id,
      submissionId: submission.id,
      officialId: official.id,
      projectId: document.project_id,
      planId: plan.id,
      tracker,
      kkProfile:
        (
          await db
            .selectFrom('kk_profiles')
            .select('id')
            .where('barangay_id', '=', barangay.id)
            .orderBy('id')
            .executeTakeFirst()
        )?.id ?? 1,
      kkAssembly: (
        await db
          .selectFrom('kk_assemblies')
          .select('id')
          .where('barangay_id', '=', barangay.id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      cbydp: (
        await db
          .selectFrom('cbydp_plans')
          .select('id')
          .where('barangay_id', '=', barangay.id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      year: plan.year,
      storedName: document.stored_name,
      userIds: users.map((u) => u.id),
      markers: [
        ...projects.map((p) => p.reference_number),
        ...documents.map((d) => d.stored_name),
        ...users.flatMap((u) => [u.email, u.full_name]),
      ],
      privateMarkers: [...documents.map((d) => d.stored_name), ...users.map((u) => u.email)],
    };
    const accounts = DEMO_ACCOUNTS.filter((a) => !a.mustChangePassword);
    callers = [{ name: 'anonymous', barangay: null, kind: 'anonymous', role: null, session: null }];
    for (const account of accounts) {
      callers.push({
        name: account.username,
        barangay: account.barangay,
        kind: account.barangay === FIRST ? 'same' : 'other',
        role: ROLE_OF_POSITION[account.position] ?? null,
        session: await login(t.app, account.username),
      });
    }
    // Two more barangays with a full council: Alicia (Quezon City, like SB and NN) and the
    // first barangay of a second city; each council signs in with its barangay's code.
    const makati = await importCity(db, 'City of Makati');
    expect(makati.result.added).toBeGreaterThan(20);
    const elsewhere = makati.list[0]?.psgc ?? '';
    for (const [code, prefix] of [
      [ALICIA_QC, 'qc3'],
      [elsewhere, 'mkt'],
    ] as const) {
      const names = await addCouncil(db, code, prefix);
      for (const [i, name] of names.entries()) {
        callers.push({
          name,
          barangay: code,
          kind: 'other',
          role: (['admin', 'chair', 'official'] as const)[i] ?? null,
          session: await login(t.app, name, DEMO_PASSWORD, code),
        });
      }
    }
    // City accounts: Quezon City's four, and Makati's, which sign in with the city's
    // name and may use no council route.
    for (const account of DEMO_CITY_ACCOUNTS) {
      callers.push({
        name: account.username,
        barangay: 'QC',
        kind: 'city',
        role: ROLE_OF_POSITION[account.position] ?? null,
        session: await login(t.app, account.username, DEMO_PASSWORD, 'Quezon City'),
      });
    }
    const cityRoles = ['CA', 'CYDO', 'CBO', 'SKF'] as const;
    const makatiCity = await addCityAccounts(db, 'City of Makati', 'MKT', 'mktc', cityRoles);
    for (const [i, name] of makatiCity.entries()) {
      callers.push({
        name,
        barangay: 'MKT',
        kind: 'otherCity',
        role: ROLE_OF_POSITION[cityRoles[i] ?? ''] ?? null,
        session: await login(t.app, name, DEMO_PASSWORD, 'City of Makati'),
      });
    }
    const places = await db
      .selectFrom('barangays')
      .select(['code', 'city'])
      .where(
        'code',
        'in',
        callers.flatMap((c) =>
          c.barangay && (c.kind === 'same' || c.kind === 'other') ? [c.barangay] : [],
        ),
      )
      .execute();
    expect(places.length).toBeGreaterThanOrEqual(4);
    expect(new Set(places.map((p) => p.city)).size).toBeGreaterThanOrEqual(2);
    expect(callers.filter((c) => c.kind === 'other').map((c) => c.role)).toEqual(
      expect.arrayContaining(['admin', 'chair', 'official']),
    );
    expect(accounts.some((a) => a.barangay === OTHER)).toBe(true);
  });

  afterAll(async () => {
    await t.close();
  });

  // Runs before the walk below, whose last routes end every caller's session.
  it('refuses a caller before reading the body: 401, 403 or 404, never 400 or 413', async () => {
    const urlOf = (route: Route) =>
      route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        encodeURIComponent(paramValue(name, first, route.path)),
      );
    // A parsed body would answer 400 (broken JSON, a multipart form cut off inside its file)
    // or 413 (over the app's 1 MiB limit): any other answer proves it was not read.
    const broken = {
      json: { type: 'application/json', payload: '{"broken": ' },
      oversized: { type: 'application/json', payload: `"${'x'.repeat(1024 * 1024 + 10)}` },
      multipart: {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        payload:
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n` +
          `content-type: application/pdf\r\n\r\n%PDF-1.4 cut off`,
      },
    };
    const withBody = routesOf(t.app.swagger()).filter(
      (route) => (route.json || route.multipart) && accessOf(route) !== 'public',
    );
    // Every signed-in route that takes a body, JSON or upload.
    expect(withBody.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'PUT /api/budget-plans/{id}',
        'POST /api/budget-plans/{id}/approve',
        'POST /api/tracker/items/{id}/evidence',
        'POST /api/projects/submit',
        'POST /api/rawdata/upload',
      ]),
    );
    const problems: string[] = [];
    let refusals = 0;
    for (const route of withBody) {
      const access = accessOf(route);
      const kinds = [
        ...(route.json ? [broken.json, broken.oversized] : []),
        ...(route.multipart ? [broken.multipart] : []),
      ];
      for (const caller of callers) {
        if (mayReach(access, caller)) {
          continue;
        }
        const expected = caller.kind === 'anonymous' ? [401] : [403, 404];
        for (const body of kinds) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: urlOf(route),
            headers: { ...(caller.session?.headers ?? {}), 'content-type': body.type },
            payload: body.payload,
          });
          refusals += 1;
          if (!expected.includes(response.statusCode)) {
            problems.push(
              `${route.key} as ${caller.name} (${body.type.split(';')[0] ?? ''}, ${String(body.payload.length)} bytes): ${String(response.statusCode)} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('gives no caller a 2xx the access table does not allow, and no other-barangay data', async () => {
    const routes = routesOf(t.app.swagger());
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    const walked: string[] = [];
    /** Calls by another barangay's caller on a row the first barangay's same role reached. */
    let homeRowsTried = 0;
    /** Calls by another city's account on a barangay the first barangay's city reached. */
    let cityRowsTried = 0;
    for (const route of routes) {
      const access = accessOf(route);
      if (
        typeof access === 'object' &&
        route.params.length > 0 &&
        (access.other?.length || access.otherCity?.length)
      ) {
        problems.push(`${route.key}: "other" roles are only for routes without path parameters`);
      }
      const url =
        route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          encodeURIComponent(paramValue(name, first, route.path)),
        ) + (route.path.endsWith('{document}') ? '?format=xlsx' : '');
      const line: string[] = [];
      const reachedAtHome = new Map<Role, boolean>();
      /** What the first barangay's city's accounts reached, by role (for the other city's). */
      const reachedByCity = new Map<Role, boolean>();
      for (const caller of callers) {
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(caller.session?.headers ?? {}),
            ...(hasBody
              ? {
                  'content-type': route.json
                    ? 'application/json'
                    : `multipart/form-data; boundary=${BOUNDARY}`,
                }
              : {}),
          },
          ...(hasBody ? { payload: route.json ? '{}' : `--${BOUNDARY}--\r\n` } : {}),
        });
        const status = response.statusCode;
        line.push(`${caller.name}=${status}`);
        if (status === 429) {
          problems.push(
            `${route.key} as ${caller.name}: rate-limited, so the answer proves nothing`,
          );
        }
        // A row the first barangay's caller of a role reaches is, to the same role of any other
        // barangay, not there: 404, never 403 (which would confirm it exists).
        if (caller.kind === 'same' && caller.role !== null) {
          reachedAtHome.set(caller.role, status >= 200 && status < 300);
        }
        if (caller.kind === 'city' && caller.role !== null) {
          reachedByCity.set(caller.role, status >= 200 && status < 300);
        }
        if (
          caller.kind === 'otherCity' &&
          caller.role !== null &&
          route.params.length > 0 &&
          typeof access === 'object' &&
          reachedByCity.get(caller.role) === true
        ) {
          cityRowsTried += 1;
          if (status !== 404) {
            problems.push(`${route.key} as ${caller.name} (other city): ${status}, expected 404`);
          }
        }
        if (
          caller.kind === 'other' &&
          caller.role !== null &&
          route.params.length > 0 &&
          typeof access === 'object' &&
          reachedAtHome.get(caller.role) === true &&
          !OWN_ROWS_ONLY.has(route.key)
        ) {
          homeRowsTried += 1;
        }
        if (
          caller.kind === 'other' &&
          caller.role !== null &&
          route.params.length > 0 &&
          typeof access === 'object' &&
          reachedAtHome.get(caller.role) === true &&
          !OWN_ROWS_ONLY.has(route.key) &&
          status !== 404
        ) {
          problems.push(`${route.key} as ${caller.name} (other barangay): ${status}, expected 404`);
        }
        const ok = status >= 200 && status < 300;
        if (ok && !mayReach(access, caller)) {
          problems.push(
            `${route.key} as ${caller.name} (${caller.kind}): ${status}, expected no 2xx`,
          );
        }
        // The first barangay's city reads some of its rows by design (CITY_READS_ROWS); any
        // other caller, and the other city always, must find none of them.
        if (
          ok &&
          caller.kind !== 'same' &&
          !(caller.kind === 'city' && CITY_READS_ROWS.has(route.key))
        ) {
          const markers = access === 'public' ? first.privateMarkers : first.markers;
          const leaked = markers.find((m) => response.body.includes(m));
          if (leaked) {
            problems.push(`${route.key} as ${caller.name}: answer contains "${leaked}"`);
          }
        }
      }
      walked.push(`${route.key.padEnd(42)} ${line.join(' ')}`);
    }
    console.log(`route matrix on ${dialect}, ${routes.length} routes:\n${walked.join('\n')}`);
    expect(problems).toEqual([]);
    // Three other barangays (two cities) times the roles that reach each row at home.
    expect(homeRowsTried).toBeGreaterThan(60);
    // Makati's four city roles on the Quezon City barangay route.
    expect(cityRowsTried).toBeGreaterThanOrEqual(4);
  });
});
