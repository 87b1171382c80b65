import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disclosureScheduleEndpoint,
  postReportEndpoint,
  type DisclosureSchedule,
  type PostReportBody,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

const scheduleKey = ['disclosure-schedule'] as const;

/** GET /api/disclosure/postings (signed in): the council's postings and what is due next. */
export function useDisclosureSchedule() {
  return useQuery(
    queryOptions({
      queryKey: scheduleKey,
      queryFn: ({ signal }) => callEndpoint(disclosureScheduleEndpoint, { config: { signal } }),
    }),
  );
}

/** POST /api/disclosure/postings (chairperson): posts the annual or end-of-term report. */
export function usePostReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PostReportBody) =>
      (await callEndpoint(postReportEndpoint, { body })).schedule,
    onSuccess: async (schedule: DisclosureSchedule) => {
      queryClient.setQueryData(scheduleKey, (old: { barangayCode: string } | undefined) =>
        old ? { ...old, schedule } : old,
      );
      await queryClient.invalidateQueries({ queryKey: ['disclosure'] });
    },
  });
}
