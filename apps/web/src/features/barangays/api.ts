import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REQUEST_TIMEOUT_MS } from '@sk-tanaw/contract';
import type { BarangaySummary, DirectoryResponse } from '@sk-tanaw/contract';

/** Up to this many barangays the sign-in picker shows the spec's buttons; beyond, a search. */
export const PICKER_BUTTONS_MAX = 4;

/**
 * Plain `fetch` for the public barangay lists (no session needed): the landing page's picker
 * then does not download the HTTP library.
 */
async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) {
    throw new Error(`GET ${path} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

/** GET /api/barangays?q= (or ?code=): active barangays, at most 50 (`offices`: city offices too). */
export async function searchBarangays(
  by: { q: string; offices?: '1' } | { code: string },
  signal?: AbortSignal,
): Promise<BarangaySummary[]> {
  const query = new URLSearchParams(by).toString();
  const answer = await getJson<{ barangays: BarangaySummary[] }>(`/api/barangays?${query}`, signal);
  return answer.barangays;
}

/**
 * The sign-in search: the barangays whose name holds `q` (the first 50 without one); with
 * `offices`, the city offices too (found by their common names as well: "Naga City").
 */
export function useBarangaySearch(q: string, enabled = true, offices = false) {
  return useQuery({
    enabled,
    queryKey: ['barangays', 'search', q.trim().toLowerCase(), offices],
    queryFn: ({ signal }) =>
      searchBarangays(offices ? { q: q.trim(), offices: '1' } : { q: q.trim() }, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The active barangay with this code (`/login?barangay=CODE`), null when there is none. */
export function useBarangayByCode(code: string | null) {
  return useQuery({
    queryKey: ['barangays', 'code', (code ?? '').toUpperCase()],
    queryFn: async ({ signal }) => (await searchBarangays({ code: code ?? '' }, signal))[0] ?? null,
    enabled: Boolean(code),
    staleTime: 60_000,
  });
}

export interface DirectoryFilter {
  q: string;
  district: string;
  page: number;
}

export function directoryQueryOptions({ q, district, page }: DirectoryFilter) {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) {
    params.set('q', q.trim());
  }
  if (district) {
    params.set('district', district);
  }
  return queryOptions({
    queryKey: ['barangays', 'directory', q.trim().toLowerCase(), district, page],
    queryFn: ({ signal }) =>
      getJson<DirectoryResponse>(`/api/public/directory?${params.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** The barangay's label in lists: "Name, City", and its district when it has one. */
export function barangayLabel(b: { name: string; city: string | null; kind?: 'city' }): string {
  // A city office is its city: "City of Naga".
  return b.city && b.kind !== 'city' ? `${b.name}, ${b.city}` : b.name;
}
