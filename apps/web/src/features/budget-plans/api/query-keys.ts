/** Query keys of the budget plans feature; mutations invalidate by these. */
export const planKeys = {
  all: ['budget-plans'] as const,
  lists: () => ['budget-plans', 'list'] as const,
  list: (year: number | null) => ['budget-plans', 'list', year ?? 'all'] as const,
  detail: (id: number) => ['budget-plans', 'detail', id] as const,
};
