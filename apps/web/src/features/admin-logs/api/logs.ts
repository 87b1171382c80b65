import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  HAS_MORE_HEADER,
  auditModulesEndpoint,
  auditTrailEndpoint,
  sessionLogsEndpoint,
  type AuditEntry,
  type AuditQuery,
  type SessionEntry,
  type SessionLogQuery,
} from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export interface LogPage<T> {
  rows: T[];
  /** Another page follows. */
  hasMore: boolean;
}

/** Only the filters that are set go into the query (spec: "only when set"). */
function setOnly<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<T>;
}

/** One page of a plain-array log answer; whether more follow comes in a header. */
async function fetchPage<T>(path: string, params: object): Promise<LogPage<T>> {
  const response = await apiClient.get<T[]>(path, { params: setOnly(params) });
  return { rows: response.data, hasMore: String(response.headers[HAS_MORE_HEADER]) === 'true' };
}

export const sessionLogsQuery = (query: SessionLogQuery) =>
  queryOptions({
    queryKey: ['admin', 'sessions', query],
    queryFn: () => fetchPage<SessionEntry>(sessionLogsEndpoint.path, query),
    placeholderData: keepPreviousData,
  });

export const auditTrailQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', query],
    queryFn: () => fetchPage<AuditEntry>(auditTrailEndpoint.path, query),
    placeholderData: keepPreviousData,
  });

export const useSessionLogs = (query: SessionLogQuery) => useQuery(sessionLogsQuery(query));
export const useAuditTrail = (query: AuditQuery) => useQuery(auditTrailQuery(query));
export const useAuditModules = () =>
  useQuery({
    queryKey: ['admin', 'audit-modules'],
    queryFn: () => callEndpoint(auditModulesEndpoint),
    staleTime: 60_000,
  });
