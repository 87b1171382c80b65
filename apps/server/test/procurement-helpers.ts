import type { BudgetPlan, PlanLineInput, PurchaseRequest } from '@sk-tanaw/contract';
import { expect } from 'vitest';
import {
  HONORARIA,
  RECEIPTS,
  TRAINING_LINE,
  approve,
  createPlan,
  post,
  savePlan,
} from './budget-plans-helpers.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { login, loginAs, type Session, type TestApp } from './helpers.ts';
import { addCouncil, importCity } from './registry-helpers.ts';
import { api, itemNamed, overview } from './tracker-helpers.ts';

/**
 * SB with six SK officials besides the demo ones (`sb.bac1` to `sb.bac6`), its BAC constituted
 * (bac1 chair, bac2 vice chair, bac3 to bac5 members, bac3 also the inspector, bac6 the
 * secretariat), and a posted plan of `year` with lines of ₱60,000 of MOOE and one of capital
 * outlay. The demo seed holds SB's plan of the clock's year: tests use another year.
 */
export const PROCUREMENT_LINES: PlanLineInput[] = [
  TRAINING_LINE,
  { program: 'YDEP', centre: 'Health', ppa: 'Health caravan', mooe: 60_000 },
  { program: 'YDEP', centre: 'Active Citizenship', ppa: 'Sports fest', mooe: 60_000 },
  { program: 'YDEP', centre: 'Education', ppa: 'Reading hub', mooe: 60_000, co: 20_000 },
];

export interface ProcurementSetup {
  chair: Session;
  official: Session;
  admin: Session;
  secretariat: Session;
  member: Session;
  inspector: Session;
  bac: number[];
  ref: Record<string, string>;
  itemId: Record<string, number>;
}

/** On SB, or on a barangay of a real city (`code`, PSGC) given a council (`prefix`). */
export async function setUpProcurement(
  t: TestApp,
  year: number,
  place: { code: string; prefix: string } = { code: 'SB', prefix: 'sb' },
): Promise<ProcurementSetup> {
  const { db } = t.app.services;
  const demo = place.code === 'SB';
  if (!demo) {
    await importCity(db, 'Quezon City');
    await addCouncil(db, place.code, place.prefix);
  }
  const as = (name: string) => login(t.app, `${place.prefix}.${name}`, DEMO_PASSWORD, place.code);
  const chair = demo ? await loginAs(t.app, 'SKC', 'SB') : await as('chair');
  const barangay = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', place.code)
    .executeTakeFirstOrThrow();
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username_key', '=', 'sb.admin')
    .executeTakeFirstOrThrow();
  const stamp = t.clock.now().toISOString();
  const bac: number[] = [];
  for (let i = 1; i <= 6; i += 1) {
    const username = `${place.prefix}.bac${String(i)}`;
    const row = await db
      .insertInto('users')
      .values({
        barangay_id: barangay.id,
        username,
        username_key: username,
        password_hash: model.password_hash,
        full_name: `Bac ${String(i)} Reyes`,
        position: 'SKO',
        email: `${username}@gmail.com`,
        phone: `0917${String(barangay.id % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`,
        created_at: stamp,
        updated_at: stamp,
        password_changed_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bac.push(row.id);
  }
  const order = await api(t.app, 'PUT', '/api/procurement/bac', chair, {
    orderNumber: `${String(year)}-01`,
    orderDate: `${String(year)}-01-10`,
    memberIds: bac.slice(0, 5),
    chairId: bac[0],
    viceChairId: bac[1],
    secretariatIds: [bac[5]],
    inspectorId: bac[2],
  });
  expect(order.statusCode, order.body).toBe(200);
  const draft = await createPlan(t.app, chair, year, {
    previousPlan: false,
    acceptedProposals: false,
    forecast: false,
  });
  const saved: BudgetPlan = await savePlan(t.app, chair, draft, {
    receipts: { ...RECEIPTS, tenPercentShare: 300_000 },
    lines: PROCUREMENT_LINES,
    honoraria: HONORARIA,
  });
  expect((await approve(t.app, chair, saved.id, `SK-${String(year)}-001`)).statusCode).toBe(200);
  const posted = await post(t.app, chair, saved.id);
  expect(posted.statusCode, posted.body).toBe(200);
  const tracker = await overview(t.app, chair, year);
  const ref: Record<string, string> = {};
  const itemId: Record<string, number> = {};
  for (const name of ['Health caravan', 'Sports fest', 'Reading hub']) {
    ref[name] = itemNamed(tracker, name).referenceCode;
    itemId[name] = itemNamed(tracker, name).id;
  }
  return {
    chair,
    official: demo ? await loginAs(t.app, 'SKO', 'SB') : await as('official'),
    admin: demo ? await loginAs(t.app, 'MA', 'SB') : await as('admin'),
    secretariat: await as('bac6'),
    member: await as('bac1'),
    inspector: await as('bac3'),
    bac,
    ref,
    itemId,
  };
}

export async function makeRequest(
  t: TestApp,
  who: Session,
  body: unknown,
): Promise<PurchaseRequest> {
  const r = await api(t.app, 'POST', '/api/procurement/requests', who, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ request: PurchaseRequest }>().request;
}

export async function addSupplier(
  t: TestApp,
  who: Session,
  name: string,
  philgepsNumber = `PG-${name.slice(0, 3)}`,
): Promise<number> {
  const r = await api(t.app, 'POST', '/api/procurement/suppliers', who, {
    name,
    address: 'Quezon City',
    philgepsNumber,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ supplier: { id: number } }>().supplier.id;
}
