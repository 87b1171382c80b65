import type { PurchaseRequest } from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, loginAs } from './helpers.ts';
import {
  addSupplier,
  makeRequest,
  setUpProcurement,
  type ProcurementSetup,
} from './procurement-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';
import { lineOf, registry } from './tracker-registry-helpers.ts';

// From the quotations to the purchase order: at least three suppliers asked, the abstract's
// award (the lowest, or justified; PhilGEPS-registered; within the request), the BAC resolution
// (after the PhilGEPS posting and the splitting answer), and the chairperson's order, which
// becomes the commitment in the tracker's registry in the same transaction.

// On Barangay Alicia of Quezon City (PSGC, no demo data), this year's plan.
const YEAR = 2026;
const ALICIA_QC = '1381300001';
const FOOD = '5-02-03-050';

describe.each(DIALECTS)('procurement orders on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let s: ProcurementSetup;
  const supplier: Record<string, number> = {};

  const call = async (
    who: keyof Omit<ProcurementSetup, 'bac' | 'ref' | 'itemId'>,
    method: 'PUT' | 'POST',
    url: string,
    body: unknown,
    status = 200,
    code?: string,
  ) => {
    const r = await api(t.app, method, url, s[who], body);
    expect(r.statusCode, r.body).toBe(status);
    if (code) {
      expect(r.json<{ code: string }>().code).toBe(code);
    }
    return status === 200 ? r.json<{ request: PurchaseRequest }>().request : undefined;
  };
  const quotes = (id: number) => `/api/procurement/requests/${String(id)}/quotations`;
  const abstract = (id: number) => `/api/procurement/requests/${String(id)}/abstract`;
  const resolution = (id: number) => `/api/procurement/requests/${String(id)}/resolution`;

  beforeAll(async () => {
    s = await setUpProcurement(t, YEAR, { code: ALICIA_QC, prefix: 'alicia' });
    supplier.a = await addSupplier(t, s.secretariat, 'Alpha Catering');
    supplier.b = await addSupplier(t, s.secretariat, 'Bravo Foods');
    supplier.c = await addSupplier(t, s.secretariat, 'Charlie Eats');
    supplier.d = await addSupplier(t, s.secretariat, 'Delta Kitchen', '');
  });

  it('runs a small value procurement to the order, which the registry shows committed', async () => {
    const pr = await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Health caravan'],
      year: YEAR,
      items: [
        {
          description: 'Packed meals',
          quantity: 200,
          unit: 'pack',
          unitCost: 100,
          objectCode: FOOD,
        },
      ],
    });
    // Two suppliers asked are too few.
    await call(
      'secretariat',
      'PUT',
      quotes(pr.id),
      {
        quotations: [
          { supplierId: supplier.a, amount: 19_000 },
          { supplierId: supplier.b, amount: 18_500 },
        ],
      },
      422,
      'PROCUREMENT_TOO_FEW_QUOTATIONS',
    );
    // No order before the resolution.
    await call(
      'chair',
      'POST',
      '/api/procurement/orders',
      {
        requestId: pr.id,
        number: 'PO-2025-001',
        date: '2026-03-02',
      },
      422,
      'PROCUREMENT_NO_RESOLUTION',
    );
    await call('secretariat', 'PUT', quotes(pr.id), {
      quotations: [
        { supplierId: supplier.a, amount: 19_000 },
        { supplierId: supplier.b, amount: 18_500 },
        { supplierId: supplier.c, amount: null },
        { supplierId: supplier.d, amount: 17_000 },
      ],
    });
    // The resolution needs the abstract first.
    await call(
      'member',
      'POST',
      resolution(pr.id),
      { number: 'BAC-2025-01', date: '2026-03-02' },
      422,
      'PROCUREMENT_NO_ABSTRACT',
    );
    // Delta is lowest but not on PhilGEPS; Alpha is not the lowest: needs a justification.
    await call(
      'secretariat',
      'POST',
      abstract(pr.id),
      { awardSupplierId: supplier.d },
      422,
      'PROCUREMENT_SUPPLIER_NO_PHILGEPS',
    );
    await call(
      'secretariat',
      'POST',
      abstract(pr.id),
      { awardSupplierId: supplier.a },
      422,
      'PROCUREMENT_AWARD_NOT_LOWEST',
    );
    await call(
      'secretariat',
      'POST',
      abstract(pr.id),
      { awardSupplierId: supplier.c },
      422,
      'PROCUREMENT_NOT_QUOTED',
    );
    // Delta is not responsive after all (not registered): Bravo is then the lowest.
    await call('secretariat', 'PUT', quotes(pr.id), {
      quotations: [
        { supplierId: supplier.a, amount: 19_000 },
        { supplierId: supplier.b, amount: 18_500 },
        { supplierId: supplier.c, amount: null },
        { supplierId: supplier.d, amount: 17_000, responsive: false },
      ],
    });
    const awarded = await call('secretariat', 'POST', abstract(pr.id), {
      awardSupplierId: supplier.b,
    });
    expect(awarded?.award).toMatchObject({
      supplier: 'Bravo Foods',
      amount: 18_500,
      justification: null,
    });
    expect(awarded?.quotations.find((q) => q.lowest)?.supplier).toBe('Bravo Foods');
    // The secretariat does not resolve; a member does.
    await call(
      'secretariat',
      'POST',
      resolution(pr.id),
      { number: 'BAC-2025-01', date: '2026-03-02' },
      403,
      'PROCUREMENT_NOT_BAC',
    );
    await call('member', 'POST', resolution(pr.id), { number: 'BAC-2025-01', date: '2026-03-02' });
    // Only the chairperson approves the order.
    await call(
      'member',
      'POST',
      '/api/procurement/orders',
      { requestId: pr.id, number: 'PO-2025-001', date: '2026-03-02' },
      403,
      'PROCUREMENT_ORDER_FORBIDDEN',
    );
    const before = lineOf(await registry(t.app, s.chair, YEAR), 'Health caravan', 'MOOE');
    const ordered = await call('chair', 'POST', '/api/procurement/orders', {
      requestId: pr.id,
      number: 'PO-2025-001',
      date: '2026-03-02',
    });
    expect(ordered?.status).toBe('ordered');
    expect(ordered?.order).toMatchObject({
      number: 'PO-2025-001',
      amount: 18_500,
      auditorDue: '2026-03-07',
      auditorDaysLeft: 5,
    });
    const after = lineOf(await registry(t.app, s.chair, YEAR), 'Health caravan', 'MOOE');
    expect(after.committed - before.committed).toBe(18_500);
    const c = after.commitments.find((x) => x.reference === 'PO-2025-001');
    expect(c).toMatchObject({ payee: 'Bravo Foods', amount: 18_500 });
    expect(c?.id).toBe(ordered?.order?.commitmentId);
    // The inspector accepts the delivery, never above the order (200 packs), in two parts.
    const inspect = (body: unknown) => ({ orderId: ordered?.order?.id, ...(body as object) });
    await call(
      'member',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-02',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 150 }],
      }),
      403,
      'PROCUREMENT_NOT_INSPECTOR',
    );
    await call(
      'inspector',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-02',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 201 }],
      }),
      422,
      'PROCUREMENT_ABOVE_ORDER',
    );
    await call(
      'inspector',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-01',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 10 }],
      }),
      422,
      'PROCUREMENT_INSPECTION_DATES',
    );
    const part = await call(
      'inspector',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-02',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 150 }],
      }),
    );
    expect(part?.inspections).toMatchObject([
      { accepted: [150], reportDue: '2026-03-03', reportDaysLeft: 1 },
    ]);
    await call(
      'inspector',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-02',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 51 }],
      }),
      422,
      'PROCUREMENT_ABOVE_ORDER',
    );
    const rest = await call(
      'inspector',
      'POST',
      '/api/procurement/inspections',
      inspect({
        deliveredOn: '2026-03-02',
        inspectedOn: '2026-03-02',
        items: [{ item: 0, quantity: 50 }],
      }),
    );
    expect(rest?.inspections.map((i) => i.accepted[0])).toEqual([150, 50]);
    // Closed: no second order, no new quotations.
    await call(
      'chair',
      'POST',
      '/api/procurement/orders',
      { requestId: pr.id, number: 'PO-2025-002', date: '2026-03-02' },
      409,
      'PROCUREMENT_ORDERED',
    );
    // The request no longer holds the balance; the commitment does (₱60,000 less ₱18,500).
    const list = await api(t.app, 'GET', `/api/procurement/requests?year=${String(YEAR)}`, s.admin);
    const lines = list.json<{
      answer: { lines: { referenceCode: string; available: { MOOE: number } }[] };
    }>().answer.lines;
    expect(lines.find((l) => l.referenceCode === s.ref['Health caravan'])?.available.MOOE).toBe(
      41_500,
    );
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('module', '=', 'Procurement')
      .execute();
    const actions = audit.map((a) => a.action);
    for (const action of [
      'PROCUREMENT_QUOTATIONS_RECORDED',
      'PROCUREMENT_ABSTRACT_MADE',
      'PROCUREMENT_RESOLUTION_RECORDED',
      'PROCUREMENT_ORDER_APPROVED',
      'PROCUREMENT_INSPECTION_RECORDED',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it('takes a costlier award with a justification, after the PhilGEPS posting period', async () => {
    const pr = await makeRequest(t, s.member, {
      lineRef: s.ref['Sports fest'],
      year: YEAR,
      items: [
        {
          description: 'Medals and trophies',
          quantity: 1,
          unit: 'lot',
          unitCost: 55_000,
          objectCode: '5-02-06-020',
        },
      ],
    });
    expect(pr.posting).toMatchObject({ required: true, until: '2026-03-05' });
    await call('secretariat', 'PUT', quotes(pr.id), {
      quotations: [
        { supplierId: supplier.a, amount: 54_000 },
        { supplierId: supplier.b, amount: 52_000 },
        { supplierId: supplier.c, amount: 56_000 },
      ],
    });
    // Above the request (the approved budget for the contract).
    await call(
      'secretariat',
      'POST',
      abstract(pr.id),
      { awardSupplierId: supplier.c, justification: 'Closer' },
      422,
      'PROCUREMENT_ABOVE_ABC',
    );
    const justified = await call('secretariat', 'POST', abstract(pr.id), {
      awardSupplierId: supplier.a,
      justification: 'Bravo cannot deliver before the event date.',
    });
    expect(justified?.award?.justification).toMatch(/cannot deliver/);
    await call(
      'member',
      'POST',
      resolution(pr.id),
      { number: 'BAC-2025-02', date: '2026-03-05' },
      422,
      'PROCUREMENT_POSTING_OPEN',
    );
    await call('member', 'POST', resolution(pr.id), { number: 'BAC-2025-02', date: '2026-03-06' });
    // Not before the resolution's day (nor outside the plan's year, nor after today).
    await call(
      'chair',
      'POST',
      '/api/procurement/orders',
      { requestId: pr.id, number: 'PO-2026-009', date: '2026-03-02' },
      422,
      'PROCUREMENT_ORDER_DATE',
    );
    // Another barangay's chairperson cannot order it: the request is not there.
    const nn = await loginAs(t.app, 'SKC', 'NN');
    const r = await api(t.app, 'POST', '/api/procurement/orders', nn, {
      requestId: pr.id,
      number: 'X-1',
      date: '2026-03-06',
    });
    expect(r.statusCode).toBe(404);
  });
});
