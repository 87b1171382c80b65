import type { KkAuditEntry } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateKysely } from '../src/db/migrate.ts';
import { splitReason } from '../src/db/migrations/0028-kk-audit-reasons.ts';
import { sealReasons } from '../src/features/kk/audit-reasons-repository.ts';
import { createCipher, loadKeys } from '../src/features/kk/crypto.ts';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * Migration 0028 moves the reasons out of the youth registry's older audit entries (which said
 * "... Reason: <text>" and held `reason` in new_value) into the restricted, encrypted reason
 * store; the audit trail stays append-only, keeps every entry in place, and records the change.
 */

const MARKER = 'Dupl1cate-of-Juan-Migrated';
const AT = '2026-02-01T01:00:00.000Z';

describe('splitting an older entry', () => {
  it('takes the reason from the description and new_value, keeping the rest', () => {
    expect(
      splitReason({
        description: 'sb.chair read youth profile #5. Reason: Checking. Reason: again',
        new_value: '{"id":5,"reason":"Checking. Reason: again"}',
      }),
    ).toEqual({
      description: 'sb.chair read youth profile #5.',
      newValue: '{"id":5}',
      reason: 'Checking. Reason: again',
    });
    expect(
      splitReason({ description: 'A youth profile (#3) was submitted', new_value: '{"id":3}' }),
    ).toBeNull();
  });
});

describe.each(DIALECTS)('migration of the audit reasons on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('moves the reasons of older entries out of their text, append-only kept, on the record', async () => {
    const { db, database } = t.app.services;
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    // Back to the schema before: entries written then carried their reasons in their text.
    await migrateKysely(db, '0025-council-duties', database.schema);
    const old = (description: string, action: string, newValue: unknown, module = 'KK Registry') =>
      db
        .insertInto('audit_log')
        .values({
          barangay_id: sb.id,
          user_id: null,
          username: 'sb.chair',
          module,
          action,
          description,
          old_value: null,
          new_value: JSON.stringify(newValue),
          ip: '127.0.0.1',
          created_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const read = await old(
      `sb.chair removed youth profile #7. Reason: Duplicate of Juan ${MARKER}`,
      'KK_REMOVE',
      { id: 7, reason: `Duplicate of Juan ${MARKER}` },
    );
    const list = await old(
      'sb.chair opened the youth registry (12 profiles). Reason: Monthly check',
      'KK_LIST',
      { count: 12, reason: 'Monthly check' },
    );
    const other = await old(
      'A project was returned. Reason: incomplete',
      'PROJECT_RETURN',
      {
        reason: 'incomplete',
      },
      'Projects',
    );
    const before = await db.selectFrom('audit_log').select(['id', 'created_at']).execute();

    await migrateKysely(db, 'latest', database.schema);

    const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    // Every entry still there with its id and time; one more saying what changed.
    expect(rows.length).toBe(before.length + 1);
    for (const b of before) {
      expect(rows.find((r) => r.id === b.id)?.created_at).toBe(b.created_at);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(read.id)).toMatchObject({
      description: 'sb.chair removed youth profile #7.',
      new_value: '{"id":7}',
      action: 'KK_REMOVE',
      username: 'sb.chair',
    });
    expect(byId.get(list.id)).toMatchObject({
      description: 'sb.chair opened the youth registry (12 profiles).',
      new_value: '{"count":12}',
    });
    // Another module's text is not the registry's to change.
    expect(byId.get(other.id)?.description).toBe('A project was returned. Reason: incomplete');
    const mark = rows.find((r) => r.action === 'KK_REASONS_MOVED');
    expect(mark).toMatchObject({ barangay_id: sb.id, module: 'KK Registry', username: null });
    expect(JSON.parse(mark?.new_value ?? '{}')).toEqual({ count: 2, ids: [read.id, list.id] });
    const moved = await db.selectFrom('audit_reasons').selectAll().orderBy('audit_id').execute();
    expect(moved).toEqual([
      { audit_id: read.id, key_id: '', reason: `Duplicate of Juan ${MARKER}` },
      { audit_id: list.id, key_id: '', reason: 'Monthly check' },
    ]);

    // Still append-only.
    await expect(
      db.updateTable('audit_log').set({ description: 'x' }).where('id', '=', read.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', read.id).execute()).rejects.toThrow(
      /append-only/,
    );

    // The administrator's trail no longer shows the reason.
    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/audit?module=KK%20Registry',
      headers: admin.headers,
    });
    expect(trail.statusCode).toBe(200);
    expect(trail.body).toContain('KK_REASONS_MOVED');
    expect(trail.body).not.toContain(MARKER);

    // A start with the key encrypts them; the chairperson reads them back.
    const cipher = createCipher(loadKeys(t.config));
    expect(await sealReasons(db, cipher)).toBe(2);
    expect(await sealReasons(db, cipher)).toBe(0);
    const sealed = await db.selectFrom('audit_reasons').selectAll().execute();
    expect(sealed.every((r) => r.key_id === cipher.currentKeyId)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain(MARKER);
    const chairView = await t.app.inject({
      method: 'GET',
      url: '/api/kk/audit',
      headers: { ...chair.headers, 'x-access-reason': 'Reviewing the record of access' },
    });
    expect(chairView.statusCode, chairView.body).toBe(200);
    const entries = chairView.json<{ entries: KkAuditEntry[] }>().entries;
    expect(entries.find((e) => e.id === read.id)?.reason).toBe(`Duplicate of Juan ${MARKER}`);
    expect(entries.find((e) => e.id === list.id)?.reason).toBe('Monthly check');
  });
});
