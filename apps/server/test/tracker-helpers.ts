import type {
  BudgetPlan,
  DisbursementInput,
  PlanLineInput,
  TrackerItem,
  TrackerItemSummary,
  TrackerOverview,
} from '@sk-tanaw/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TRAINING_LINE, approve, call, passingPlan, post } from './budget-plans-helpers.ts';
import type { Session } from './helpers.ts';

/** One API call as a session (or anonymously), JSON in and out: `call` of the plan tests. */
export const api = call;

/**
 * The tracker tests' plan (₱100,000 fund, every check passing): a GAP training line (MOOE
 * ₱10,000), a Health caravan (MOOE ₱30,000 and CO ₱10,000, March to May) and a reading hub
 * (MOOE ₱20,000, no months): ₱70,000 of lines.
 */
/** The tracker tests' health caravan: MOOE 30,000 and CO 10,000, March to May. */
export const CARAVAN_LINE: PlanLineInput = {
  program: 'YDEP',
  centre: 'Health',
  ppa: 'Health caravan',
  expectedResult: '300 youth screened',
  performanceIndicator: 'Youth screened',
  mooe: 30_000,
  co: 10_000,
  startMonth: 3,
  endMonth: 5,
};

/** The tracker tests' reading hub: MOOE 20,000, not itemised by object. */
export const HUB_LINE: PlanLineInput = {
  program: 'YDEP',
  centre: 'Education',
  ppa: 'Reading hub',
  mooe: 20_000,
};

export const TRACKER_LINES: PlanLineInput[] = [TRAINING_LINE, CARAVAN_LINE, HUB_LINE];

/** A plan of `year` with TRACKER_LINES, approved and posted by the chairperson. */
export async function postedPlan(
  app: FastifyInstance,
  chair: Session,
  year: number,
  lines: PlanLineInput[] = TRACKER_LINES,
): Promise<BudgetPlan> {
  const plan = await passingPlan(app, chair, year, lines);
  expect((await approve(app, chair, plan.id, `SK-${String(year)}-001`)).statusCode).toBe(200);
  const posted = await post(app, chair, plan.id);
  expect(posted.statusCode, posted.body).toBe(200);
  return posted.json<{ plan: BudgetPlan }>().plan;
}

export async function overview(
  app: FastifyInstance,
  session: Session,
  year?: number,
): Promise<TrackerOverview> {
  const response = await api(
    app,
    'GET',
    `/api/tracker${year === undefined ? '' : `?year=${String(year)}`}`,
    session,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ tracker: TrackerOverview }>().tracker;
}

export function itemNamed(tracker: TrackerOverview, ppa: string): TrackerItemSummary {
  const item = tracker.items.find((i) => i.ppa === ppa);
  if (!item) {
    throw new Error(`no item "${ppa}" in ${tracker.items.map((i) => i.ppa).join(', ')}`);
  }
  return item;
}

export const itemUrl = (id: number, rest = '') => `/api/tracker/items/${String(id)}${rest}`;

/** A disbursement body: MOOE, dated `date`, with a voucher number. */
export function disbursement(
  amount: number,
  date: string,
  parts: Partial<DisbursementInput> = {},
): DisbursementInput {
  return { amount, date, expenseClass: 'MOOE', reference: 'DV-0001', ...parts };
}

/** The answered item of a successful change. */
export function itemOf(response: LightMyRequestResponse): TrackerItem {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ item: TrackerItem }>().item;
}

/** Records a disbursement (a `disbursement(...)` body) on the item and returns the item after it. */
export async function disburse(
  app: FastifyInstance,
  session: Session,
  itemId: number,
  body: ReturnType<typeof disbursement>,
): Promise<TrackerItem> {
  return itemOf(await api(app, 'POST', itemUrl(itemId, '/disbursements'), session, body));
}

/** Deletes the item's first disbursement and returns the item after it. */
export async function removeFirstDisbursement(
  app: FastifyInstance,
  session: Session,
  item: TrackerItem,
): Promise<TrackerItem> {
  const id = String(item.disbursements[0]?.id ?? 0);
  return itemOf(await api(app, 'DELETE', `/api/tracker/disbursements/${id}`, session));
}

/** The code and message of a refusal. */
export function refusal(response: LightMyRequestResponse): { code: string; message: string } {
  return response.json<{ code: string; message: string }>();
}
