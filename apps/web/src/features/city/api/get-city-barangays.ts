import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cityBarangaysEndpoint,
  createBarangayAdminEndpoint,
  setBarangayActiveEndpoint,
  setFirstPasswordEndpoint,
  type CityBarangaysResponse,
  type CreateBarangayAdminRequest,
  type SetFirstPasswordRequest,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const cityBarangaysQueryKey = ['city', 'barangays'] as const;

/** GET /api/city/barangays: the signed-in city account's city and its barangays. */
export function getCityBarangays(): Promise<CityBarangaysResponse> {
  return callEndpoint(cityBarangaysEndpoint);
}

export function useCityBarangays() {
  return useQuery(
    queryOptions({ queryKey: cityBarangaysQueryKey, queryFn: getCityBarangays, staleTime: 30_000 }),
  );
}

/** PUT /api/city/barangays/:code/active: the city administrator serves a barangay or stops. */
export function useSetBarangayActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; active: boolean }) =>
      callEndpoint(setBarangayActiveEndpoint, {
        params: { barangayCode: input.code },
        body: { active: input.active },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['city'] }),
  });
}

/** POST /api/city/barangays/:code/admin: the barangay's first administrator, e-mailed a link. */
export function useCreateBarangayAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; body: CreateBarangayAdminRequest }) =>
      callEndpoint(createBarangayAdminEndpoint, {
        params: { barangayCode: input.code },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['city'] }),
  });
}

/** POST /api/onboarding/password: the e-mailed link's first password (no sign-in). */
export function setFirstPassword(body: SetFirstPasswordRequest) {
  return callEndpoint(setFirstPasswordEndpoint, { body });
}
