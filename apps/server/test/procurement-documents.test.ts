import type { PurchaseRequest } from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, type Session } from './helpers.ts';
import {
  addSupplier,
  makeRequest,
  setUpProcurement,
  type ProcurementSetup,
} from './procurement-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// The procurement's documents as PDFs, on Barangay Saint Peter of Quezon City (PSGC, no demo data):
// the Request for Quotation, the Abstract of Quotations, the BAC Resolution, the Purchase Order
// and the Inspection and Acceptance Report, each with its deadlines from the rules.

const YEAR = 2026;
const SAINT_PETER_QC = '1381300093';
const DAY = 86_400_000;

describe.each(DIALECTS)('procurement documents on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    // Sessions outlive the posting period the test waits for.
    env: { RATE_LIMIT_PER_MINUTE: '100000', SESSION_TTL_MINUTES: '10080' },
  });
  let s: ProcurementSetup;
  let pr: PurchaseRequest;

  const ok = async (who: Session, method: 'PUT' | 'POST', url: string, body: unknown) => {
    const r = await api(t.app, method, url, who, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ request: PurchaseRequest }>().request;
  };
  const pdf = async (who: Session, url: string) => {
    const r = await api(t.app, 'GET', `${url}?format=pdf`, who);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    return (await pdfPages(r.rawPayload)).join('\n').replace(/\s+/g, ' ');
  };
  const base = (id: number) => `/api/procurement/requests/${String(id)}`;

  beforeAll(async () => {
    s = await setUpProcurement(t, YEAR, { code: SAINT_PETER_QC, prefix: 'stpeter' });
    const supplier = {
      a: await addSupplier(t, s.secretariat, 'Alpha Sports Supply'),
      b: await addSupplier(t, s.secretariat, 'Bravo Trophies'),
      c: await addSupplier(t, s.secretariat, 'Charlie Awards'),
    };
    const tin = await api(
      t.app,
      'PUT',
      `/api/procurement/suppliers/${String(supplier.b)}`,
      s.chair,
      {
        name: 'Bravo Trophies',
        address: '12 Litex Road, Payatas',
        tin: '123-456-789-000',
        philgepsNumber: 'PG-2026-0042',
      },
    );
    expect(tin.statusCode, tin.body).toBe(200);
    // Above the posting threshold (₱50,000): posted on PhilGEPS for 3 days.
    pr = await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Sports fest'],
      year: YEAR,
      purpose: 'Medals for the barangay sports fest',
      items: [
        {
          description: 'Gold medals',
          quantity: 100,
          unit: 'piece',
          unitCost: 300,
          objectCode: '5-02-03-990',
        },
        {
          description: 'Trophies',
          quantity: 10,
          unit: 'piece',
          unitCost: 2_500,
          objectCode: '5-02-03-990',
        },
      ],
    });
    expect(pr.posting).toMatchObject({ required: true, until: '2026-03-05' });
    await ok(s.secretariat, 'PUT', `${base(pr.id)}/quotations`, {
      quotations: [
        { supplierId: supplier.a, amount: 54_000 },
        { supplierId: supplier.b, amount: 52_000 },
        { supplierId: supplier.c, amount: null },
      ],
    });
  });

  it('prints the request for quotation before the award, one copy a supplier', async () => {
    // Before the abstract: no abstract, no resolution to print.
    for (const doc of ['abstract', 'resolution']) {
      const r = await api(t.app, 'GET', `${base(pr.id)}/${doc}?format=pdf`, s.admin);
      expect(r.statusCode).toBe(404);
      expect(r.json<{ code: string }>().code).toBe('PROCUREMENT_NO_DOCUMENT');
    }
    const text = await pdf(s.official, `${base(pr.id)}/rfq`);
    expect(text).toContain('REQUEST FOR QUOTATION');
    expect(text).toContain('Barangay Saint Peter');
    expect(text).toContain(`RFQ No.: ${pr.number}`);
    expect(text).toContain('Alpha Sports Supply');
    expect(text).toContain('Bravo Trophies');
    expect(text).toContain('123-456-789-000');
    expect(text).toContain('Gold medals');
    expect(text).toContain('₱55,000.00');
    expect(text).toContain('not later than March 5, 2026');
    expect(text).toContain('posted on PhilGEPS and at a conspicuous place for 3 calendar days');
    // The JSON answer is the request.
    const json = await api(t.app, 'GET', `${base(pr.id)}/rfq`, s.admin);
    expect(json.json<{ request: PurchaseRequest }>().request.number).toBe(pr.number);
  });

  it('prints the abstract, the resolution, the order and the inspection report', async () => {
    await ok(s.secretariat, 'POST', `${base(pr.id)}/abstract`, {
      awardSupplierId: await supplierId('Bravo Trophies'),
    });
    t.clock.advance(4 * DAY);
    await ok(s.member, 'POST', `${base(pr.id)}/resolution`, {
      number: 'BAC-2026-07',
      date: '2026-03-06',
    });
    const ordered = await ok(s.chair, 'POST', '/api/procurement/orders', {
      requestId: pr.id,
      number: 'PO-2026-03-0001',
      date: '2026-03-06',
    });
    const order = ordered.order;
    expect(order?.auditorDue).toBe('2026-03-11');

    const abstract = await pdf(s.admin, `${base(pr.id)}/abstract`);
    expect(abstract).toContain('ABSTRACT OF QUOTATIONS');
    expect(abstract).toContain('lowest calculated and responsive');
    expect(abstract).toContain('AWARDED');
    expect(abstract).toContain('no quotation');
    expect(abstract).toContain('Award: Bravo Trophies, Fifty-Two Thousand Pesos (₱52,000.00)');
    expect(abstract).toContain('Bac 1 Reyes');

    const resolution = await pdf(s.official, `${base(pr.id)}/resolution`);
    expect(resolution).toContain('BAC RESOLUTION NO. BAC-2026-07');
    expect(resolution).toContain('Series of 2026');
    expect(resolution).toContain(
      'posted on PhilGEPS and at a conspicuous place until March 5, 2026',
    );
    expect(resolution).toContain('small value procurement as the mode of procurement');
    expect(resolution).toContain('Bravo Trophies in the amount of ₱52,000.00');
    expect(resolution).toContain('Head of the Procuring Entity');

    const po = await pdf(s.admin, `/api/procurement/orders/${String(order?.id)}`);
    expect(po).toContain('PURCHASE ORDER');
    expect(po).toContain('P.O. No.: PO-2026-03-0001');
    expect(po).toContain('TIN: 123-456-789-000');
    expect(po).toContain('12 Litex Road, Payatas');
    expect(po).toContain('Small Value Procurement');
    expect(po).toContain('₱52,000.00');
    expect(po).toContain('Fifty-Two Thousand');
    expect(po).toContain('within 5 days of its issue: by March 11, 2026');
    // ₱52,000 spread over ₱30,000 and ₱25,000 of estimates: ₱28,363.64 and ₱23,636.36.
    expect(po).toContain('₱28,363.64');
    expect(po).toContain('₱23,636.36');
    expect(po).toContain('spread over the items in proportion');

    const part = await ok(s.inspector, 'POST', '/api/procurement/inspections', {
      orderId: order?.id,
      deliveredOn: '2026-03-06',
      inspectedOn: '2026-03-06',
      items: [
        { item: 0, quantity: 100 },
        { item: 1, quantity: 5 },
      ],
    });
    const inspection = part.inspections[0];
    const iar = await pdf(s.official, `/api/procurement/inspections/${String(inspection?.id)}`);
    expect(iar).toContain('INSPECTION AND ACCEPTANCE REPORT');
    expect(iar).toContain('IAR No.: PO-2026-03-0001-01');
    expect(iar).toContain('P.O. No./Date: PO-2026-03-0001, March 6, 2026');
    expect(iar).toContain('within 24 hours of the delivery: by March 7, 2026');
    expect(iar).toContain('5 / 10');
    expect(iar).toContain('[X] Partial');
    expect(iar).toContain('Bac 3 Reyes');
    // ₱28,363.64 for the medals and half of ₱23,636.36 for the trophies.
    expect(iar).toContain('₱40,181.82');
  });

  it('answers 404 for an order or inspection of another barangay', async () => {
    const other = await api(t.app, 'GET', '/api/procurement/orders/999999?format=pdf', s.admin);
    expect(other.statusCode).toBe(404);
    const none = await api(t.app, 'GET', '/api/procurement/inspections/999999', s.admin);
    expect(none.statusCode).toBe(404);
  });

  async function supplierId(name: string): Promise<number> {
    const r = await api(t.app, 'GET', '/api/procurement/suppliers', s.admin);
    const list = r.json<{ suppliers: { id: number; name: string }[] }>().suppliers;
    return list.find((x) => x.name === name)?.id ?? 0;
  }
});
