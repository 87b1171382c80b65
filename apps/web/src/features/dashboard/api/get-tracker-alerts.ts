import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackerAlertsEndpoint, type EndpointResponse, type Language } from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

export type TrackerAlerts = EndpointResponse<typeof trackerAlertsEndpoint>;

/** GET /api/tracker/alerts: the current year's alerts (none when no plan is posted). */
export function getTrackerAlerts(
  signal?: AbortSignal,
  lang: Language = currentLanguage(),
): Promise<TrackerAlerts> {
  return callEndpoint(trackerAlertsEndpoint, { query: { lang }, config: { signal } });
}

/** The alerts, their sentences in the language shown (a switch fetches them again). */
export function trackerAlertsQueryOptions(lang: Language = currentLanguage()) {
  return queryOptions({
    queryKey: trackerKeys.alertsIn(lang),
    queryFn: ({ signal }) => getTrackerAlerts(signal, lang),
  });
}

export function useTrackerAlerts(enabled: boolean) {
  return useQuery({ ...trackerAlertsQueryOptions(), enabled });
}
