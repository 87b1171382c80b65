// Two real server processes on one PostgreSQL database, one Redis and one S3-protocol server,
// each with its own empty DATA_DIR and no JWT_SECRET: what a deployment behind a load balancer
// needs. Clients reach the processes directly and name their address
// in X-Forwarded-For (TRUST_PROXY=true: the loopback peer is the proxy).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { multipart } from './projects-helpers.ts';
import { TEST_REDIS_URL, redisPrefix, redisReachable } from './redis-helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { processStore, startServer, waitUntil, type ServerProcess } from './server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const redisUp = await redisReachable();
const skipReason = !PG_URL
  ? 'TEST_DATABASE_URL is not set (no PostgreSQL)'
  : !redisUp
    ? `nothing answers at ${TEST_REDIS_URL} (no Redis)`
    : undefined;
if (skipReason) {
  console.warn(`scale-out.test.ts skipped: ${skipReason}`);
}

const PASSWORD = 'Tanaw#2025';

interface Session {
  headers: Record<string, string>;
  userId: number;
}

describe.runIf(skipReason === undefined)('two server processes behind a load balancer', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const keys = redisPrefix('scale');
  const stores = [
    processStore('postgres', 'tanaw-scale-a-'),
    processStore('postgres', 'tanaw-scale-b-'),
  ];
  let s3: S3TestServer | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  const started: ServerProcess[] = [];

  const env = (dataDir: string): Record<string, string> => ({
    DATA_DIR: dataDir,
    WEB_ROOT: join(dataDir, 'no-web'),
    DATABASE_URL: PG_URL ?? '',
    DATABASE_SCHEMA: schema,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: keys.prefix,
    ...s3?.env,
    RATE_LIMIT_PER_MINUTE: '60',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    BACKUP_INTERVAL_HOURS: '0',
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    for (const store of stores) {
      started.push(await startServer(env(store.dataDir)));
    }
    [a, b] = started as [ServerProcess, ServerProcess];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((server) => server.kill9()));
    await s3?.stop();
    await keys.drop();
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    for (const store of stores) {
      await store.drop();
    }
  });

  /** A query on the shared database, read independently of the servers. */
  async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({
      connectionString: PG_URL,
      options: `-c search_path=${schema}`,
    });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const call = (base: string, path: string, ip: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string>) },
    });

  async function signIn(
    base: string,
    username: string,
    ip: string,
    barangay = 'San Bartolome',
  ): Promise<Session> {
    const r = await call(base, '/api/login', ip, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD, barangay }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const body = (await r.json()) as { token: string; user: { userId: number } };
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { headers: { authorization: `Bearer ${body.token}`, cookie }, userId: body.user.userId };
  }

  const authed = (base: string, path: string, s: Session, ip: string, init: RequestInit = {}) =>
    call(base, path, ip, { ...init, headers: { ...s.headers, ...(init.headers as object) } });

  function submission(s: Session, title: string, pdf: Buffer) {
    return multipart(
      { title, description: `${title} description`, userId: String(s.userId) },
      { name: 'projectFile', fileName: `${title}.pdf`, content: pdf },
    );
  }

  it('signs in on A and serves the session on B', async () => {
    const s = await signIn(a.base, 'sb.chair', '10.20.0.1');
    const me = await authed(b.base, '/api/user-data', s, '10.20.0.1');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userInfo: { userName: string } }).userInfo.userName).toBe(
      'sb.chair',
    );
    // Neither process generated a secret of its own into its DATA_DIR.
    for (const store of stores) {
      expect(readdirSync(store.dataDir)).not.toContain('jwt-secret');
    }
  });

  it('stores an upload on A and serves it through B byte for byte', async () => {
    const sko = await signIn(a.base, 'sb.official', '10.20.0.2');
    const pdf = buildSimplePdf('Shared document', 'Budget line. '.repeat(30_000));
    const body = submission(sko, 'Shared document', pdf);
    const submitted = await authed(a.base, '/api/projects/submit', sko, '10.20.0.2', {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const stored = ((await submitted.json()) as { project: { fileUrl: string } }).project.fileUrl
      .split('/')
      .pop();
    const link = await authed(b.base, `/api/projects/download/${stored ?? ''}`, sko, '10.20.0.2');
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    const download = await call(b.base, url, '10.20.0.2');
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("imports raw data on A and B's forecast reflects it on the next call", async () => {
    const ma = await signIn(a.base, 'sb.admin', '10.20.0.3');
    const skc = await signIn(b.base, 'sb.chair', '10.20.0.3');
    const forecast = async () => {
      const r = await authed(b.base, '/api/forecast', skc, '10.20.0.3');
      expect(r.status).toBe(200);
      return (await r.json()) as { data_version: number; by_category: { committees: string[] } };
    };
    const before = await forecast();
    expect(before.by_category.committees).not.toContain('Kultura');
    const csv =
      'PPA,Category,Committee,Budget 2023,Budget 2024\r\nHarana,Kultura,Arts,8000,9000\r\n';
    const body = multipart(
      {},
      { name: 'file', fileName: 'budget.csv', contentType: 'text/csv', content: Buffer.from(csv) },
    );
    const upload = await authed(a.base, '/api/rawdata/upload', ma, '10.20.0.3', {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const after = await forecast();
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.by_category.committees).toContain('Kultura');
  });

  it('with RATE_LIMIT_PER_MINUTE=60, 40 calls to A and 40 to B from one address get 20 429s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await call(a.base, '/api/health', '10.20.1.1')).status);
      statuses.push((await call(b.base, '/api/health', '10.20.1.1')).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('checks at most 10 of 40 parallel wrong passwords spread over A and B', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? a.base : b.base, '/api/login', '10.20.2.1', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'nn.official',
            password: 'Wrong#Pass1',
            barangay: 'Nagkaisang Nayon',
          }),
        }).then((r) => r.status),
      ),
    );
    expect(new Set(attempts)).toEqual(new Set([401, 429]));
    const [checked] = await query<{ n: number }>(
      `select count(*)::int as n from sessions where username_key = $1 and outcome = 'failed'`,
      ['nn.official'],
    );
    expect(checked?.n).toBeGreaterThanOrEqual(1);
    expect(checked?.n).toBeLessThanOrEqual(10);
    expect(attempts.filter((s) => s === 401)).toHaveLength(checked?.n ?? -1);
  });

  it('signs the sessions B signed out when A restores a backup', async () => {
    const onB = await signIn(b.base, 'sb.chair', '10.20.3.1');
    expect((await authed(b.base, '/api/user-data', onB, '10.20.3.1')).status).toBe(200);
    const ma = await signIn(a.base, 'sb.admin', '10.20.3.2');
    const made = await authed(a.base, '/api/backup', ma, '10.20.3.2', { method: 'POST' });
    expect(made.status, await made.clone().text()).toBe(200);
    const name = ((await made.json()) as { backup: { name: string } }).backup.name;
    // Made on A, downloaded through B: backups are in the shared bucket.
    const link = await authed(b.base, `/api/backup/file-url/${name}`, ma, '10.20.3.2');
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    const file = Buffer.from(await (await call(b.base, url, '10.20.3.2')).arrayBuffer());
    const restored = await authed(a.base, '/api/backup/install', ma, '10.20.3.2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: file.toString('base64') }),
    });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect((await authed(b.base, '/api/user-data', onB, '10.20.3.1')).status).toBe(401);
    // B reads that A released its hold within its one-second poll; until then B answers writes,
    // a sign-in included, 503 "try again in a moment".
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // The document stored before the backup is still served through B after the restore.
    const again = await signIn(b.base, 'sb.chair', '10.20.3.1');
    expect((await authed(b.base, '/api/user-data', again, '10.20.3.1')).status).toBe(200);
  }, 180_000);

  it("refuses writes on B while A restores (503), so the swap loses none of B's", async () => {
    const ma = await signIn(a.base, 'sb.admin', '10.20.4.2');
    const onB = await signIn(b.base, 'sb.chair', '10.20.4.1');
    const made = await authed(a.base, '/api/backup', ma, '10.20.4.2', { method: 'POST' });
    expect(made.status, await made.clone().text()).toBe(200);
    const name = ((await made.json()) as { backup: { name: string } }).backup.name;
    const link = await authed(a.base, `/api/backup/file-url/${name}`, ma, '10.20.4.2');
    const { url } = (await link.json()) as { url: string };
    const file = Buffer.from(await (await call(a.base, url, '10.20.4.2')).arrayBuffer());
    const restore = { done: false };
    const restoring = authed(a.base, '/api/backup/install', ma, '10.20.4.2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: file.toString('base64') }),
    }).finally(() => {
      restore.done = true;
    });
    // Any write on B (an invalid one is enough: the hold answers before validation), each from
    // an address of its own: RATE_LIMIT_PER_MINUTE is 60 here, and a restore on a busy machine
    // outlasts 60 calls, after which one address would only see 429.
    let calls = 0;
    const writeOnB = async () =>
      (
        await authed(b.base, '/api/budget-plans', onB, `10.21.${String((calls += 1) % 250)}.1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;
    const seen = new Set<number>();
    while (!restore.done) {
      seen.add(await writeOnB());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await restoring).status).toBe(200);
    expect([...seen]).toContain(503);
    // The restore released the hold: B takes writes again within its poll interval.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await writeOnB()).not.toBe(503);
  }, 180_000);

  it('keeps every answered write and B answering when A is killed (-9) under 50 users', async () => {
    const users = 50;
    // Signed in a few at a time: parallel sign-ins of one account count as failures until they
    // are settled, and ten of them lock it.
    const sessions: Session[] = [];
    for (let i = 0; i < users; i += 5) {
      sessions.push(
        ...(await Promise.all(
          [0, 1, 2, 3, 4].map((j) =>
            signIn((i + j) % 2 ? a.base : b.base, 'sb.official', `10.21.0.${String(i + j + 1)}`),
          ),
        )),
      );
    }
    const pdf = buildSimplePdf('Load', 'Budget line. '.repeat(200));
    const answered: number[] = [];
    const bAnswers: number[] = [];
    let killed = false;
    const stopAt = Date.now() + 6_000;
    setTimeout(() => {
      killed = true;
      void a.kill9();
    }, 2_000);
    await Promise.all(
      sessions.map(async (s, i) => {
        for (let n = 0; Date.now() < stopAt; n += 1) {
          // Each call from an address of its own: RATE_LIMIT_PER_MINUTE is 60 here.
          const ip = `10.${String(22 + (n % 200))}.${String(i)}.1`;
          const base = (i + n) % 2 ? a.base : b.base;
          const write = n % 3 === 0;
          try {
            if (write) {
              const body = submission(s, `Load ${String(i)}-${String(n)}`, pdf);
              const r = await authed(base, '/api/projects/submit', s, ip, {
                method: 'POST',
                headers: body.headers,
                body: body.payload,
              });
              if (r.ok) {
                answered.push(((await r.json()) as { project: { id: number } }).project.id);
              } else {
                await r.arrayBuffer();
              }
              if (base === b.base && killed) {
                bAnswers.push(r.status);
              }
            } else {
              const r = await authed(base, `/api/projects/user/${String(s.userId)}`, s, ip);
              await r.arrayBuffer();
              if (base === b.base && killed) {
                bAnswers.push(r.status);
              }
            }
          } catch {
            // A's connections die with it.
          }
        }
      }),
    );
    console.log(
      `scale-out: ${String(answered.length)} writes answered 2xx, ${String(bAnswers.length)} answers from B after A was killed`,
    );
    expect(answered.length).toBeGreaterThan(0);
    const rows = await query<{ id: number }>('select id from projects where id = any($1)', [
      answered,
    ]);
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(
      [...answered].sort((x, y) => x - y),
    );
    // B kept answering after A died: every one of its answers then was a success.
    expect(bAnswers.length).toBeGreaterThan(0);
    expect(bAnswers.filter((status) => status >= 300)).toEqual([]);
    expect((await call(b.base, '/api/ready', '10.21.1.1')).status).toBe(200);
  }, 180_000);

  // No start-up lists the bucket; what a crash leaves is found from the
  // upload intents in the database (common/document-sweep.ts).
  /** Starts one more process on the shared data, with a DATA_DIR of its own. */
  async function another(prefix: string, extra: Record<string, string> = {}, outputFile?: string) {
    const store = processStore('postgres', prefix);
    stores.push(store);
    const server = await startServer({ ...env(store.dataDir), ...extra }, { outputFile });
    started.push(server);
    return { server, store };
  }

  it("starts a process while B is under load; its sweep leaves B's uploads in flight alone", async () => {
    const s = await signIn(b.base, 'sb.official', '10.30.0.1');
    const pdf = buildSimplePdf('Under load', 'Budget line. '.repeat(2_000));
    const answered: number[] = [];
    const failures: number[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        for (let n = 0; loading; n += 1) {
          const body = submission(s, `Sweep load ${String(i)}-${String(n)}`, pdf);
          const ip = `10.${String(31 + (n % 200))}.${String(i)}.1`;
          const r = await authed(b.base, '/api/projects/submit', s, ip, {
            method: 'POST',
            headers: body.headers,
            body: body.payload,
          });
          if (r.ok) {
            answered.push(((await r.json()) as { project: { id: number } }).project.id);
          } else {
            failures.push(r.status);
            await r.arrayBuffer();
          }
        }
      }),
    );
    // Its sweep runs once it listens; the log says when a run has finished.
    const output = join(stores[0]?.dataDir ?? '', 'c.log');
    const { server: c } = await another('tanaw-scale-c-', { LOG_LEVEL: 'debug' }, output);
    expect((await call(c.base, '/api/ready', '10.30.0.2')).status).toBe(200);
    await waitUntil(
      async () => readFileSync(output, 'utf8').includes('document sweep finished'),
      "C's document sweep has run",
    );
    loading = false;
    await load;
    expect(failures).toEqual([]);
    expect(answered.length).toBeGreaterThan(0);
    // Every answered upload has its document in the bucket: none was taken for a crash's.
    const documents = await query<{ stored_name: string }>(
      'select stored_name from project_documents where project_id = any($1)',
      [answered],
    );
    expect(documents).toHaveLength(answered.length);
    for (const { stored_name: name } of documents) {
      expect(await s3?.hasDocument(name), name).toBe(true);
    }
  }, 120_000);

  it('restarts A against a bucket of 1,001+ documents and cleans a killed upload without listing it', async () => {
    // More than a page of documents (left by a process from before the intents, say).
    await s3?.putDocuments(
      Array.from({ length: 1_001 }, () => `${randomBytes(16).toString('hex')}.pdf`),
    );
    const listed = await s3?.listings('documents/');
    // D starts against that bucket, and is killed once an upload's object is stored, before
    // the rows naming it commit.
    const { server: d } = await another('tanaw-scale-d-', {
      TANAW_TEST_CRASH_AT: 'document-stored',
    });
    const s = await signIn(d.base, 'sb.official', '10.40.0.1');
    const body = submission(s, 'Killed mid upload', buildSimplePdf('Killed', 'Budget line.'));
    const killed = await authed(d.base, '/api/projects/submit', s, '10.40.0.1', {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    }).catch(() => null);
    expect(killed).toBeNull();
    await d.kill9();
    const [intent] = await query<{ id: number; stored_name: string }>(
      `select id, stored_name from pending_uploads where owner like $1`,
      [`%:${String(d.child.pid)}:%`],
    );
    expect(intent).toBeDefined();
    expect(await s3?.hasDocument(intent?.stored_name ?? '')).toBe(true);
    // As if the grace (an hour with a bucket) had passed since.
    await query(`update pending_uploads set created_at = $1 where id = $2`, [
      new Date(Date.now() - 2 * 3_600_000).toISOString(),
      intent?.id,
    ]);

    // A, killed under load earlier, starts again and serves; its sweep removes the object.
    a = await startServer(env(stores[0]?.dataDir ?? ''));
    started.push(a);
    expect((await call(a.base, '/api/ready', '10.40.0.2')).status).toBe(200);
    await waitUntil(
      async () =>
        (await query('select id from pending_uploads where id = $1', [intent?.id])).length === 0,
      "A's sweep follows the killed upload's intent",
    );
    expect(await s3?.hasDocument(intent?.stored_name ?? '')).toBe(false);
    // Neither start nor sweep listed the documents.
    expect(await s3?.listings('documents/')).toBe(listed);
  }, 120_000);
});
