import { planResolutionUrlEndpoint } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** GET /api/budget-plans/:id/resolution-url: a short-lived signed link, asked for each time. */
export async function getResolutionUrl(id: number): Promise<string> {
  const data = await callEndpoint(planResolutionUrlEndpoint, { params: { id } });
  return data.url;
}
