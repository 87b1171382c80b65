import type {
  BudgetPlan,
  HonorariumInput,
  PlanLineInput,
  PlanReceiptsInput,
  SavePlanRequest,
} from '@sk-tanaw/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Session } from './helpers.ts';

/** One API call as a session (or anonymously), JSON in and out. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  session: Session | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function createPlan(
  app: FastifyInstance,
  session: Session,
  year: number,
  prefill?: {
    previousPlan?: boolean;
    acceptedProposals?: boolean;
    forecast?: boolean;
    cbydp?: boolean;
  },
): Promise<BudgetPlan> {
  const response = await call(app, 'POST', '/api/budget-plans', session, {
    year,
    ...(prefill ? { prefill } : {}),
  });
  if (response.statusCode !== 200) {
    throw new Error(`create ${String(year)}: ${String(response.statusCode)} ${response.body}`);
  }
  return response.json<{ plan: BudgetPlan }>().plan;
}

export async function getPlan(
  app: FastifyInstance,
  session: Session,
  id: number,
): Promise<BudgetPlan> {
  const response = await call(app, 'GET', `/api/budget-plans/${String(id)}`, session);
  if (response.statusCode !== 200) {
    throw new Error(`get ${String(id)}: ${String(response.statusCode)} ${response.body}`);
  }
  return response.json<{ plan: BudgetPlan }>().plan;
}

/** A ₱100,000 SK fund: the barangay treasurer's notice and the certification of income. */
export const RECEIPTS: PlanReceiptsInput = {
  tenPercentShare: 100_000,
  certifiedOn: '2026-09-10',
  certifiedBy: 'Rosario M. Aquino',
  noticeOn: '2026-09-12',
  noticeBy: 'Edgardo L. Manalo',
  otherReceipts: [],
};

/** The GAP line of the test plans: the mandatory training of SK officials (MOOE ₱10,000). */
export const TRAINING_LINE: PlanLineInput = {
  program: 'GAP',
  ppa: 'Mandatory training of SK officials',
  mooe: 10_000,
  training: true,
  responsible: 'SK Chairperson',
};

/** Lines of a plan that passes every check on a ₱100,000 fund (with HONORARIA). */
export const LINES: PlanLineInput[] = [
  TRAINING_LINE,
  {
    program: 'YDEP',
    centre: 'Health',
    ppa: 'Health caravan',
    mooe: 40_000,
    startMonth: 3,
    endMonth: 5,
  },
  { program: 'YDEP', centre: 'Education', ppa: 'Reading hub', mooe: 20_000 },
];

/**
 * ₱24,000 of personal services, within 25% of ₱100,000, and every SK position: the
 * chairperson's ₱1,000 as the cap's reference (0 months), six members vacant at ₱0.
 */
export const HONORARIA: HonorariumInput[] = [
  { position: 'chairperson', name: 'Miguel Santos', monthlyRate: 1_000, months: 0 },
  { position: 'secretary', name: 'Kristine Ramos', monthlyRate: 500, months: 12 },
  { position: 'treasurer', name: 'Paolo Cruz', monthlyRate: 500, months: 12 },
  { position: 'member', name: 'Angelica Reyes', monthlyRate: 1_000, months: 12 },
  ...Array.from(
    { length: 6 },
    (): HonorariumInput => ({ position: 'member', monthlyRate: 0, months: 12, vacant: true }),
  ),
];

/** A PUT body from a plan as answered, with parts replaced. */
export function saveBody(
  plan: BudgetPlan,
  parts: Partial<Omit<SavePlanRequest, 'version'>> = {},
): SavePlanRequest {
  return {
    version: plan.version,
    receipts: parts.receipts ?? plan.receipts,
    lines: parts.lines ?? plan.lines,
    honoraria: parts.honoraria ?? plan.honoraria,
  };
}

export async function savePlan(
  app: FastifyInstance,
  session: Session,
  plan: BudgetPlan,
  parts: Partial<Omit<SavePlanRequest, 'version'>>,
): Promise<BudgetPlan> {
  const response = await call(
    app,
    'PUT',
    `/api/budget-plans/${String(plan.id)}`,
    session,
    saveBody(plan, parts),
  );
  if (response.statusCode !== 200) {
    throw new Error(`save ${String(plan.id)}: ${String(response.statusCode)} ${response.body}`);
  }
  return response.json<{ plan: BudgetPlan }>().plan;
}

/**
 * A created plan (nothing prefilled) saved with RECEIPTS, HONORARIA and `lines`: by default
 * LINES, so that it passes every check.
 */
export async function passingPlan(
  app: FastifyInstance,
  session: Session,
  year: number,
  lines: PlanLineInput[] = LINES,
): Promise<BudgetPlan> {
  const plan = await createPlan(app, session, year, {
    previousPlan: false,
    acceptedProposals: false,
    forecast: false,
  });
  return savePlan(app, session, plan, { receipts: RECEIPTS, lines, honoraria: HONORARIA });
}

export const approve = (
  app: FastifyInstance,
  session: Session,
  id: number,
  resolutionNumber = 'SK-2026-001',
  /** Never after the test clock's today (the approval is refused then): tests set clocks from 2024. */
  approvedOn = '2024-05-15',
) =>
  call(app, 'POST', `/api/budget-plans/${String(id)}/approve`, session, {
    resolutionNumber,
    approvedOn,
  });

export const post = (app: FastifyInstance, session: Session, id: number) =>
  call(app, 'POST', `/api/budget-plans/${String(id)}/post`, session);

/** A new draft version of the posted plan `id` (POST /revise): a realignment unless told. */
export async function revisePlan(
  app: FastifyInstance,
  session: Session,
  id: number,
  kind: 'realignment' | 'supplemental' = 'realignment',
): Promise<BudgetPlan> {
  const revised = await call(app, 'POST', `/api/budget-plans/${String(id)}/revise`, session, {
    kind,
  });
  expect(revised.statusCode, revised.body).toBe(200);
  return revised.json<{ plan: BudgetPlan }>().plan;
}
