import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';

/** GET /api/admin/dashboard: real figures for the admin's barangay. */
export const AdminDashboardResponseSchema = z.object({
  success: z.literal(true),
  barangay: z.string(),
  accounts: z.object({ total: z.number(), active: z.number(), archived: z.number() }),
  projectsByStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  reviewsPending: z.number(),
  signInsToday: z.number(),
  recentActivity: z.array(
    z.object({
      auditID: z.number(),
      username: z.string(),
      moduleName: z.string(),
      actions: z.string(),
      descriptions: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponseSchema>;
export type AdminActivity = AdminDashboardResponse['recentActivity'][number];

export const adminDashboardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  response: AdminDashboardResponseSchema,
});
