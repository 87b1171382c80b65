/** The three classes of an appropriation: personal services, MOOE and capital outlay. */
export const EXPENSE_CLASSES = ['PS', 'MOOE', 'CO'] as const;
export type ExpenseClass = (typeof EXPENSE_CLASSES)[number];
