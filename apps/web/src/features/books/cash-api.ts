import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCashEntryEndpoint,
  addFundEndpoint,
  cashEntriesEndpoint,
  fundRegistryEndpoint,
  fundsEndpoint,
  cashPositionEndpoint,
  checksIssuedEndpoint,
  rcbEndpoint,
  rcrdEndpoint,
  reconcileEndpoint,
  reconciliationsEndpoint,
  reverseCashEntryEndpoint,
  type CashEntryInput,
  type FundInput,
  type ReconciliationInput,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

export const booksKeys = { all: ['books'] as const };

/** GET /api/books/cash?year=: the year's cash book entries. */
export const useCashEntries = (year: number) =>
  useQuery({
    queryKey: [...booksKeys.all, 'cash', year],
    queryFn: async ({ signal }) =>
      (await callEndpoint(cashEntriesEndpoint, { query: { year }, config: { signal } })).entries,
  });

/** GET /api/books/registers/{rcrd,rcb}?year=&month=: one month of a register. */
export const useRegister = (which: 'rcrd' | 'rcb', year: number, month: number) =>
  useQuery({
    queryKey: [...booksKeys.all, which, year, month],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(which === 'rcrd' ? rcrdEndpoint : rcbEndpoint, {
          query: { year, month, format: 'json' },
          config: { signal },
        })
      ).register,
  });

export const useReconciliations = (year: number) =>
  useQuery({
    queryKey: [...booksKeys.all, 'reconciliations', year],
    queryFn: async ({ signal }) =>
      (await callEndpoint(reconciliationsEndpoint, { query: { year }, config: { signal } }))
        .reconciliations,
  });

/** Every write changes the registers: the book's queries are read again. */
function useBooksWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKeys.all }),
  });
}

export const useAddEntry = () =>
  useBooksWrite((body: CashEntryInput) => callEndpoint(addCashEntryEndpoint, { body }));

export const useReverseEntry = () =>
  useBooksWrite((input: { id: number; reason: string }) =>
    callEndpoint(reverseCashEntryEndpoint, {
      params: { id: input.id },
      body: { reason: input.reason },
    }),
  );

export const useReconcile = () =>
  useBooksWrite((body: ReconciliationInput) => callEndpoint(reconcileEndpoint, { body }));

export const downloadRegister = (
  which: 'rcrd' | 'rcb',
  year: number,
  month: number,
  format: 'xlsx' | 'pdf',
) =>
  downloadApiFile(
    which === 'rcrd' ? rcrdEndpoint.path : rcbEndpoint.path,
    { year: String(year), month: String(month), format },
    `${which.toUpperCase()}-${String(year)}-${String(month)}.${format}`,
  );

/** GET /api/books/reports/cash-position?year=&month=: the month's cash position. */
export const useCashPosition = (year: number, month: number) =>
  useQuery({
    queryKey: [...booksKeys.all, 'position', year, month],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(cashPositionEndpoint, {
          query: { year, month, format: 'json' },
          config: { signal },
        })
      ).report,
  });

export const downloadReport = (
  which: 'checks-issued' | 'cash-position',
  year: number,
  month: number,
  format: 'xlsx' | 'pdf',
) =>
  downloadApiFile(
    which === 'checks-issued' ? checksIssuedEndpoint.path : cashPositionEndpoint.path,
    { year: String(year), month: String(month), format },
    `${which}-${String(year)}-${String(month)}.${format}`,
  );

/** GET /api/books/funds: the barangay's specific-purpose funds and their balances. */
export const useFunds = () =>
  useQuery({
    queryKey: [...booksKeys.all, 'funds'],
    queryFn: async ({ signal }) => await callEndpoint(fundsEndpoint, { config: { signal } }),
  });

export const useAddFund = () =>
  useBooksWrite((body: FundInput) => callEndpoint(addFundEndpoint, { body }));

export const downloadFundRegistry = (id: number, format: 'xlsx' | 'pdf') =>
  downloadApiFile(
    fundRegistryEndpoint.path.replace(':id', String(id)),
    { format },
    `fund-${String(id)}-registry.${format}`,
  );
