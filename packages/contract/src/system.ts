import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';

/** What a readiness check looks at: always the database; Redis and the bucket when configured. */
export const READY_COMPONENTS = ['database', 'redis', 'storage'] as const;
export type ReadyComponent = (typeof READY_COMPONENTS)[number];

/**
 * GET /api/ready: whether this process can serve (for a load balancer). 200 when every configured
 * component answers, else 503 naming the ones that did not. A process that is shutting down
 * refuses new connections and answers 503 on open ones.
 */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** Every configured component and whether it answered. */
  checks: z.partialRecord(z.enum(READY_COMPONENTS), z.enum(['ok', 'failed'])),
  /** The components that did not answer. */
  failed: z.array(z.enum(READY_COMPONENTS)),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

export const readyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/ready',
  response: ReadyResponseSchema,
});
