import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveVoucherEndpoint,
  certifyVoucherEndpoint,
  createVoucherEndpoint,
  endpointPath,
  getVoucherEndpoint,
  listVouchersEndpoint,
  payVoucherEndpoint,
  reverseVoucherEndpoint,
  type VoucherInput,
  type VoucherPayment,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';
import { trackerKeys } from '../../lib/tracker-keys.ts';

export const booksKeys = {
  all: ['books'] as const,
  vouchers: (year: number) => ['books', 'vouchers', year] as const,
};

/** GET /api/books/vouchers?year=: the year's vouchers, open commitments and the caller's steps. */
export const useVouchers = (year: number) =>
  useQuery({
    queryKey: booksKeys.vouchers(year),
    queryFn: async ({ signal }) =>
      (await callEndpoint(listVouchersEndpoint, { query: { year }, config: { signal } })).books,
  });

/** After a step: the vouchers and the tracker's figures (a payment counts there) again. */
function useBooksMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: booksKeys.all }),
        queryClient.invalidateQueries({ queryKey: trackerKeys.all }),
      ]);
    },
  });
}

export const useCreateVoucher = () =>
  useBooksMutation((body: VoucherInput) => callEndpoint(createVoucherEndpoint, { body }));

export const useCertifyVoucher = () =>
  useBooksMutation((id: number) => callEndpoint(certifyVoucherEndpoint, { params: { id } }));

export const useApproveVoucher = () =>
  useBooksMutation((id: number) => callEndpoint(approveVoucherEndpoint, { params: { id } }));

export const usePayVoucher = () =>
  useBooksMutation((input: { id: number; body: VoucherPayment }) =>
    callEndpoint(payVoucherEndpoint, { params: { id: input.id }, body: input.body }),
  );

export const useReverseVoucher = () =>
  useBooksMutation((input: { id: number; reason: string }) =>
    callEndpoint(reverseVoucherEndpoint, {
      params: { id: input.id },
      body: { reason: input.reason },
    }),
  );

/** GET /api/books/vouchers/:id?format=pdf: the voucher in COA's layout, saved as a file. */
export function downloadVoucher(id: number, number: string | null): Promise<void> {
  return downloadApiFile(
    endpointPath(getVoucherEndpoint.path, { id }),
    { format: 'pdf' },
    `dv-${number ?? String(id)}.pdf`,
  );
}
