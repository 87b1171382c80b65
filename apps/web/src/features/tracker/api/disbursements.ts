import {
  addDisbursementEndpoint,
  deleteDisbursementEndpoint,
  updateDisbursementEndpoint,
  type DisbursementInput,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { useItemMutation, type ItemAnswer } from './item-mutation.ts';

/** A disbursement to record against item `itemId`, or (with `id`) disbursement `id`'s new values. */
export type SaveDisbursementInput =
  | { itemId: number; id?: undefined; body: DisbursementInput }
  | { itemId?: undefined; id: number; body: DisbursementInput };

/**
 * POST /api/tracker/items/:id/disbursements, or PUT /api/tracker/disbursements/:id. The server
 * refuses (422, with the amounts in its message) one that would pass the line's appropriation.
 */
export function saveDisbursement(input: SaveDisbursementInput): Promise<ItemAnswer> {
  return input.id === undefined
    ? callEndpoint(addDisbursementEndpoint, { params: { id: input.itemId }, body: input.body })
    : callEndpoint(updateDisbursementEndpoint, { params: { id: input.id }, body: input.body });
}

/** DELETE /api/tracker/disbursements/:id. */
export function deleteDisbursement(id: number): Promise<ItemAnswer> {
  return callEndpoint(deleteDisbursementEndpoint, { params: { id } });
}

export const useSaveDisbursement = () => useItemMutation(saveDisbursement);
export const useDeleteDisbursement = () => useItemMutation(deleteDisbursement);
