import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../services.ts';
import { adminDashboardRoutes } from './admin-dashboard/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { siteRoutes } from './site/routes.ts';

/** Every feature's routes. A new feature adds one line here. */
export const features: ((services: AppServices) => FastifyPluginAsyncZod)[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  passwordRecoveryRoutes,
  projectRoutes,
  adminDashboardRoutes,
];
