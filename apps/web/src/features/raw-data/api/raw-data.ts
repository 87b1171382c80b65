import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  rawDataEndpoint,
  rawDataOptionsEndpoint,
  type RawDataFilter,
  type RawDataOptionsResponse,
  type RawDataResponse,
  type RawDataSort,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export interface RawDataPageParams extends RawDataFilter {
  page: number;
  pageSize: number;
  sort: RawDataSort;
}

export const rawDataKeys = {
  all: ['raw-data'] as const,
  list: (params: RawDataPageParams) => ['raw-data', 'list', params] as const,
  options: ['raw-data', 'options'] as const,
};

/** GET /api/rawdata, one page: the screen stays fast at 100,000 rows. */
export function getRawData(params: RawDataPageParams): Promise<RawDataResponse> {
  return callEndpoint(rawDataEndpoint, {
    query: {
      ppa: params.ppa,
      committee: params.committee,
      category: params.category,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    },
  });
}

export function rawDataQueryOptions(params: RawDataPageParams) {
  return queryOptions({
    queryKey: rawDataKeys.list(params),
    queryFn: () => getRawData(params),
    placeholderData: keepPreviousData,
  });
}

export function useRawData(params: RawDataPageParams) {
  return useQuery(rawDataQueryOptions(params));
}

/** GET /api/rawdata/options: the committee and category filter choices. */
export function getRawDataOptions(): Promise<RawDataOptionsResponse> {
  return callEndpoint(rawDataOptionsEndpoint);
}

export function useRawDataOptions() {
  return useQuery({ queryKey: rawDataKeys.options, queryFn: getRawDataOptions });
}
