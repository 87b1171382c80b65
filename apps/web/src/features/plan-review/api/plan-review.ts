import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CITY_REVIEW_DOCUMENT_PATH,
  cityPlanReviewEndpoint,
  cityReviewResolutionUrlEndpoint,
  cityPlanReviewsEndpoint,
  decideReviewEndpoint,
  endpointPath,
  planReviewStatusEndpoint,
  saveFindingsEndpoint,
  startReviewEndpoint,
  submitPlanEndpoint,
  type DecideReviewRequest,
  type PlanDocument,
  type PlanDocumentFormat,
  type PlanSubmission,
  type ReviewFinding,
} from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** The query keys of the plan review. */
export const reviewKeys = {
  all: ['plan-review'] as const,
  status: (planId: number) => ['plan-review', 'status', planId] as const,
  cityList: (year: number | null) => ['plan-review', 'city', 'list', year] as const,
  cityDetail: (id: number) => ['plan-review', 'city', 'detail', id] as const,
};

/** GET /api/budget-plans/:id/review: the chair's deadlines and the plan's review. */
export function usePlanReviewStatus(planId: number) {
  return useQuery(
    queryOptions({
      queryKey: reviewKeys.status(planId),
      queryFn: ({ signal }) =>
        callEndpoint(planReviewStatusEndpoint, { params: { id: planId }, config: { signal } }),
    }),
  );
}

interface SubmissionAnswer {
  success: true;
  message: string;
  submission: PlanSubmission;
  /** The city has nobody to review it yet (no active budget officer). */
  warning?: { code: 'NO_BUDGET_OFFICER'; message: string };
}

/** POST /api/budget-plans/:id/submit: JSON (resolution stored at approval) or with the PDF. */
export function useSubmitPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File | null }) => {
      if (!file) {
        return callEndpoint(submitPlanEndpoint, { params: { id } });
      }
      const form = new FormData();
      form.append('file', file);
      const { data } = await uploadWithProgress<SubmissionAnswer>(
        endpointPath(submitPlanEndpoint.path, { id }),
        form,
      );
      return data;
    },
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** GET /api/city/plan-reviews?year=: the city's queue. */
export function useCityReviews(year: number | null) {
  return useQuery(
    queryOptions({
      queryKey: reviewKeys.cityList(year),
      queryFn: ({ signal }) =>
        callEndpoint(cityPlanReviewsEndpoint, {
          query: year === null ? {} : { year },
          config: { signal },
        }),
    }),
  );
}

/** GET /api/city/plan-reviews/:id: the submission, its plan, checks and differences. */
export function useCityReview(id: number) {
  return useQuery(
    queryOptions({
      queryKey: reviewKeys.cityDetail(id),
      queryFn: ({ signal }) =>
        callEndpoint(cityPlanReviewEndpoint, { params: { id }, config: { signal } }),
    }),
  );
}

function useReviewMutation<V>(call: (vars: V) => Promise<SubmissionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export const useStartReview = () =>
  useReviewMutation((id: number) => callEndpoint(startReviewEndpoint, { params: { id } }));

export const useSaveFindings = () =>
  useReviewMutation(({ id, findings }: { id: number; findings: ReviewFinding[] }) =>
    callEndpoint(saveFindingsEndpoint, { params: { id }, body: { findings } }),
  );

export const useDecideReview = () =>
  useReviewMutation(({ id, ...body }: DecideReviewRequest & { id: number }) =>
    callEndpoint(decideReviewEndpoint, { params: { id }, body }),
  );

/** GET /api/city/plan-reviews/:id/resolution-url: a short-lived link, asked for each time. */
export async function getReviewResolutionUrl(id: number): Promise<string> {
  return (await callEndpoint(cityReviewResolutionUrlEndpoint, { params: { id } })).url;
}

/** GET /api/city/plan-reviews/:id/documents/:document?format=: saved under the server's name. */
export function downloadReviewDocument(
  id: number,
  document: PlanDocument,
  format: PlanDocumentFormat,
): Promise<void> {
  return downloadApiFile(
    endpointPath(CITY_REVIEW_DOCUMENT_PATH, { id, document }),
    { format },
    `${document}.${format}`,
  );
}
