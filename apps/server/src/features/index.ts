import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../services.ts';
import { accountRoutes } from './accounts/routes.ts';
import { adminDashboardRoutes } from './admin-dashboard/routes.ts';
import { adminLogRoutes } from './admin-logs/routes.ts';
import { adminProjectRoutes } from './admin-projects/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { backupRoutes } from './backup/routes.ts';
import { budgetPlanRoutes } from './budget-plans/routes.ts';
import { forecastRoutes } from './forecast/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/routes.ts';
import { predictiveRoutes } from './predictive/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { rawDataRoutes } from './raw-data/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { trackerPublicRoutes } from './tracker/public-routes.ts';
import { trackerRoutes } from './tracker/routes.ts';

/** Every feature's routes. A new feature adds one line here. */
export const features: ((services: AppServices) => FastifyPluginAsyncZod)[] = [
  healthRoutes,
  siteRoutes,
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
  trackerRoutes,
  trackerPublicRoutes,
];
