import type { CommitmentInput, Registry, RegistryLine } from '@sk-tanaw/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Session } from './helpers.ts';
import { api, itemUrl } from './tracker-helpers.ts';

/** A commitment body: MOOE, dated `date`, a purchase order to a supplier. */
export function commitment(
  amount: number,
  date: string,
  parts: Partial<CommitmentInput> = {},
): CommitmentInput {
  return {
    amount,
    date,
    expenseClass: 'MOOE',
    reference: 'PO-0001',
    payee: 'Bayanihan Medical Supply',
    ...parts,
  };
}

export const commit = (
  app: FastifyInstance,
  session: Session,
  itemId: number,
  body: CommitmentInput,
): Promise<LightMyRequestResponse> =>
  api(app, 'POST', itemUrl(itemId, '/commitments'), session, body);

/** The id of a recorded commitment. */
export function committedId(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ commitment: { id: number } }>().commitment.id;
}

export const designate = (app: FastifyInstance, session: Session, userId: number | null) =>
  api(app, 'PUT', '/api/tracker/budget-monitoring-officer', session, { userId });

export async function registry(
  app: FastifyInstance,
  session: Session,
  year: number,
): Promise<Registry> {
  const response = await api(app, 'GET', `/api/tracker/registry?year=${String(year)}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ registry: Registry }>().registry;
}

export function lineOf(r: Registry, ppa: string, expenseClass: 'MOOE' | 'CO'): RegistryLine {
  const line = r.lines.find((l) => l.ppa === ppa && l.expenseClass === expenseClass);
  if (!line) {
    throw new Error(`no ${expenseClass} line "${ppa}"`);
  }
  return line;
}
