// Two server processes on one PostgreSQL database (two apps in this process, as in a deployment
// behind a load balancer): a raw-data import on one shows in the other's forecast on its next
// call (the raw-data version is read from the database), and a restore on one drops the other's
// caches within seconds and ends the sessions it had signed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ForecastResponse } from '@sk-tanaw/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { backupBytes, createBackup, installJson } from './backup-helpers.ts';
import { loginAs, newSchemaName, removeTestData, testEnv, type Session } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.runIf(PG_URL)('caches of two server processes on one PostgreSQL database', () => {
  const schema = newSchemaName();
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tanaw-caches-')));
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const build = (dataDir: string) => buildApp(loadConfig(testEnv(dataDir, schema)));
    a = await build(dirs[0] ?? '');
    b = await build(dirs[1] ?? '');
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await removeTestData(schema, dirs);
  });

  const uploadCsv = async (app: FastifyInstance, s: Session, csv: string) => {
    const body = multipart(
      {},
      { name: 'file', fileName: 'budget.csv', contentType: 'text/csv', content: Buffer.from(csv) },
    );
    const r = await app.inject({
      method: 'POST',
      url: '/api/rawdata/upload',
      payload: body.payload,
      headers: { ...s.headers, ...body.headers },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  const forecast = async (app: FastifyInstance, s: Session) => {
    const r = await app.inject({ method: 'GET', url: '/api/forecast', headers: s.headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<ForecastResponse>();
  };

  it("shows an import on one process in the other's next forecast", async () => {
    const [ma, skc] = [await loginAs(a, 'MA', 'SB'), await loginAs(b, 'SKC', 'SB')];
    const before = await forecast(b, skc);
    expect(await forecast(b, skc)).toEqual(before);
    await uploadCsv(
      a,
      ma,
      'PPA,Category,Committee,Budget 2022,Budget 2023\r\nChoir,Culture,Arts,8000,9000\r\n',
    );
    const after = await forecast(b, skc);
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.by_category.committees).toContain('Culture');
  });

  it("drops the other process's caches within seconds of a restore and ends its sessions", async () => {
    const ma = await loginAs(a, 'MA', 'SB');
    const made = await createBackup(a, ma);
    expect(made.statusCode, made.body).toBe(200);
    const name = made.json<{ backup: { name: string } }>().backup.name;
    // Data after the backup, which the restore takes away; B has it cached.
    await uploadCsv(a, ma, 'PPA,Category,Committee,Budget 2023\r\nSayaw,Dance,Arts,5000\r\n');
    const skc = await loginAs(b, 'SKC', 'SB');
    expect((await forecast(b, skc)).by_category.committees).toContain('Dance');
    let dropped = 0;
    const { forgetCached } = b.services.forecast;
    b.services.forecast.forgetCached = () => {
      dropped += 1;
      forgetCached();
    };

    const restored = await installJson(a, ma, backupBytes(dirs[0] ?? '', name));
    expect(restored.statusCode, restored.body).toBe(200);
    // The session B signed before the restore is refused at once.
    const me = await b.inject({ method: 'GET', url: '/api/user-data', headers: skc.headers });
    expect(me.statusCode).toBe(401);
    for (let i = 0; i < 50 && dropped === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(dropped).toBe(1);
    const again = await loginAs(b, 'SKC', 'SB');
    const now = await forecast(b, again);
    expect(now.by_category.committees).not.toContain('Dance');
    expect(now.by_category.committees).toContain('Culture');
  }, 180_000);
});
