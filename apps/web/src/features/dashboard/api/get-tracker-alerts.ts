import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackerAlertsEndpoint, type EndpointResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

export type TrackerAlerts = EndpointResponse<typeof trackerAlertsEndpoint>;

/** GET /api/tracker/alerts: the current year's alerts (none when no plan is posted). */
export function getTrackerAlerts(signal?: AbortSignal): Promise<TrackerAlerts> {
  return callEndpoint(trackerAlertsEndpoint, { config: { signal } });
}

export function trackerAlertsQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.alerts(),
    queryFn: ({ signal }) => getTrackerAlerts(signal),
  });
}

export function useTrackerAlerts(enabled: boolean) {
  return useQuery({ ...trackerAlertsQueryOptions(), enabled });
}
