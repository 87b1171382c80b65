// Property-based abuse of every route in the OpenAPI document: random, wrong, huge and hostile
// bodies, parameters and uploads, as anonymous callers and as each kind of signed-in user. The
// server must answer every one with a clear 4xx (or a success it allows), never a 5xx, and never
// make a change the caller may not make. Routes added later are fuzzed without touching this file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { INITIAL_PROJECT_STATUS, canResubmit } from '@sk-tanaw/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_SEED, fixedRun, randomRun } from '../../../test-utils/property-runs.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { docxBytes } from './projects-helpers.ts';
import {
  bodyArbitrary,
  multipartArbitrary,
  operationsOf,
  paramArbitrary,
  queryArbitrary,
  type FuzzOperation,
} from './fuzz-arbitraries.ts';

/** Total time the fuzzing may take per database and caller group, shared by the routes. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 8_000);
/**
 * Each route and caller gets at least this long for random batches after its fixed-seed batch.
 * At 200 ms and about 300 routes the floor, not BUDGET_MS, set the fuzz's time (230 s per
 * database, the longest file of the suite); 60 ms keeps a random batch or two per route.
 * `FUZZ_BUDGET_MS` searches longer locally.
 */
const ROUTE_FLOOR_MS = Number(process.env.FUZZ_ROUTE_FLOOR_MS ?? 60);
const MAX_RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const BATCH = 5;

type Caller = 'anonymous' | 'SKO' | 'SKC' | 'MA';

interface Snapshot {
  users: Map<number, string>;
  userSecrets: Map<number, string>;
  auditRows: string[];
  otherBarangayProjects: string;
  otherBarangayUsers: string;
  otherBarangayRawData: string;
  /** This barangay's projects: id to status and proposer. */
  projects: Map<number, { status: string; proposer: number }>;
}

