import { updateTrackerItemEndpoint, type UpdateTrackerItemRequest } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { useItemMutation, type ItemAnswer } from './item-mutation.ts';

export interface UpdateItemInput {
  id: number;
  body: UpdateTrackerItemRequest;
}

/** PUT /api/tracker/items/:id with the version the edit started from (409 when stale). */
export function updateItem({ id, body }: UpdateItemInput): Promise<ItemAnswer> {
  return callEndpoint(updateTrackerItemEndpoint, { params: { id }, body });
}

export function useUpdateItem() {
  return useItemMutation(updateItem);
}
