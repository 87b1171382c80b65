import type { PurchaseRequest } from '@sk-tanaw/contract';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { login, type Session, type TestApp } from './helpers.ts';
import {
  addSupplier,
  makeRequest,
  setUpProcurement,
  type ProcurementSetup,
} from './procurement-helpers.ts';
import { addCityAccounts } from './registry-helpers.ts';
import { api } from './tracker-helpers.ts';

/**
 * The year the APP and PMR tests share: Barangay Alicia of Quezon City (PSGC, no demo data) with
 * its BAC and posted plan of 2026 (procurement-helpers.ts), its Health caravan running March to
 * May in two objects of expenditure, three suppliers (Bravo Foods with a TIN and an address
 * that must never reach the public), a city account of Quezon City and one of Makati.
 */
export const YEAR = 2026;
export const ALICIA_QC = '1381300001';
export const FOOD = '5-02-03-050';
export const OFFICE = '5-02-03-010';
export const ICT = '1-07-05-030';
export const TIN_MARKER = '987-654-321-77731';
export const ADDRESS_MARKER = 'Purok Marker-4471 Alicia';

export interface PlanYear {
  s: ProcurementSetup;
  ydo: Session;
  makati: Session;
  supplier: Record<string, number>;
  /** The requests made by `runRequests`: health, sports, reading. */
  pr: Record<string, PurchaseRequest>;
  /** Moves the clock and signs everyone in again (sessions end while the clock moves days). */
  moveTo: (at: string) => Promise<void>;
  get: <T>(who: Session, url: string) => Promise<T>;
  ok: (
    who: Session,
    method: 'PUT' | 'POST',
    url: string,
    body: unknown,
  ) => Promise<PurchaseRequest>;
}

export async function setUpPlanYear(t: TestApp): Promise<PlanYear> {
  const s = await setUpProcurement(t, YEAR, { code: ALICIA_QC, prefix: 'alicia' });
  const { db } = t.app.services;
  await db
    .updateTable('budget_plan_lines')
    .set({
      start_month: 3,
      end_month: 5,
      objects: JSON.stringify([
        { code: FOOD, amount: 4_000_000 },
        { code: OFFICE, amount: 2_000_000 },
      ]),
    })
    .where('reference_code', '=', s.ref['Health caravan'] ?? '')
    .execute();
  const supplier: Record<string, number> = {};
  supplier.a = await addSupplier(t, s.secretariat, 'Alpha Catering');
  const bravo = await api(t.app, 'POST', '/api/procurement/suppliers', s.secretariat, {
    name: 'Bravo Foods',
    address: ADDRESS_MARKER,
    tin: TIN_MARKER,
    philgepsNumber: 'PG-BRAVO',
  });
  expect(bravo.statusCode, bravo.body).toBe(200);
  supplier.b = bravo.json<{ supplier: { id: number } }>().supplier.id;
  supplier.c = await addSupplier(t, s.secretariat, 'Charlie Eats');
  await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA']);
  const year: PlanYear = {
    s,
    ydo: await login(t.app, 'qc.ydo'),
    makati: await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati'),
    supplier,
    pr: {},
    async moveTo(at) {
      t.clock.set(new Date(at));
      const as = (name: string) => login(t.app, `alicia.${name}`, DEMO_PASSWORD, ALICIA_QC);
      s.chair = await as('chair');
      s.official = await as('official');
      s.admin = await as('admin');
      s.secretariat = await as('bac6');
      s.member = await as('bac1');
      s.inspector = await as('bac3');
      year.ydo = await login(t.app, 'qc.ydo');
      year.makati = await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati');
    },
    async get<T>(who: Session, url: string) {
      const r = await api(t.app, 'GET', url, who);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<T>();
    },
    async ok(who, method, url, body) {
      const r = await api(t.app, method, url, who, body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ request: PurchaseRequest }>().request;
    },
  };
  return year;
}

/**
 * Three requests of March 2026: the Health caravan's packed meals ordered from Bravo Foods
 * (₱18,500 of ₱20,000) on the 2nd, delivered on the 9th and accepted on the 10th; the Sports
 * fest's score sheets (₱12,000) quoted and awarded on the 10th; the Reading hub's laptop
 * (₱15,000 of capital outlay) only requested. Leaves the clock on 10 March.
 */
export async function runRequests(t: TestApp, y: PlanYear): Promise<void> {
  const { s, supplier, pr, ok, moveTo } = y;
  pr.health = await makeRequest(t, s.secretariat, {
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
  const quotes = (id: number) => `/api/procurement/requests/${String(id)}/quotations`;
  await ok(s.secretariat, 'PUT', quotes(pr.health.id), {
    quotations: [
      { supplierId: supplier.a, amount: 19_000 },
      { supplierId: supplier.b, amount: 18_500 },
      { supplierId: supplier.c, amount: 19_500 },
    ],
  });
  await ok(s.secretariat, 'POST', `/api/procurement/requests/${String(pr.health.id)}/abstract`, {
    awardSupplierId: supplier.b,
  });
  await ok(s.member, 'POST', `/api/procurement/requests/${String(pr.health.id)}/resolution`, {
    number: 'BAC-2026-01',
    date: '2026-03-02',
  });
  const ordered = await ok(s.chair, 'POST', '/api/procurement/orders', {
    requestId: pr.health.id,
    number: 'PO-2026-001',
    date: '2026-03-02',
  });
  await moveTo('2026-03-10T02:00:00Z');
  await ok(s.inspector, 'POST', '/api/procurement/inspections', {
    orderId: ordered.order?.id,
    deliveredOn: '2026-03-09',
    inspectedOn: '2026-03-10',
    items: [{ item: 0, quantity: 200 }],
  });
  // Office supplies for the sports fest: quoted and awarded, no resolution yet.
  pr.sports = await makeRequest(t, s.secretariat, {
    lineRef: s.ref['Sports fest'],
    year: YEAR,
    items: [
      {
        description: 'Score sheets',
        quantity: 120,
        unit: 'ream',
        unitCost: 100,
        objectCode: OFFICE,
      },
    ],
  });
  await ok(s.secretariat, 'PUT', quotes(pr.sports.id), {
    quotations: [
      { supplierId: supplier.a, amount: 11_000 },
      { supplierId: supplier.b, amount: 12_000 },
      { supplierId: supplier.c, amount: null },
    ],
  });
  await ok(s.secretariat, 'POST', `/api/procurement/requests/${String(pr.sports.id)}/abstract`, {
    awardSupplierId: supplier.a,
  });
  // A laptop for the reading hub (capital outlay): requested only.
  pr.reading = await makeRequest(t, s.secretariat, {
    lineRef: s.ref['Reading hub'],
    year: YEAR,
    items: [
      { description: 'Laptop', quantity: 1, unit: 'unit', unitCost: 15_000, objectCode: ICT },
    ],
  });
}
