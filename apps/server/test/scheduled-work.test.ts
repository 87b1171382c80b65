// Scheduled work runs in one process at a time across a deployment on PostgreSQL: every process
// ticks, the one holding the installation-wide lock writes the automatic backup, the others skip.
// A backup or restore asked of one process while another runs one is refused (409 BACKUP_BUSY).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { tryInstallLock } from '../src/db/install-lock.ts';
import { manualClock } from '../src/lib/clock.ts';
import { loginAs, newSchemaName, removeTestData, testEnv } from './helpers.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const HOUR = 3_600_000;

describe.runIf(PG_URL)('two server processes on one PostgreSQL database', () => {
  const schema = newSchemaName();
  // One shared folder stands for the shared bucket the backups of such a deployment go to.
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-sched-'));
  const clock = manualClock(new Date());
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ ...testEnv(dataDir, schema), BACKUP_INTERVAL_HOURS: '6' });
    a = await buildApp(config, { clock });
    b = await buildApp(config, { clock });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await removeTestData(schema, [dataDir]);
  });

  it('write one automatic backup per due time, whichever process ticks', async () => {
    for (let round = 0; round < 3; round += 1) {
      clock.advance(6 * HOUR + 1000);
      const made = await Promise.all([
        a.services.backup.runScheduledIfDue(),
        b.services.backup.runScheduledIfDue(),
        a.services.backup.runScheduledIfDue(),
        b.services.backup.runScheduledIfDue(),
      ]);
      expect(made.filter((m) => m !== null)).toHaveLength(1);
    }
    const autos = (await a.services.backup.list()).filter((x) => x.kind === 'auto');
    expect(autos).toHaveLength(3);
    const audited = await a.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'AUTO_BACKUP')
      .execute();
    expect(audited).toHaveLength(3);
  }, 180_000);

  it('refuse a backup on one process while another process holds the backup lock', async () => {
    const ma = await loginAs(b, 'MA', 'SB');
    const held = await tryInstallLock(a.services.database, 'backup', async () => {
      clock.advance(6 * HOUR + 1000);
      expect(await b.services.backup.runScheduledIfDue()).toBeNull();
      const refused = await b.inject({ method: 'POST', url: '/api/backup', headers: ma.headers });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'BACKUP_BUSY' });
      return true;
    });
    expect(held).toEqual({ ran: true, value: true });
    // Once released, the next tick writes the backup that is due.
    expect((await b.services.backup.runScheduledIfDue())?.kind).toBe('auto');
  }, 180_000);
});
