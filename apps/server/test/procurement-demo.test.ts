import type { BacAnswer, RequestsAnswer } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, login, type TestApp } from './helpers.ts';
import { vouchers } from './books-helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { api, overview } from './tracker-helpers.ts';
import { registry } from './tracker-registry-helpers.ts';

/**
 * The demo's procurement (SEED_DEMO_PROCUREMENT): San Bartolome's four more SK officials sign in
 * and the chairperson's order constituted the BAC (never the chairperson nor the treasurer); the
 * current year has small value procurements made through the services: three completed (one
 * above the posting threshold, one awarded to another than the lowest with a justification),
 * one in progress; the registry's figures stay within their appropriations.
 */
describe.each(DIALECTS)('the demo procurement on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-08-20T04:00:00.000Z')),
      env: { SEED_DEMO_VOUCHERS: 'true', SEED_DEMO_PROCUREMENT: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('constitutes the BAC of San Bartolome by the chairperson’s order', async () => {
    const kagawad = await login(t.app, 'sb.kagawad1');
    for (const username of ['sb.kagawad2', 'sb.kagawad3', 'sb.kagawad4']) {
      await login(t.app, username);
    }
    const response = await api(t.app, 'GET', '/api/procurement/bac', kagawad);
    expect(response.statusCode).toBe(200);
    const { bac } = response.json<{ bac: BacAnswer }>().bac;
    expect(bac?.orderDate).toBe('2026-01-06');
    const byRole = (role: string) => bac?.members.filter((m) => m.role === role).map((m) => m.name);
    expect(byRole('chair')).toEqual(['Jerome Villaruel']);
    expect(byRole('vice chair')).toEqual(['Kristine Dimaculangan']);
    expect(byRole('member')).toHaveLength(3);
    expect(byRole('secretariat')).toEqual(['Paolo Navarro']);
    expect(byRole('inspector')).toEqual(['Angelica Pangilinan']);
    expect(JSON.stringify(bac)).not.toContain('Carla Mendoza');
  });

  it('gives the current year completed and ongoing small value procurements', async () => {
    const kagawad = await login(t.app, 'sb.kagawad2');
    const response = await api(t.app, 'GET', '/api/procurement/requests?year=2026', kagawad);
    expect(response.statusCode, response.body).toBe(200);
    const { requests } = response.json<{ answer: RequestsAnswer }>().answer;
    expect(requests).toHaveLength(4);
    const ordered = requests.filter((r) => r.status === 'ordered');
    expect(ordered).toHaveLength(3);
    for (const r of ordered) {
      expect(r.quotations).toHaveLength(3);
      expect(r.resolution?.mode).toBe('svp');
      expect(r.order?.amount).toBe(r.award?.amount);
      expect(r.inspections.length).toBeGreaterThan(0);
    }
    const posted = ordered.find((r) => r.posting.required);
    expect(posted?.total).toBe(54_500);
    expect(posted?.inspections).toHaveLength(2);
    expect((posted?.resolution?.date ?? '') > (posted?.posting.until ?? '9')).toBe(true);
    const justified = ordered.find((r) => r.award?.justification);
    expect(justified?.award?.supplier).toBe('Novaliches Print Shop');
    expect(justified?.quotations.find((q) => q.lowest)?.supplier).toBe('QuickPrint Fairview');
    // The abstract and the resolution print the justification.
    for (const doc of ['abstract', 'resolution']) {
      const r = await api(
        t.app,
        'GET',
        `/api/procurement/requests/${String(justified?.id)}/${doc}?format=pdf`,
        kagawad,
      );
      expect(r.statusCode).toBe(200);
      const text = (await pdfPages(r.rawPayload)).join(' ').replace(/\s+/g, ' ');
      expect(text).toContain('QuickPrint Fairview, the lowest, can deliver only ten days');
      expect(text).not.toContain('.;');
    }
    const open = requests.find((r) => r.status === 'requested');
    expect(open?.quotations).toHaveLength(3);
    expect(open?.award).toBeNull();
    // Each order paid in full by a voucher paid by check.
    const treasurer = await login(t.app, 'sb.treasurer');
    const books = await vouchers(t, treasurer, 2026);
    for (const r of ordered) {
      const paid = books.vouchers.filter(
        (v) => v.commitmentId === r.order?.commitmentId && v.state === 'paid',
      );
      expect(paid.map((v) => v.amount)).toEqual([r.order?.amount]);
    }
    // The refused first award left no row; the audit keeps the justified one.
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('description')
      .where('action', '=', 'PROCUREMENT_ABSTRACT_MADE')
      .execute();
    expect(audit.filter((a) => a.description.includes('not the lowest'))).toHaveLength(1);
    // A line with an order is under way, not late and not started.
    const items = (await overview(t.app, kagawad, 2026)).items;
    for (const r of ordered) {
      expect(items.find((i) => i.referenceCode === r.lineRef)?.status).toBe('ongoing');
    }
    // The registry stays consistent: paid within committed within appropriated.
    const lines = (await registry(t.app, kagawad, 2026)).lines;
    for (const line of lines) {
      expect(line.committed).toBeLessThanOrEqual(line.appropriated + 1e-9);
      expect(line.paid).toBeLessThanOrEqual(line.committed + 1e-9);
    }
  });

  it('shows the approved APP and the three purchase orders on the public board', async () => {
    const board = await t.app.inject({ method: 'GET', url: '/api/public/disclosure/SB' });
    expect(board.statusCode, board.body).toBe(200);
    const { procurement } = board.json<{
      procurement: {
        year: number;
        plan: { rows: unknown[] } | null;
        awards: { supplier: string }[];
      };
    }>();
    expect(procurement.year).toBe(2026);
    expect(procurement.plan?.rows.length ?? 0).toBeGreaterThan(0);
    expect(procurement.awards, JSON.stringify(procurement.awards)).toHaveLength(3);
    // Suppliers by business name only: no TIN, no address.
    expect(board.body).not.toMatch(/\d{3}-\d{3}-\d{3}-\d{3,5}/);
  });
});

/** Early in January every step falls on the year's first days; none may fail the start. */
describe.each(DIALECTS)('the demo procurement in early January on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-01-02T01:00:00.000Z')),
      env: { SEED_DEMO_VOUCHERS: 'true', SEED_DEMO_PROCUREMENT: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts, the posted request waiting for its posting period', async () => {
    const kagawad = await login(t.app, 'sb.kagawad1');
    const response = await api(t.app, 'GET', '/api/procurement/requests?year=2026', kagawad);
    expect(response.statusCode, response.body).toBe(200);
    const { requests } = response.json<{ answer: RequestsAnswer }>().answer;
    const posted = requests.find((r) => r.posting.required);
    if (posted) {
      expect(posted.resolution).toBeNull();
    }
    for (const r of requests) {
      expect(r.requestedOn >= '2026-01-01').toBe(true);
    }
  });
});
