import type { AppDb } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createPlanReader } from '../budget-plans/view.ts';
import type { ForecastService } from '../forecast/service.ts';
import { createCityReview } from './city-review.ts';
import { createPlanSubmit } from './submit.ts';
import { createSubmissionReader } from './view.ts';

export interface PlanReviewServiceDeps {
  db: AppDb;
  clock: Clock;
  storage: DocumentStorage;
  forecast: ForecastService;
  mailer: Mailer;
  background: BackgroundTasks;
}

/**
 * The city's review of SK annual budgets: the council submits (submit.ts),
 * the city reads and decides (city-review.ts); deadlines from the rules table (rules.ts).
 */
export function createPlanReviewService(deps: PlanReviewServiceDeps) {
  const reader = createSubmissionReader(deps);
  return {
    ...createPlanSubmit(deps, reader),
    city: createCityReview(deps, reader, createPlanReader(deps)),
  };
}

export type PlanReviewService = ReturnType<typeof createPlanReviewService>;
