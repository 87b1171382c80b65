import { useQuery } from '@tanstack/react-query';
import { CITY_TURNOVER_ORDER_PATH, cityTurnoverEndpoint, endpointPath } from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** GET /api/city/turnover: the inventory and turnover of every barangay of the city. */
export const useCityTurnover = () =>
  useQuery({
    queryKey: ['city', 'turnover'] as const,
    queryFn: async ({ signal }) =>
      (await callEndpoint(cityTurnoverEndpoint, { config: { signal } })).turnover,
    staleTime: 30_000,
  });

export const downloadCityTurnover = () =>
  downloadApiFile(cityTurnoverEndpoint.path, { format: 'xlsx' }, 'SK-turnover.xlsx');

/** A barangay's order creating its SK Inventory Team. */
export const downloadBarangayOrder = (barangayCode: string) =>
  downloadApiFile(
    endpointPath(CITY_TURNOVER_ORDER_PATH, { barangayCode }),
    {},
    `SK-Order-SKIT-${barangayCode}.pdf`,
  );
