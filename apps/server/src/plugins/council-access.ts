import { ApiMessageSchema } from '@sk-tanaw/contract';
import type { RequireUserOptions } from './auth.ts';

/** The answers a route documents besides its 200: a message and a code (contract common.ts). */
export const clientErrors = { '4xx': ApiMessageSchema };

/** `/api/x/:id` in the contract; Fastify takes the same syntax. */
export const routePath = (endpoint: { path: string }) => endpoint.path;

/*
 * Who may do what with a council's own documents (the budget plan, the CBYDP, the KK assemblies'
 * records): every account of the council reads (`plan.view`); the chairperson and the SK
 * officials prepare (`plan.edit`; administrators read only); the chairperson approves and posts
 * (`plan.approve`: he or she attests the SK's resolution). Each feature refuses in its own words.
 */

/** Preparing a council document: the chairperson and the SK officials. */
export const councilEditor = (refuse: () => Error): RequireUserOptions => ({
  action: 'plan.view',
  role: { action: 'plan.edit', refuse },
});

/** Approving or posting it: the chairperson. */
export const councilChair = (refuse: () => Error): RequireUserOptions => ({
  action: 'plan.view',
  role: { action: 'plan.approve', refuse },
});
