import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTrackerItemEndpoint, type TrackerItem } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** GET /api/tracker/items/:id: one item with its checkpoints, disbursements and evidence. */
export async function getTrackerItem(id: number, signal?: AbortSignal): Promise<TrackerItem> {
  const data = await callEndpoint(getTrackerItemEndpoint, { params: { id }, config: { signal } });
  return data.item;
}

export function trackerItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: trackerKeys.item(id),
    queryFn: ({ signal }) => getTrackerItem(id, signal),
    // The progress form is built from this answer: it changes only through the page's own
    // actions (save, reload, the sections' changes), never under the user's typing.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTrackerItem(id: number) {
  return useQuery(trackerItemQueryOptions(id));
}
