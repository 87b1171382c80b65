import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CITY_OFFICIALS_IMPORT_PATH,
  CITY_OFFICIALS_TEMPLATE_PATH,
  OFFICIALS_FILE_FIELD,
  addOfficialEndpoint,
  cityRecordRequirementEndpoint,
  cityRequirementsEndpoint,
  cityVerifyRequirementEndpoint,
  inviteMemberEndpoint,
  recordRequirementEndpoint,
  requirementsEndpoint,
  type InviteMember,
  type OfficeRequirementKey,
  type OfficialInput,
  type OfficialsImportError,
  type OfficialsImportResult,
  type OfficialsRowErrorItem,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { uploadWithProgress } from '../../lib/api-client.ts';
import { isAxiosError } from '../../lib/api-errors.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

/**
 * The officials of a new council (contract turnover-officials.ts): the city's import, one by
 * hand and the template; the chairperson's invitation; the requirements before assuming office.
 */

export const officialsKeys = {
  own: ['turnover', 'requirements'] as const,
  city: (code: string) => ['city', 'turnover', 'requirements', code] as const,
};

/** The row errors of a refused import (400 OFFICIALS_ROWS_INVALID), else null. */
export function rowErrorsOf(error: unknown): OfficialsRowErrorItem[] | null {
  if (!isAxiosError(error)) {
    return null;
  }
  const data = error.response?.data as Partial<OfficialsImportError> | undefined;
  return data?.code === 'OFFICIALS_ROWS_INVALID' && Array.isArray(data.errors) ? data.errors : null;
}

function useCityTurnoverWrite<I>(write: (input: I) => Promise<OfficialsImportResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['city', 'turnover'] }),
  });
}

export const useImportOfficials = () =>
  useCityTurnoverWrite(async (file: File) => {
    const form = new FormData();
    form.append(OFFICIALS_FILE_FIELD, file);
    const { data } = await uploadWithProgress<OfficialsImportResult>(
      CITY_OFFICIALS_IMPORT_PATH,
      form,
    );
    return data;
  });

export const useAddOfficial = () =>
  useCityTurnoverWrite((body: OfficialInput) => callEndpoint(addOfficialEndpoint, { body }));

export const downloadOfficialsTemplate = (format: 'csv' | 'xlsx') =>
  downloadApiFile(CITY_OFFICIALS_TEMPLATE_PATH, { format }, `officials-template.${format}`);

export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMember) => callEndpoint(inviteMemberEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officialsKeys.own }),
  });
};

/** The requirements of the barangay's officials of the new term (own, or a city's barangay). */
export const useRequirements = (barangayCode?: string) =>
  useQuery({
    queryKey: barangayCode ? officialsKeys.city(barangayCode) : officialsKeys.own,
    queryFn: async ({ signal }) =>
      barangayCode
        ? (
            await callEndpoint(cityRequirementsEndpoint, {
              params: { barangayCode },
              config: { signal },
            })
          ).requirements
        : (await callEndpoint(requirementsEndpoint, { config: { signal } })).requirements,
  });

export interface RecordInput {
  userId: number;
  requirement: OfficeRequirementKey;
  doneOn: string | null;
  reference: string | null;
}

export const useRecordRequirement = (barangayCode?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, requirement, ...body }: RecordInput) =>
      barangayCode
        ? callEndpoint(cityRecordRequirementEndpoint, {
            params: { barangayCode, userId, requirement },
            body,
          })
        : callEndpoint(recordRequirementEndpoint, { params: { userId, requirement }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(
        barangayCode ? officialsKeys.city(barangayCode) : officialsKeys.own,
        answer.requirements,
      );
      void queryClient.invalidateQueries({ queryKey: ['city', 'turnover'], exact: true });
    },
  });
};

export const useVerifyRequirement = (barangayCode: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; requirement: OfficeRequirementKey; verified: boolean }) =>
      callEndpoint(cityVerifyRequirementEndpoint, {
        params: { barangayCode, userId: input.userId, requirement: input.requirement },
        body: { verified: input.verified },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(officialsKeys.city(barangayCode), answer.requirements);
      void queryClient.invalidateQueries({ queryKey: ['city', 'turnover'], exact: true });
    },
  });
};
