import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trackerOverviewEndpoint, type Language, type TrackerOverview } from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** GET /api/tracker?year=: the year's items, figures per centre and alerts (default: this year). */
export async function getTracker(
  year: number | null,
  signal?: AbortSignal,
  lang: Language = currentLanguage(),
): Promise<TrackerOverview> {
  const data = await callEndpoint(trackerOverviewEndpoint, {
    query: year === null ? { lang } : { year, lang },
    config: { signal },
  });
  return data.tracker;
}

/** The year's overview, its alert sentences in the language shown (a switch fetches again). */
export function trackerQueryOptions(year: number | null, lang: Language = currentLanguage()) {
  return queryOptions({
    queryKey: trackerKeys.overview(year, lang),
    queryFn: ({ signal }) => getTracker(year, signal, lang),
    // The previous year stays on screen while another loads.
    placeholderData: keepPreviousData,
  });
}

export function useTracker(year: number | null) {
  return useQuery(trackerQueryOptions(year));
}
