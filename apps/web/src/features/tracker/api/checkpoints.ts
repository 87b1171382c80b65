import {
  addCheckpointEndpoint,
  deleteCheckpointEndpoint,
  updateCheckpointEndpoint,
  type CheckpointInput,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { useItemMutation, type ItemAnswer } from './item-mutation.ts';

/** A checkpoint to add to item `itemId`, or (with `id`) the new values of checkpoint `id`. */
export type SaveCheckpointInput =
  | { itemId: number; id?: undefined; body: CheckpointInput }
  | { itemId?: undefined; id: number; body: CheckpointInput };

/** POST /api/tracker/items/:id/checkpoints, or PUT /api/tracker/checkpoints/:id. */
export function saveCheckpoint(input: SaveCheckpointInput): Promise<ItemAnswer> {
  return input.id === undefined
    ? callEndpoint(addCheckpointEndpoint, { params: { id: input.itemId }, body: input.body })
    : callEndpoint(updateCheckpointEndpoint, { params: { id: input.id }, body: input.body });
}

/** DELETE /api/tracker/checkpoints/:id. */
export function deleteCheckpoint(id: number): Promise<ItemAnswer> {
  return callEndpoint(deleteCheckpointEndpoint, { params: { id } });
}

export const useSaveCheckpoint = () => useItemMutation(saveCheckpoint);
export const useDeleteCheckpoint = () => useItemMutation(deleteCheckpoint);
