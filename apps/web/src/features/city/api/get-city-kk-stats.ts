import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CITY_KK_STATS_XLSX_PATH, cityKkStatsEndpoint } from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** The query string: one barangay's code, or none for the whole city. */
const queryOf = (barangay: string): Record<string, string> => (barangay ? { barangay } : {});

/** GET /api/city/kk/stats?barangay=: the city's (or one barangay's) youth counts, small hidden. */
export function useCityKkStats(barangay: string) {
  return useQuery(
    queryOptions({
      queryKey: ['city', 'kk-stats', barangay] as const,
      queryFn: ({ signal }) =>
        callEndpoint(cityKkStatsEndpoint, { query: queryOf(barangay), config: { signal } }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/city/kk/stats.xlsx?barangay=, saved as a file. */
export function downloadCityKkStats(barangay: string): Promise<void> {
  return downloadApiFile(
    CITY_KK_STATS_XLSX_PATH,
    queryOf(barangay),
    `kk-statistics${barangay ? `-${barangay}` : ''}.xlsx`,
  );
}
