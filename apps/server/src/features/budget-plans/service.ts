import type { AppDb, DialectName } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { ForecastService } from '../forecast/service.ts';
import { createDisclosureService } from '../disclosure/service.ts';
import { createDisclosureBoard } from './disclosure.ts';
import { createPlanDrafts } from './drafts.ts';
import { createResolutionLinks } from './resolution.ts';
import { createPlanReader, createPlanView } from './view.ts';
import { createPlanWorkflow } from './workflow.ts';

export interface BudgetPlanServiceDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  storage: DocumentStorage;
  forecast: ForecastService;
  appSecret: string;
}

/**
 * The Budget Planning service, put together from its parts: reading plans (view.ts), drafting
 * (drafts.ts), approving, posting and revising (workflow.ts), the signed resolutions
 * (resolution.ts) and the public disclosure board (disclosure.ts).
 */
export function createBudgetPlanService(deps: BudgetPlanServiceDeps) {
  const reader = createPlanReader(deps);
  return {
    ...createPlanView(deps, reader),
    ...createPlanDrafts(deps, reader),
    ...createPlanWorkflow(deps, reader),
    ...createResolutionLinks(deps),
    ...createDisclosureBoard(deps),
    disclosureSchedule: createDisclosureService(deps),
  };
}

export type BudgetPlanService = ReturnType<typeof createBudgetPlanService>;
