import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackerItem } from '@sk-tanaw/contract';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** Every change of an item answers with the whole item and a message. */
export interface ItemAnswer {
  success: true;
  message: string;
  item: TrackerItem;
}

/**
 * A mutation of one item: its answer replaces the item on screen, and the year's figures, the
 * alerts (dashboard included) and planned-vs-spent are fetched again.
 */
export function useItemMutation<V>(mutationFn: (variables: V) => Promise<ItemAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      queryClient.setQueryData(trackerKeys.item(answer.item.id), answer.item);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trackerKeys.overviews() }),
        queryClient.invalidateQueries({ queryKey: trackerKeys.alerts() }),
        queryClient.invalidateQueries({ queryKey: trackerKeys.plannedSpent() }),
      ]);
    },
  });
}
