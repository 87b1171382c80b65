import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupInfo } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, login, type Session, type TestApp } from './helpers.ts';
import { backupCalls } from './backup-calls.ts';
import { backupBytes, installJson } from './backup-helpers.ts';
import { addCityAccounts } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// Installation-wide backups belong to the city administrator (CA) of an
// installation serving one city; with a second city no CA holds them; the first barangay's
// administrators keep them; BACKUP_ADMINS decides alone (features/backup/holders.ts).

const codeOf = (r: LightMyRequestResponse) => r.json<{ code?: string }>().code;

async function expectRefused(t: TestApp, s: Session, code: string | undefined, who: string) {
  for (const call of backupCalls(s)) {
    const r = await t.app.inject(call);
    expect(r.statusCode, `${who} ${call.method} ${call.url}`).toBe(403);
    expect(codeOf(r), `${who} ${call.url}`).toBe(code);
  }
}

async function create(t: TestApp, s: Session): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/backup', headers: s.headers });
}

const backupsOf = async (t: TestApp, s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/backup/list', headers: s.headers })).json<{
    backups: BackupInfo[];
  }>().backups;

describe.each(DIALECTS)('who holds the backups of a city installation on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  it("lets Quezon City's administrator create, list and download a backup, audited as theirs", async () => {
    const ca = await login(t.app, 'qc.admin');
    const created = await create(t, ca);
    expect(created.statusCode, created.body).toBe(200);
    const { backup } = created.json<{ backup: BackupInfo }>();
    expect(backup.kind).toBe('manual');
    expect((await backupsOf(t, ca)).map((b) => b.name)).toContain(backup.name);

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/backup/file-url/${backup.name}`,
      headers: ca.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(file.statusCode).toBe(200);
    expect([...file.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(file.rawPayload.length).toBe(backup.size);

    // The audit names the city administrator, in the city's row.
    const db = t.app.services.db;
    const city = await db
      .selectFrom('barangays')
      .select('id')
      .where('kind', '=', 'city')
      .where('code', '=', 'QC')
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('audit_log')
      .select(['action', 'username', 'user_id', 'barangay_id', 'description'])
      .where('module', '=', 'Backup')
      .where('description', 'like', `%${backup.name}%`)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'CREATE_BACKUP',
        username: 'qc.admin',
        user_id: ca.userId,
        barangay_id: city.id,
        description: `qc.admin created backup ${backup.name}`,
      },
      {
        action: 'DOWNLOAD_BACKUP',
        username: 'qc.admin',
        user_id: ca.userId,
        barangay_id: city.id,
        description: `qc.admin downloaded backup ${backup.name}`,
      },
    ]);
  });

  it('lets the city administrator install a backup, audited as theirs in the restored data', async () => {
    const ca = await login(t.app, 'qc.admin');
    const [latest] = await backupsOf(t, ca);
    if (!latest) {
      throw new Error('no backup to install');
    }
    const restored = await installJson(t.app, ca, backupBytes(t.dataDir, latest.name));
    expect(restored.statusCode, restored.body).toBe(200);
    const entry = await t.app.services.db
      .selectFrom('audit_log')
      .select(['username', 'user_id'])
      .where('action', '=', 'RESTORE_BACKUP')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ username: 'qc.admin', user_id: ca.userId });
  });

  it("refuses the city's youth development officer, budget officer and federation president", async () => {
    const before = (await backupsOf(t, await login(t.app, 'qc.admin'))).length;
    for (const username of ['qc.ydo', 'qc.budget', 'qc.federation']) {
      await expectRefused(t, await login(t.app, username), 'FORBIDDEN', username);
    }
    expect(await backupsOf(t, await login(t.app, 'qc.admin'))).toHaveLength(before);
  });

  it("keeps them with the first barangay's administrators, not another barangay's", async () => {
    const sb = await login(t.app, 'sb.admin');
    expect((await create(t, sb)).statusCode).toBe(200);
    expect((await backupsOf(t, sb)).length).toBeGreaterThanOrEqual(2);
    await expectRefused(t, await login(t.app, 'nn.admin'), 'NOT_INSTALL_ADMIN', 'nn.admin');
  });

  it('refuses the city administrator once the installation serves a row of no known city', async () => {
    const db = t.app.services.db;
    const stray = await db
      .insertInto('barangays')
      .values({
        code: 'STRAY',
        name: 'Stray',
        created_at: new Date().toISOString(),
        psgc: null,
        city: null,
        province: null,
        region: null,
        district: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ca = await login(t.app, 'qc.admin');
    await expectRefused(t, ca, 'NOT_INSTALL_ADMIN', 'qc.admin');
    await db.deleteFrom('barangays').where('id', '=', stray.id).execute();
    expect((await t.app.inject(backupCalls(ca)[1] ?? {})).statusCode).toBe(200);
  });

  it('refuses every city administrator of an installation serving two cities, saying who can', async () => {
    const db = t.app.services.db;
    const [mktAdmin] = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    const qc = await login(t.app, 'qc.admin');
    await expectRefused(t, qc, 'NOT_INSTALL_ADMIN', 'qc.admin');
    const refused = await create(t, qc);
    expect(refused.json<{ message: string }>().message).toBe(BACKUP_MESSAGES.notInstallAdminCity);
    expect(BACKUP_MESSAGES.notInstallAdminCity).toContain('BACKUP_ADMINS');
    expect(BACKUP_MESSAGES.notInstallAdminCity).toContain("installation's first barangay");
    const mkt = await login(t.app, mktAdmin ?? '', DEMO_PASSWORD, 'City of Makati');
    await expectRefused(t, mkt, 'NOT_INSTALL_ADMIN', 'mkt.ca');
    // The first barangay's administrators still hold them.
    const sb = await login(t.app, 'sb.admin');
    expect((await create(t, sb)).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('BACKUP_ADMINS over the city rule on %s', (dialect) => {
  const t = useTestApp(dialect, {
    env: { RATE_LIMIT_PER_MINUTE: '100000', BACKUP_ADMINS: 'qc.admin,nn.admin' },
  });

  it('decides alone: the listed city administrator even with two cities, no one else', async () => {
    await addCityAccounts(t.app.services.db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    const qc = await login(t.app, 'qc.admin');
    expect((await create(t, qc)).statusCode).toBe(200);
    expect((await create(t, await login(t.app, 'nn.admin'))).statusCode).toBe(200);
    await expectRefused(t, await login(t.app, 'sb.admin'), 'NOT_INSTALL_ADMIN', 'sb.admin');
    const mkt = await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati');
    await expectRefused(t, mkt, 'NOT_INSTALL_ADMIN', 'mkt.ca');
    await expectRefused(t, await login(t.app, 'qc.ydo'), 'FORBIDDEN', 'qc.ydo');
  });
});
