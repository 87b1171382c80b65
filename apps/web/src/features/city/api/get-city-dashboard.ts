import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CITY_DASHBOARD_XLSX_PATH,
  cityDashboardEndpoint,
  type CityDashboard,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export interface CityDashboardFilters {
  /** Null: the server's choice, the year of the newest budget submitted to the city. */
  year: number | null;
  district: string;
  late: boolean;
}

/** The query string of the filters the server applies (district, late) and the year. */
function queryOf(filters: CityDashboardFilters): Record<string, string> {
  return {
    ...(filters.year === null ? {} : { year: String(filters.year) }),
    ...(filters.district ? { district: filters.district } : {}),
    ...(filters.late ? { late: 'true' } : {}),
  };
}

/** GET /api/city/dashboard?year=&district=&late=: the city's barangays' plans and spending. */
export function getCityDashboard(filters: CityDashboardFilters): Promise<CityDashboard> {
  return callEndpoint(cityDashboardEndpoint, { query: queryOf(filters) });
}

export function useCityDashboard(filters: CityDashboardFilters) {
  return useQuery(
    queryOptions({
      queryKey: ['city', 'dashboard', filters] as const,
      queryFn: () => getCityDashboard(filters),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/city/dashboard.xlsx with the same filters, saved as a file. */
export function downloadCityDashboard(filters: CityDashboardFilters): Promise<void> {
  return downloadApiFile(
    CITY_DASHBOARD_XLSX_PATH,
    queryOf(filters),
    `city-dashboard${filters.year === null ? '' : `-${String(filters.year)}`}.xlsx`,
  );
}
