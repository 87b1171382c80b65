import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/routes.ts';
import { adminDashboardRoutes } from './admin-dashboard/routes.ts';
import { adminLogRoutes } from './admin-logs/routes.ts';
import { adminProjectRoutes } from './admin-projects/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { barangayRoutes } from './barangays/routes.ts';
import { backupRoutes } from './backup/routes.ts';
import { budgetPlanRoutes } from './budget-plans/routes.ts';
import { disclosureRoutes } from './disclosure/routes.ts';
import { termRoutes } from './terms/routes.ts';
import { cbydpRoutes } from './cbydp/routes.ts';
import { cityRoutes } from './city/routes.ts';
import { councilRoutes } from './council/routes.ts';
import { forecastRoutes } from './forecast/routes.ts';
import { cityKkRoutes } from './kk/city-routes.ts';
import { kkPublicRoutes } from './kk/public-routes.ts';
import { kkRoutes } from './kk/routes.ts';
import { kkWindowRoutes } from './kk/window-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { kkAssemblyRoutes } from './kk-assemblies/routes.ts';
import { planReviewRoutes } from './plan-review/routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/routes.ts';
import { predictiveRoutes } from './predictive/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { rawDataRoutes } from './raw-data/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { trackerPublicRoutes } from './tracker/public-routes.ts';
import { trackerRoutes } from './tracker/routes.ts';
import { booksRoutes } from './books/routes.ts';
import { turnoverRoutes } from './turnover/routes.ts';
import { officialsRoutes } from './turnover/officials-routes.ts';
import { cashRoutes } from './books/cash-routes.ts';
import { procurementRoutes } from './procurement/routes.ts';
import { procurementRequestRoutes } from './procurement/requests-routes.ts';
import { procurementAwardRoutes } from './procurement/awards-routes.ts';
import { procurementDocumentRoutes } from './procurement/documents-routes.ts';

/**
 * Every feature's routes. A new feature adds one line here. Each declares the services it needs
 * (its `...RouteDeps`); the composition root (app.ts) hands them over from services.ts, and the
 * type check fails where a feature asks for something services.ts does not build.
 */
export const features = [
  healthRoutes,
  siteRoutes,
  barangayRoutes,
  authRoutes,
  passwordRecoveryRoutes,
  projectRoutes,
  adminDashboardRoutes,
  backupRoutes,
  predictiveRoutes,
  forecastRoutes,
  accountRoutes,
  adminProjectRoutes,
  adminLogRoutes,
  rawDataRoutes,
  budgetPlanRoutes,
  disclosureRoutes,
  trackerRoutes,
  booksRoutes,
  trackerPublicRoutes,
  kkAssemblyRoutes,
  cbydpRoutes,
  kkRoutes,
  kkPublicRoutes,
  kkWindowRoutes,
  cityRoutes,
  cityKkRoutes,
  planReviewRoutes,
  councilRoutes,
  termRoutes,
  turnoverRoutes,
  officialsRoutes,
  cashRoutes,
  procurementRoutes,
  procurementRequestRoutes,
  procurementAwardRoutes,
  procurementDocumentRoutes,
] as const satisfies readonly ((deps: never) => FastifyPluginAsyncZod)[];
