import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROCUREMENT_BAC_ORDER_PATH,
  addProcurementSupplierEndpoint,
  answerSplittingEndpoint,
  approveOrderEndpoint,
  approveProcurementPlanEndpoint,
  createProcurementRequestEndpoint,
  endpointPath,
  procurementAbstractEndpoint,
  procurementBacEndpoint,
  procurementInspectionEndpoint,
  procurementMonitoringEndpoint,
  procurementPlanEndpoint,
  procurementOrderEndpoint,
  procurementRequestEndpoint,
  procurementResolutionEndpoint,
  procurementRfqEndpoint,
  procurementRequestsEndpoint,
  procurementSuppliersEndpoint,
  recordInspectionEndpoint,
  saveAbstractEndpoint,
  saveProcurementBacEndpoint,
  saveQuotationsEndpoint,
  saveResolutionEndpoint,
  updateProcurementSupplierEndpoint,
  type BacInput,
  type QuotationsInput,
  type RequestInput,
  type SupplierInput,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';
import { trackerKeys } from '../../lib/tracker-keys.ts';

const pdf = (path: string, id: number) => ({
  path: endpointPath(path, { id }),
  params: { format: 'pdf' },
});

export const procurementKeys = {
  all: ['procurement'] as const,
  bac: () => ['procurement', 'bac'] as const,
  suppliers: () => ['procurement', 'suppliers'] as const,
  requests: (year: number) => ['procurement', 'requests', year] as const,
};

/** GET /api/procurement/bac: the BAC, who the chairperson may name, and the rules applied. */
export const useBac = () =>
  useQuery({
    queryKey: procurementKeys.bac(),
    queryFn: async ({ signal }) =>
      (await callEndpoint(procurementBacEndpoint, { config: { signal } })).bac,
  });

/** GET /api/procurement/suppliers. */
export const useSuppliers = () =>
  useQuery({
    queryKey: procurementKeys.suppliers(),
    queryFn: async ({ signal }) =>
      callEndpoint(procurementSuppliersEndpoint, { config: { signal } }),
  });

/** GET /api/procurement/requests?year=: the year's requests and the plan lines to request from. */
export const useRequests = (year: number) =>
  useQuery({
    queryKey: procurementKeys.requests(year),
    queryFn: async ({ signal }) =>
      (await callEndpoint(procurementRequestsEndpoint, { query: { year }, config: { signal } }))
        .answer,
  });

/**
 * After a step: the procurement again, and the tracker's figures (a request holds a line's
 * balance, an order is a commitment in its registry).
 */
function useProcurementMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: procurementKeys.all }),
        queryClient.invalidateQueries({ queryKey: trackerKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]);
    },
  });
}

export const useSaveBac = () =>
  useProcurementMutation((body: BacInput) => callEndpoint(saveProcurementBacEndpoint, { body }));

export const useSaveSupplier = () =>
  useProcurementMutation((input: { id: number | null; body: SupplierInput }) =>
    input.id === null
      ? callEndpoint(addProcurementSupplierEndpoint, { body: input.body })
      : callEndpoint(updateProcurementSupplierEndpoint, {
          params: { id: input.id },
          body: input.body,
        }),
  );

export const useCreateRequest = () =>
  useProcurementMutation((body: RequestInput) =>
    callEndpoint(createProcurementRequestEndpoint, { body }),
  );

export const useAnswerSplitting = () =>
  useProcurementMutation((input: { id: number; reason: string }) =>
    callEndpoint(answerSplittingEndpoint, {
      params: { id: input.id },
      body: { reason: input.reason },
    }),
  );

export const useSaveQuotations = () =>
  useProcurementMutation((input: { id: number; body: QuotationsInput }) =>
    callEndpoint(saveQuotationsEndpoint, { params: { id: input.id }, body: input.body }),
  );

export const useSaveAbstract = () =>
  useProcurementMutation((input: { id: number; awardSupplierId: number; justification?: string }) =>
    callEndpoint(saveAbstractEndpoint, {
      params: { id: input.id },
      body: { awardSupplierId: input.awardSupplierId, justification: input.justification },
    }),
  );

export const useSaveResolution = () =>
  useProcurementMutation((input: { id: number; number: string; date: string }) =>
    callEndpoint(saveResolutionEndpoint, {
      params: { id: input.id },
      body: { number: input.number, date: input.date },
    }),
  );

export const useApproveOrder = () =>
  useProcurementMutation((body: { requestId: number; number: string; date: string }) =>
    callEndpoint(approveOrderEndpoint, { body }),
  );

export const useRecordInspection = () =>
  useProcurementMutation(
    (body: {
      orderId: number;
      deliveredOn: string;
      inspectedOn: string;
      items: { item: number; quantity: number }[];
    }) => callEndpoint(recordInspectionEndpoint, { body }),
  );

/** The procurement's documents, as PDFs (the server names the file). */
export const PROCUREMENT_DOCUMENTS = {
  bacOrder: () => ({ path: PROCUREMENT_BAC_ORDER_PATH, params: {} }),
  request: (id: number) => pdf(procurementRequestEndpoint.path, id),
  rfq: (id: number) => pdf(procurementRfqEndpoint.path, id),
  abstract: (id: number) => pdf(procurementAbstractEndpoint.path, id),
  resolution: (id: number) => pdf(procurementResolutionEndpoint.path, id),
  order: (id: number) => pdf(procurementOrderEndpoint.path, id),
  inspection: (id: number) => pdf(procurementInspectionEndpoint.path, id),
} as const;

/** Downloads one of the procurement's documents under the server's file name. */
export function downloadDocument(
  doc: { path: string; params: Record<string, string> },
  fallbackName: string,
): Promise<void> {
  return downloadApiFile(doc.path, doc.params, fallbackName);
}

/** GET /api/procurement/plan?year=: the year's Annual Procurement Plan (null: no posted plan). */
export const useProcurementPlan = (year: number) =>
  useQuery({
    queryKey: [...procurementKeys.all, 'plan', year],
    queryFn: async ({ signal }) =>
      callEndpoint(procurementPlanEndpoint, {
        query: { year, format: 'json' },
        config: { signal },
      }),
  });

/** POST /api/procurement/plan/approve: the Head of the Procuring Entity approves the APP. */
export function useApprovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => callEndpoint(approveProcurementPlanEndpoint, { body: { year } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementKeys.all }),
  });
}

/** The APP or a half-year's Procurement Monitoring Report as .pdf or .xlsx. */
export const downloadPlanDocument = (
  which: 'plan' | 'monitoring-report',
  params: { year: number; half?: 1 | 2; format: 'pdf' | 'xlsx' },
) =>
  downloadApiFile(
    which === 'plan' ? procurementPlanEndpoint.path : procurementMonitoringEndpoint.path,
    {
      year: String(params.year),
      ...(params.half ? { half: String(params.half) } : {}),
      format: params.format,
    },
    `${which}-${String(params.year)}.${params.format}`,
  );