function expectErrorShape(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} -> ${response.statusCode} ${response.body}`).toBeLessThan(
    500,
  );
  if (response.statusCode >= 400) {
    const body: unknown = JSON.parse(response.body);
    expect(body, what).toEqual({
      success: false,
      message: expect.any(String) as string,
      code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/) as string,
    });
    expect((body as { message: string }).message.length, what).toBeGreaterThan(0);
  }
}

describe.each(DIALECTS)('fuzzing every route on %s', (dialect) => {
  let t: TestApp;
  const sessions = new Map<Caller, Session | null>();
  let operations: FuzzOperation[] = [];
  let sbId = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        // The fuzz calls far faster than any person; limits are tested elsewhere.
        RATE_LIMIT_PER_MINUTE: '100000000',
        LOGIN_MAX_FAILURES: '100000000',
        LOGIN_ADDRESS_MAX_FAILURES: '100000000',
        UPLOAD_MAX_MB: '1',
      },
    });
    operations = operationsOf(t.app.swagger());
    sessions.set('anonymous', null);
    sessions.set('SKO', await loginAs(t.app, 'SKO'));
    sessions.set('SKC', await loginAs(t.app, 'SKC'));
    sessions.set('MA', await loginAs(t.app, 'MA'));
    sbId = (
      await t.app.services.db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', 'SB')
        .executeTakeFirstOrThrow()
    ).id;
    // A project of each barangay with a document, so ids and file names point at real rows.
    await submitProject(await loginAs(t.app, 'SKO', 'SB'), 'Fuzz seed SB');
    await submitProject(await loginAs(t.app, 'SKO', 'NN'), 'Fuzz seed NN');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function submitProject(s: Session, title: string): Promise<void> {
    const boundary = 'fuzzseedboundary';
    const pdf = buildSimplePdf(title, 'Body');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nd\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${String(s.userId)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="projectFile"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function snapshot(): Promise<Snapshot> {
    const { db } = t.app.services;
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    const audit = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const projects = await db.selectFrom('projects').selectAll().orderBy('id').execute();
    return {
      users: new Map(
        users.map((u) => [
          u.id,
          JSON.stringify([u.username, u.position, u.barangay_id, u.is_archived, u.email]),
        ]),
      ),
      userSecrets: new Map(
        users.map((u) => [u.id, JSON.stringify([u.password_hash, u.is_default_password])]),
      ),
      auditRows: audit.map((row) => JSON.stringify(row)),
      otherBarangayProjects: JSON.stringify(projects.filter((p) => p.barangay_id !== sbId)),
      otherBarangayUsers: JSON.stringify(users.filter((u) => u.barangay_id !== sbId)),
      otherBarangayRawData: JSON.stringify(
        await db
          .selectFrom('raw_ppas')
          .innerJoin('raw_values', 'raw_values.ppa_id', 'raw_ppas.id')
          .selectAll()
          .where('raw_ppas.barangay_id', '!=', sbId)
          .orderBy('raw_ppas.id')
          .orderBy('raw_values.year')
          .execute(),
      ),
      projects: new Map(
        projects
          .filter((p) => p.barangay_id === sbId)
          .map((p) => [p.id, { status: p.status, proposer: p.proposer_id }]),
      ),
    };
  }

  /** What a caller may never change, whatever it sends. */
  function expectNoForbiddenChange(before: Snapshot, after: Snapshot, caller: Caller): void {
    // Audit rows are append-only for everyone.
    expect(after.auditRows.slice(0, before.auditRows.length)).toEqual(before.auditRows);
    // No caller of San Bartolome touches another barangay's projects.
    expect(after.otherBarangayProjects).toBe(before.otherBarangayProjects);
    expect(after.otherBarangayUsers).toBe(before.otherBarangayUsers);
    expect(after.otherBarangayRawData).toBe(before.otherBarangayRawData);
    if (caller === 'MA') {
      return;
    }
    // Only administrators change accounts; a user may change only their own credentials.
    for (const [id, row] of before.users) {
      expect(after.users.get(id), `user ${String(id)}`).toBe(row);
    }
    const own = sessions.get(caller)?.userId;
    for (const [id, secret] of before.userSecrets) {
      if (id !== own) {
        expect(after.userSecrets.get(id), `user ${String(id)} credentials`).toBe(secret);
      }
    }
    if (caller === 'SKC') {
      return;
    }
    // Only the chair reviews. The one status change another caller may make is the proposer's
    // resubmission of their own project awaiting revision (back to review): a random seed once
    // sent a valid one for a demo project of the official.
    for (const [id, was] of before.projects) {
      const now = after.projects.get(id);
      if (now?.status === was.status) {
        continue;
      }
      const resubmitted =
        was.proposer === own && canResubmit(was.status) && now?.status === INITIAL_PROJECT_STATUS;
      expect(
        resubmitted,
        `project ${String(id)}: ${was.status} -> ${String(now?.status)} by ${caller}`,
      ).toBe(true);
    }
  }

  /** A session a fuzz call ended (e.g. logout) is replaced, so later calls stay authenticated. */
  async function keepSignedIn(caller: Caller): Promise<void> {
    const s = sessions.get(caller);
    if (!s || caller === 'anonymous') {
      return;
    }
    const check = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
    if (check.statusCode === 401) {
      sessions.set(caller, await loginAs(t.app, caller).catch(() => s));
    }
  }

  function urlOf(op: FuzzOperation, params: Record<string, string>, query: string): string {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '1');
    return query ? `${path}?${query}` : path;
  }

  /** The snapshot the previous route ended with, within one fuzzing test (null at its start). */
  let carried: Snapshot | null = null;

  async function fuzzOperation(op: FuzzOperation, callers: Caller[], budgetMs: number) {
    const caseArb = fc.record({
      caller: fc.constantFrom(...callers),
      params: paramArbitrary(op),
      query: queryArbitrary(op),
      body: op.multipart
        ? fc.oneof(
            {
              weight: 3,
              arbitrary: multipartArbitrary(op, [buildSimplePdf('F', 'x'), docxBytes()]),
            },
            { weight: 1, arbitrary: bodyArbitrary(op) },
          )
        : fc.oneof(
            { weight: 4, arbitrary: bodyArbitrary(op) },
            { weight: 1, arbitrary: multipartArbitrary(op, [buildSimplePdf('F', 'x')]) },
          ),
    });
    // What the last route's check read is this route's starting point: only sign-ins (audit
    // rows appended, nothing the check compares) happen in between.
    const before = carried ?? (await snapshot());
    const property = fc.asyncProperty(caseArb, async ({ caller, params, query, body }) => {
      const session = sessions.get(caller) ?? null;
      const response = await t.app.inject({
        method: op.method,
        url: urlOf(op, params, query),
        headers: { ...(session?.headers ?? {}), ...body.headers },
        ...(op.method === 'GET' || op.method === 'HEAD' ? {} : { payload: body.payload }),
      });
      const what = `${caller} ${op.method} ${op.path} (${body.label})`;
      expectErrorShape(response, what);
      expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
      expect(Object.prototype, what).not.toHaveProperty('polluted');
      if (response.statusCode < 300 && op.method !== 'GET') {
        await keepSignedIn(caller);
      }
    });
    // One batch with the fixed seed always (the same cases on every run); then batches with
    // random seeds while the route's share of the budget lasts (fast-check names a failing one).
    const deadline = Date.now() + budgetMs;
    await fc.assert(property, fixedRun(BATCH));
    let runs = BATCH;
    while (Date.now() < deadline && runs < MAX_RUNS) {
      // FUZZ_RUNS, not PROPERTY_RUNS, sets how many cases the fuzz tries in all.
      await fc.assert(property, { ...randomRun(BATCH), numRuns: BATCH });
      runs += BATCH;
    }
    const after = await snapshot();
    for (const caller of callers) {
      expectNoForbiddenChange(before, after, caller);
    }
    carried = after;
    for (const caller of callers) {
      await keepSignedIn(caller);
    }
  }

  describe('cases fuzzing found', () => {
    const upload = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/projects/submit',
        headers: { ...sessions.get('SKO')?.headers, 'content-type': contentType },
        payload,
      });
    const staging = () =>
      readdirSync(join(t.dataDir, 'uploads')).filter((name) => name.startsWith('.staging-'));

    it('answers a malformed percent-encoding in the path with our error shape', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/projects/user/%FF' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'The address is not valid.',
        code: 'BAD_URL',
      });
    });

    it("answers an id beyond the databases' integer range with 400, not 500", async () => {
      for (const url of [
        '/api/projects/9007199254740991/history',
        '/api/projects/2147483648/history',
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: sessions.get('SKO')?.headers,
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
    });

    it('answers text with a NUL character with a 4xx on every database', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'sb.off\u0000icial', password: 'x', barangay: 'San\u0000Bartolome' },
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    });

    it('answers a multipart upload without a boundary with 400, not 500', async () => {
      const response = await upload('multipart/form-data', '--x--\r\n');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'INVALID_MULTIPART' });
    });

    it('answers a raw-data upload without a boundary or cut off inside its file with 400', async () => {
      const admin = sessions.get('MA')?.headers;
      for (const [contentType, payload] of [
        ['multipart/form-data', '--x--\r\n'],
        [
          'multipart/form-data; boundary=abc',
          '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nPPA,Category',
        ],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/rawdata/upload',
          headers: { ...admin, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
    });

    it('answers an upload cut off inside its file with 400 at once and keeps no staging file', async () => {
      const response = await upload(
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="projectFile"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'INVALID_MULTIPART' });
      expect(staging()).toEqual([]);
    });

    it('answers a part whose quoted name holds a raw line break, on a part over 64 KiB, with 400', async () => {
      // @fastify/busboy stops reading the body on such a part; the request used to hang.
      const big = '%'.repeat(100 * 1024);
      for (const disposition of [
        'name="projectFile"; filename="   \t\n"',
        'name="projectFile"; filename="a\rb.pdf"',
        'name="title\n"',
      ]) {
        const response = await upload(
          'multipart/form-data; boundary=abc',
          `--abc\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n${big}\r\n--abc--\r\n`,
        );
        expect(response.statusCode, disposition).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, disposition).toBeLessThan(500);
        expect(staging()).toEqual([]);
      }
      // The raw-data import reads its parts itself (streamed into the import): guarded as well.
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/rawdata/upload',
        headers: {
          ...sessions.get('MA')?.headers,
          'content-type': 'multipart/form-data; boundary=abc',
        },
        payload: `--abc\r\nContent-Disposition: form-data; name="file"; filename="a\nb.csv"\r\nContent-Type: text/csv\r\n\r\n${big}\r\n--abc--\r\n`,
      });
      expect(raw.statusCode, raw.body).toBeGreaterThanOrEqual(400);
      expect(raw.statusCode, raw.body).toBeLessThan(500);
      // So does the backup install, which takes its first file part.
      const install = await t.app.inject({
        method: 'POST',
        url: '/api/backup/install',
        headers: {
          ...sessions.get('MA')?.headers,
          'content-type': 'multipart/form-data; boundary=abc',
        },
        payload: `--abc\r\nContent-Disposition: form-data; name="file"; filename="a\nb.bak"\r\n\r\n${big}\r\n--abc--\r\n`,
      });
      expect(install.statusCode, install.body).toBeGreaterThanOrEqual(400);
      expect(install.statusCode, install.body).toBeLessThan(500);
    });
  });

  it('lists every route, upload routes included', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((op) => op.multipart).map((op) => op.path)).toContain(
      '/api/projects/submit',
    );
  });

  it(`answers anonymous callers, officials and chairs with 4xx or allowed success, never 5xx (seed ${FIXED_SEED}, then random seeds)`, async () => {
    const budget = Math.max(ROUTE_FLOOR_MS, BUDGET_MS / operations.length);
    carried = null;
    for (const op of operations) {
      // Each caller on its own, so the change check knows who made a change.
      for (const caller of ['anonymous', 'SKO', 'SKC'] as const) {
        await fuzzOperation(op, [caller], budget / 3);
      }
    }
    // Every route gets its fixed-seed batch and a check of what changed, whatever the budget:
    // the time grows with the routes.
  }, 360_000);

  it(`answers administrators without 5xx and without reaching another barangay (seed ${FIXED_SEED}, then random seeds)`, async () => {
    const budget = Math.max(ROUTE_FLOOR_MS, BUDGET_MS / operations.length);
    carried = null;
    for (const op of operations) {
      await fuzzOperation(op, ['MA'], budget);
    }
  }, 360_000);
});
