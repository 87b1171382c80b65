import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cityAccountsEndpoint,
  createCityAccountEndpoint,
  onboardingLinkEndpoint,
  setCityAccountActiveEndpoint,
  type CreateCityAccountRequest,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const cityAccountsQueryKey = ['city', 'accounts'] as const;

/** GET /api/city/accounts: the city's own accounts (the city administrator's list). */
export function useCityAccounts() {
  return useQuery(
    queryOptions({
      queryKey: cityAccountsQueryKey,
      queryFn: ({ signal }) => callEndpoint(cityAccountsEndpoint, { config: { signal } }),
    }),
  );
}

/** POST /api/city/accounts: a new city account, e-mailed a one-time link. */
export function useCreateCityAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCityAccountRequest) =>
      callEndpoint(createCityAccountEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityAccountsQueryKey }),
  });
}

/** PUT /api/city/accounts/:id/active: deactivate a city account, or activate it again. */
export function useSetCityAccountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; active: boolean }) =>
      callEndpoint(setCityAccountActiveEndpoint, {
        params: { id: input.id },
        body: { active: input.active },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityAccountsQueryKey }),
  });
}

/** POST /api/onboarding/link: for whom an e-mailed link sets a password (no sign-in). */
export function useOnboardingLink(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['onboarding-link', token],
      queryFn: () => callEndpoint(onboardingLinkEndpoint, { body: { token } }),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
}
