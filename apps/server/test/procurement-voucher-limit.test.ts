import type { PurchaseRequest } from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import {
  addOfficial,
  checkPayment,
  draftBody,
  giveDuty,
  voucherOf,
  voucherUrl,
  vouchersUrl,
} from './books-helpers.ts';
import { DIALECTS, type Session } from './helpers.ts';
import {
  addSupplier,
  makeRequest,
  setUpProcurement,
  type ProcurementSetup,
} from './procurement-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// A voucher paying a purchase order's commitment pays at most what the inspection and acceptance
// reports accepted: nothing before the first, the accepted share of the order after each. On
// Barangay Alicia of Quezon City (PSGC, no demo data).

const YEAR = 2026;
const ALICIA_QC = '1381300001';
const FOOD = '5-02-03-050';

describe.each(DIALECTS)('the voucher limit by acceptance on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let s: ProcurementSetup;
  let treasurer: Session;
  let monitor: Session;
  let order: NonNullable<PurchaseRequest['order']>;

  const ok = async (who: Session, method: 'PUT' | 'POST', url: string, body: unknown) => {
    const r = await api(t.app, method, url, who, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ request: PurchaseRequest }>().request;
  };
  const draft = (who: Session, amount: number) =>
    api(t.app, 'POST', vouchersUrl, who, draftBody(amount, { commitmentId: order.commitmentId }));
  const refused = async (amount: number, code: string) => {
    const r = await draft(treasurer, amount);
    expect(r.statusCode, r.body).toBe(422);
    const body = r.json<{ code: string; message: string }>();
    expect(body.code).toBe(code);
    return body.message;
  };
  const inspect = (quantity: number) =>
    ok(s.inspector, 'POST', '/api/procurement/inspections', {
      orderId: order.id,
      deliveredOn: '2026-03-02',
      inspectedOn: '2026-03-02',
      items: [{ item: 0, quantity }],
    });

  beforeAll(async () => {
    s = await setUpProcurement(t, YEAR, { code: ALICIA_QC, prefix: 'alicia' });
    const treasurerAccount = await addOfficial(t, ALICIA_QC, 'alicia.treasurer');
    const monitorAccount = await addOfficial(t, ALICIA_QC, 'alicia.monitor');
    await giveDuty(t, s.chair, 'treasurer', treasurerAccount.id);
    await giveDuty(t, s.chair, 'bmo', monitorAccount.id);
    treasurer = await treasurerAccount.session();
    monitor = await monitorAccount.session();
    const a = await addSupplier(t, s.secretariat, 'Alpha Catering');
    const b = await addSupplier(t, s.secretariat, 'Bravo Foods');
    const c = await addSupplier(t, s.secretariat, 'Charlie Eats');
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
    const url = `/api/procurement/requests/${String(pr.id)}`;
    await ok(s.secretariat, 'PUT', `${url}/quotations`, {
      quotations: [
        { supplierId: a, amount: 19_000 },
        { supplierId: b, amount: 18_500 },
        { supplierId: c, amount: 19_500 },
      ],
    });
    await ok(s.secretariat, 'POST', `${url}/abstract`, { awardSupplierId: b });
    await ok(s.member, 'POST', `${url}/resolution`, { number: 'BAC-2026-01', date: '2026-03-02' });
    const ordered = await ok(s.chair, 'POST', '/api/procurement/orders', {
      requestId: pr.id,
      number: 'PO-2026-001',
      date: '2026-03-02',
    });
    if (!ordered.order) {
      throw new Error('no order');
    }
    order = ordered.order;
  });

  it('refuses a voucher before anything is accepted', async () => {
    const message = await refused(1_000, 'VOUCHER_NOTHING_ACCEPTED');
    expect(message).toContain('Nothing of purchase order PO-2026-001');
  });

  it('pays up to the accepted share of the order, delivery by delivery', async () => {
    // Half the packs accepted: half of ₱18,500.
    await inspect(100);
    const message = await refused(9_250.01, 'VOUCHER_ABOVE_ACCEPTED');
    expect(message).toContain('₱9,250.00');
    const first = voucherOf(await draft(treasurer, 9_000));
    voucherOf(await api(t.app, 'POST', voucherUrl(first.id, '/certify'), monitor, {}));
    voucherOf(await api(t.app, 'POST', voucherUrl(first.id, '/approve'), s.chair, {}));
    voucherOf(
      await api(t.app, 'POST', voucherUrl(first.id, '/pay'), treasurer, checkPayment('2026-03-02')),
    );
    // The paid voucher counts: ₱250.00 left of what was accepted.
    expect(await refused(300, 'VOUCHER_ABOVE_ACCEPTED')).toContain('₱250.00 is left');
    voucherOf(await draft(treasurer, 250));
    // The rest delivered and accepted: the whole order may be paid, never more.
    await inspect(100);
    voucherOf(await draft(treasurer, 9_250));
    const over = await draft(treasurer, 0.01);
    expect(over.statusCode).toBe(422);
    expect(over.json<{ code: string }>().code).toBe('TRACKER_OVER_COMMITMENT');
  });
});
