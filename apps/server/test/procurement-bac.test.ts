import type { BacAnswer, Supplier } from '@sk-tanaw/contract';
import { PROCUREMENT_RULES, procurementRule } from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { addCouncil, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// The SK's Bids and Awards Committee, constituted by the chairperson's order (GPPB Circular No.
// 07-2019: 5 to 7 members, never the chairperson nor the treasurer), and its suppliers: on the
// demo barangay and on a barangay of a real city's PSGC list.

/** Barangay Alicia of Quezon City (PSGC): no demo data. */
const ALICIA_QC = '1381300001';

describe.each(DIALECTS)('procurement BAC and suppliers on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let chair: Session;
  let official: Session;
  let admin: Session;
  let nnChair: Session;
  /** Seven SK officials of SB besides the demo official, by name. */
  const ids: Record<string, number> = {};

  const addOfficials = async (code: string, prefix: string, count: number) => {
    const { db } = t.app.services;
    const barangay = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const model = await db
      .selectFrom('users')
      .select('password_hash')
      .where('username_key', '=', 'sb.admin')
      .executeTakeFirstOrThrow();
    const stamp = t.clock.now().toISOString();
    for (let i = 1; i <= count; i += 1) {
      const username = `${prefix}.kagawad${String(i)}`;
      const row = await db
        .insertInto('users')
        .values({
          barangay_id: barangay.id,
          username,
          username_key: username,
          password_hash: model.password_hash,
          full_name: `Kagawad ${String(i)} ${prefix.toUpperCase()}`,
          position: 'SKO',
          email: `${username}@gmail.com`,
          phone: `0917${String(barangay.id).padStart(3, '0')}${String(i).padStart(4, '0')}`,
          created_at: stamp,
          updated_at: stamp,
          password_changed_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[username] = row.id;
    }
  };
  const k = (i: number, prefix = 'sb') => ids[`${prefix}.kagawad${String(i)}`] ?? 0;

  const order = (memberIds: number[], extra: Record<string, unknown> = {}) => ({
    orderNumber: '2026-03',
    orderDate: '2026-03-01',
    memberIds,
    chairId: memberIds[0],
    viceChairId: memberIds[1],
    secretariatIds: [k(7)],
    inspectorId: memberIds[2],
    ...extra,
  });
  const put = (who: Session, body: unknown) => api(t.app, 'PUT', '/api/procurement/bac', who, body);
  const refused = async (body: unknown, code: string) => {
    const r = await put(chair, body);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json<{ code: string }>().code).toBe(code);
    return r.json<{ message: string }>().message;
  };
  const audits = async (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .select(['description', 'new_value', 'barangay_id'])
      .where('action', '=', action)
      .execute();

  beforeAll(async () => {
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
    await addOfficials('SB', 'sb', 7);
    // The seventh kagawad is the SK treasurer.
    const duty = await api(t.app, 'PUT', '/api/council/duties/treasurer', chair, {
      userId: k(6),
    });
    expect(duty.statusCode, duty.body).toBe(200);
  });

  it('applies the rules in data, RA 9184’s where RA 12009’s figure is not confirmed', () => {
    expect(procurementRule('bac-min-members', 2026).value).toBe(5);
    expect(procurementRule('bac-max-members', 2026).value).toBe(7);
    expect(procurementRule('posting-threshold', 2026).value).toBe(5_000_000);
    expect(procurementRule('min-quotations', 2026).value).toBe(3);
    for (const rule of PROCUREMENT_RULES) {
      expect(rule.source.length).toBeGreaterThan(10);
      expect(rule.effectiveYear).toBeGreaterThan(1990);
    }
    expect(procurementRule('svp-ceiling', 2026).source).toMatch(/RA 12009.*not confirmed/);
  });

  it('refuses the chairperson, the treasurer, too few or too many members, with the rule', async () => {
    const chairId = chair.userId;
    expect(
      await refused(order([chairId, k(1), k(2), k(3), k(4)]), 'PROCUREMENT_BAC_CHAIR'),
    ).toMatch(/Head of the Procuring Entity/);
    expect(
      await refused(
        order([k(1), k(2), k(3), k(4), k(5)], { secretariatIds: [chairId] }),
        'PROCUREMENT_BAC_CHAIR',
      ),
    ).toMatch(/never be a member/);
    expect(
      await refused(order([k(1), k(2), k(3), k(4), k(6)]), 'PROCUREMENT_BAC_TREASURER'),
    ).toMatch(/treasurer/);
    // The treasurer as inspector: the one who pays does not accept.
    await refused(
      order([k(1), k(2), k(3), k(4), k(5)], { inspectorId: k(6) }),
      'PROCUREMENT_BAC_TREASURER',
    );
    expect(await refused(order([k(1), k(2), k(3), k(4)]), 'PROCUREMENT_BAC_SIZE')).toMatch(
      /at least 5 and at most 7/,
    );
    const eight = [k(1), k(2), k(3), k(4), k(5), k(7), official.userId, k(1)];
    await refused(order(eight), 'PROCUREMENT_BAC_SIZE');
    await refused(order([k(1), k(2), k(3), k(4), k(4)]), 'PROCUREMENT_BAC_MEMBER_INVALID');
    await refused(
      order([k(1), k(2), k(3), k(4), k(5)], { viceChairId: k(1) }),
      'PROCUREMENT_BAC_OFFICERS',
    );
    await refused(
      order([k(1), k(2), k(3), k(4), k(5)], { chairId: k(7) }),
      'PROCUREMENT_BAC_OFFICERS',
    );
    // An account of another barangay, and an administrator, are not SK officials of this one.
    await refused(
      order([k(1), k(2), k(3), k(4), nnChair.userId]),
      'PROCUREMENT_BAC_MEMBER_INVALID',
    );
    await refused(order([k(1), k(2), k(3), k(4), admin.userId]), 'PROCUREMENT_BAC_MEMBER_INVALID');
    expect(await audits('PROCUREMENT_BAC_CONSTITUTED')).toHaveLength(0);
  });

  it('lets only the chairperson constitute the BAC', async () => {
    const body = order([k(1), k(2), k(3), k(4), k(5)]);
    for (const who of [official, admin]) {
      const r = await put(who, body);
      expect(r.statusCode).toBe(403);
      expect(r.json<{ code: string }>().code).toBe('PROCUREMENT_FORBIDDEN');
    }
  });

  it('constitutes the BAC, audits it, prints the order, and reads it for the council only', async () => {
    const r = await put(chair, order([k(1), k(2), k(3), k(4), k(5)]));
    expect(r.statusCode, r.body).toBe(200);
    const bac = r.json<{ bac: BacAnswer }>().bac;
    expect(bac.bac?.members.map((m) => [m.userId, m.role])).toEqual([
      [k(1), 'chair'],
      [k(2), 'vice chair'],
      [k(3), 'member'],
      [k(4), 'member'],
      [k(5), 'member'],
      [k(7), 'secretariat'],
      [k(3), 'inspector'],
    ]);
    expect(bac.candidates.find((c) => c.userId === k(6))?.treasurer).toBe(true);
    const [entry] = await audits('PROCUREMENT_BAC_CONSTITUTED');
    expect(entry?.description).toMatch(
      /SK Order No\. 2026-03 of 2026-03-01: Kagawad 1 SB \(chair\)/,
    );

    // A new order changes it, audited with the old composition.
    const again = await put(
      chair,
      order([k(1), k(2), k(3), k(4), k(5), k(7)], { orderNumber: '2026-04' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await audits('PROCUREMENT_BAC_CHANGED')).toHaveLength(1);

    for (const who of [official, admin]) {
      const read = await api(t.app, 'GET', '/api/procurement/bac', who);
      expect(read.statusCode).toBe(200);
      const answer = read.json<{ bac: BacAnswer }>().bac;
      expect(answer.bac?.orderNumber).toBe('2026-04');
      expect(answer.canManage).toBe(false);
      expect(answer.candidates).toEqual([]);
    }
    // Another barangay's chairperson sees its own (none), never SB's.
    const nn = await api(t.app, 'GET', '/api/procurement/bac', nnChair);
    expect(nn.json<{ bac: BacAnswer }>().bac.bac).toBeNull();
    expect(nn.body).not.toContain('Kagawad 1 SB');
    const none = await api(t.app, 'GET', '/api/procurement/bac/order', nnChair);
    expect(none.statusCode).toBe(404);

    const pdf = await api(t.app, 'GET', '/api/procurement/bac/order', official);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/BIDS AND AWARDS COMMITTEE/);
    expect(text).toMatch(/GPPB Circular No\. 07-2019/);
    expect(text).toMatch(/Kagawad 1 SB/);
  });

  it('keeps suppliers: added, changed, unique by name, audited, by the council', async () => {
    const add = await api(t.app, 'POST', '/api/procurement/suppliers', official, {
      name: 'Santos Office Supplies',
      address: '12 Rizal St., Quezon City',
      tin: '123456789000',
      philgepsNumber: '2019-12345',
    });
    expect(add.statusCode, add.body).toBe(200);
    const supplier = add.json<{ supplier: Supplier }>().supplier;
    expect(supplier.tin).toBe('123-456-789-000');
    const dup = await api(t.app, 'POST', '/api/procurement/suppliers', chair, {
      name: 'santos office supplies.',
      address: 'Elsewhere',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ code: string }>().code).toBe('PROCUREMENT_SUPPLIER_DUPLICATE');
    const badTin = await api(t.app, 'POST', '/api/procurement/suppliers', chair, {
      name: 'Another',
      address: 'Somewhere',
      tin: '12-34',
    });
    expect(badTin.statusCode).toBe(400);
    const byAdmin = await api(t.app, 'POST', '/api/procurement/suppliers', admin, {
      name: 'Admin Trading',
      address: 'Somewhere',
    });
    expect(byAdmin.statusCode).toBe(403);
    const url = `/api/procurement/suppliers/${String(supplier.id)}`;
    const change = await api(t.app, 'PUT', url, chair, {
      name: 'Santos Office Supplies',
      address: '14 Rizal St., Quezon City',
      tin: '123-456-789-000',
      philgepsNumber: '2019-12345',
    });
    expect(change.statusCode, change.body).toBe(200);
    // Another barangay's chairperson: the supplier is not there.
    const other = await api(t.app, 'PUT', url, nnChair, { name: 'X', address: 'Y' });
    expect(other.statusCode).toBe(404);
    const list = await api(t.app, 'GET', '/api/procurement/suppliers', admin);
    expect(list.json<{ suppliers: Supplier[] }>().suppliers.map((s) => s.address)).toEqual([
      '14 Rizal St., Quezon City',
    ]);
    expect(await audits('PROCUREMENT_SUPPLIER_ADDED')).toHaveLength(1);
    expect(await audits('PROCUREMENT_SUPPLIER_CHANGED')).toHaveLength(1);
    const nnList = await api(t.app, 'GET', '/api/procurement/suppliers', nnChair);
    expect(nnList.json<{ suppliers: Supplier[] }>().suppliers).toEqual([]);
  });

  it('works the same on a barangay of a real city without demo data', async () => {
    await importCity(t.app.services.db, 'Quezon City');
    await addCouncil(t.app.services.db, ALICIA_QC, 'alicia');
    await addOfficials(ALICIA_QC, 'alicia', 6);
    const aliciaChair = await login(t.app, 'alicia.chair', DEMO_PASSWORD, ALICIA_QC);
    const a = (i: number) => k(i, 'alicia');
    const r = await put(aliciaChair, {
      orderNumber: '001',
      orderDate: '2026-02-15',
      memberIds: [a(1), a(2), a(3), a(4), a(5)],
      chairId: a(1),
      viceChairId: a(2),
      secretariatIds: [a(6)],
      inspectorId: a(5),
    });
    expect(r.statusCode, r.body).toBe(200);
    const entries = await audits('PROCUREMENT_BAC_CONSTITUTED');
    expect(entries).toHaveLength(2);
    // SB's BAC is untouched.
    const sb = await api(t.app, 'GET', '/api/procurement/bac', chair);
    expect(sb.json<{ bac: BacAnswer }>().bac.bac?.orderNumber).toBe('2026-04');
  });
});
