import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KK_EXPORT_PATH,
  KK_IMPORT_FILE_FIELD,
  KK_IMPORT_PATH,
  kkAccessEndpoint,
  kkAddEndpoint,
  kkAuditEndpoint,
  kkDesignateEndpoint,
  kkProfilesEndpoint,
  kkPublicFormEndpoint,
  kkPublicLinkEndpoint,
  kkPublicSubmitEndpoint,
  kkRemoveEndpoint,
  kkSecretaryEndpoint,
  kkStatsEndpoint,
  kkUpdateEndpoint,
  kkVerifyEndpoint,
  kkCloseWindowEndpoint,
  kkOpenWindowEndpoint,
  kkWindowsEndpoint,
  KkDuplicateAnswerSchema,
  type KkDuplicateAnswer,
  type KkImportResult,
  type KkWindowInput,
  type KkProfileInput,
  type KkPublicProfileInput,
} from '@sk-tanaw/contract';
import { apiClient } from '../../lib/api-client.ts';
import { downloadApiPost } from '../../lib/api-download.ts';
import { errorCode, errorStatus, isAxiosError } from '../../lib/api-errors.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

const kkKeys = {
  all: ['kk'] as const,
  stats: ['kk', 'stats'] as const,
  secretary: ['kk', 'secretary'] as const,
  publicLink: ['kk', 'public-link'] as const,
  windows: ['kk', 'windows'] as const,
  profiles: ['kk', 'profiles'] as const,
  audit: ['kk', 'audit'] as const,
};

/** The session's access to personal data lapsed (or was never opened): ask the reason again. */
export const accessLapsed = (error: unknown) => errorCode(error) === 'KK_ACCESS_REQUIRED';

/** Retries a read except when its answer is a refusal (a lapsed access among them). */
const retryRead = (count: number, error: unknown) => {
  const status = errorStatus(error);
  return (status === null || status >= 500) && count < 2;
};

export const useKkStats = () =>
  useQuery({
    queryKey: kkKeys.stats,
    queryFn: ({ signal }) => callEndpoint(kkStatsEndpoint, { config: { signal } }),
  });

/** The public form's address and its QR code (SVG). */
export const useKkPublicLink = () =>
  useQuery({
    queryKey: kkKeys.publicLink,
    queryFn: ({ signal }) => callEndpoint(kkPublicLinkEndpoint, { config: { signal } }),
    staleTime: Infinity,
  });

export const useKkSecretary = () =>
  useQuery({
    queryKey: kkKeys.secretary,
    queryFn: ({ signal }) => callEndpoint(kkSecretaryEndpoint, { config: { signal } }),
  });

/**
 * POST /api/kk/access: opens personal data to this session for a while, audited with the reason
 * (which travels in the body, never in an address).
 */
export const useOpenAccess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callEndpoint(kkAccessEndpoint, { body: { reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: kkKeys.profiles });
      await queryClient.invalidateQueries({ queryKey: kkKeys.audit });
    },
  });
};

/** The profiles with personal data, under the session's access (opened with a reason). */
export const useKkProfiles = (open: boolean) =>
  useQuery({
    queryKey: kkKeys.profiles,
    enabled: open,
    retry: retryRead,
    queryFn: async ({ signal }) =>
      (await callEndpoint(kkProfilesEndpoint, { config: { signal } })).profiles,
  });

/** The registry's audit entries with their reasons (chairperson and secretary only). */
export const useKkAudit = (open: boolean) =>
  useQuery({
    queryKey: kkKeys.audit,
    enabled: open,
    retry: retryRead,
    queryFn: async ({ signal }) =>
      (await callEndpoint(kkAuditEndpoint, { config: { signal } })).entries,
  });

function useKkMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: kkKeys.all });
    },
  });
}

export const useSaveProfile = () =>
  useKkMutation((input: { id: number | null; body: KkProfileInput }) =>
    input.id === null
      ? callEndpoint(kkAddEndpoint, { body: input.body })
      : callEndpoint(kkUpdateEndpoint, { params: { id: input.id }, body: input.body }),
  );

/** The profile a refused verification names (409 KK_DUPLICATE), when the error is that. */
export function duplicateOf(error: unknown): KkDuplicateAnswer['duplicateOf'] | null {
  const parsed = KkDuplicateAnswerSchema.safeParse(
    isAxiosError(error) ? error.response?.data : undefined,
  );
  return parsed.success ? parsed.data.duplicateOf : null;
}

/** The assembly windows of the public form (chairperson and SK secretary only). */
export const useKkWindows = (enabled: boolean) =>
  useQuery({
    queryKey: kkKeys.windows,
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(kkWindowsEndpoint, { config: { signal } })).windows,
  });

export const useOpenWindow = () =>
  useKkMutation((body: KkWindowInput) => callEndpoint(kkOpenWindowEndpoint, { body }));

export const useCloseWindow = () =>
  useKkMutation((id: number) => callEndpoint(kkCloseWindowEndpoint, { params: { id } }));

export const useVerifyProfile = () =>
  useKkMutation((input: { id: number; reason: string }) =>
    callEndpoint(kkVerifyEndpoint, { params: { id: input.id }, body: { reason: input.reason } }),
  );

export const useRemoveProfile = () =>
  useKkMutation((input: { id: number; reason: string }) =>
    callEndpoint(kkRemoveEndpoint, { params: { id: input.id }, body: { reason: input.reason } }),
  );

/** PUT /api/kk/secretary: the council's secretary duty (Council Duties reads it again). */
export const useDesignateSecretary = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number | null) => callEndpoint(kkDesignateEndpoint, { body: { userId } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: kkKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['council'] }),
      ]);
    },
  });
};

/** POST /api/kk/import; a 422 with rows' problems is an answer, not a failure. */
export const useImportProfiles = () =>
  useKkMutation(async (input: { file: File; skipBadRows: boolean; reason: string }) => {
    const body = new FormData();
    body.append('skipBadRows', String(input.skipBadRows));
    body.append('reason', input.reason);
    body.append(KK_IMPORT_FILE_FIELD, input.file);
    try {
      const response = await apiClient.post<KkImportResult>(KK_IMPORT_PATH, body, {
        headers: { 'Content-Type': 'multipart/form-data' },
      });
      return response.data;
    } catch (error) {
      const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
      if (typeof data === 'object' && data !== null && 'problems' in data) {
        return data as KkImportResult;
      }
      throw error;
    }
  });

/** POST /api/kk/export: the reason goes in the body. */
export const downloadAnnex4 = (reason: string) =>
  downloadApiPost(KK_EXPORT_PATH, { format: 'xlsx', reason }, 'KK-Youth-Database.xlsx');

/** `window`: the token of an assembly window, from the link's query string. */
export const usePublicForm = (code: string, window: string | null) =>
  useQuery({
    queryKey: ['kk', 'public', code, window],
    retry: (count, error) => errorStatus(error) !== 404 && count < 2,
    queryFn: ({ signal }) =>
      callEndpoint(kkPublicFormEndpoint, {
        params: { barangayCode: code },
        ...(window ? { query: { window } } : {}),
        config: { signal },
      }),
  });

export const useSubmitPublic = (code: string, window: string | null) =>
  useMutation({
    mutationFn: (body: KkPublicProfileInput) =>
      callEndpoint(kkPublicSubmitEndpoint, {
        params: { barangayCode: code },
        ...(window ? { query: { window } } : {}),
        body,
      }),
  });
