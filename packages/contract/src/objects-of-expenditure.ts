import { z } from 'zod';
import { EXPENSE_CLASSES, type ExpenseClass } from './expense-classes.ts';

/**
 * The objects of expenditure a plan line's amounts are charged to, with their account codes: a
 * reference table in data. The SK annual budget form (DBM-DILG-NYC JMC No. 1 s. 2019, Annex A;
 * the sample in COA's Handbook on the Financial Transactions of the SK, reproduced as Annex C of
 * DILG MC No. 2023-068) lists each object with its account code from the Revised Chart of
 * Accounts for Local Government Units (COA Circular No. 2015-009, Government Accounting Manual
 * for LGUs, Volume III, Annex B; the UACS object codes without their sub-object digits).
 *
 * `confirmed`: 'listing' where code and title were seen in public transcriptions of the chart
 * (not in COA's own text); 'unconfirmed' where they come from the chart as commonly cited and
 * have not been checked against a transcription here. None is checked against the circular
 * itself. `common` puts an object at the top of the editor's list: the objects the handbook's
 * sample budget and SK budgets most often carry.
 */
export interface ObjectOfExpenditure {
  code: string;
  name: string;
  expenseClass: ExpenseClass;
  common: boolean;
  confirmed: 'listing' | 'unconfirmed';
}

export const OBJECTS_SOURCE =
  'COA Circular No. 2015-009, Revised Chart of Accounts for LGUs (GAM for LGUs Vol. III, Annex B)';

const o = (
  code: string,
  name: string,
  expenseClass: ExpenseClass,
  common: boolean,
  confirmed: ObjectOfExpenditure['confirmed'] = 'unconfirmed',
): ObjectOfExpenditure => ({ code, name, expenseClass, common, confirmed });

export const OBJECTS_OF_EXPENDITURE: readonly ObjectOfExpenditure[] = [
  o('5-01-02-100', 'Honoraria', 'PS', true, 'listing'),
  o('5-02-01-010', 'Traveling Expenses - Local', 'MOOE', true),
  o('5-02-02-010', 'Training Expenses', 'MOOE', true, 'listing'),
  o('5-02-03-010', 'Office Supplies Expenses', 'MOOE', true),
  o('5-02-03-050', 'Food Supplies Expenses', 'MOOE', true),
  o('5-02-03-990', 'Other Supplies and Materials Expenses', 'MOOE', true),
  o('5-02-06-020', 'Prizes', 'MOOE', true),
  o('5-02-99-020', 'Printing and Publication Expenses', 'MOOE', true),
  o('5-02-99-040', 'Transportation and Delivery Expenses', 'MOOE', true),
  o('5-02-99-050', 'Rent/Lease Expenses', 'MOOE', true),
  o('5-02-99-990', 'Other Maintenance and Operating Expenses', 'MOOE', true, 'listing'),
  o('5-02-03-060', 'Welfare Goods Expenses', 'MOOE', false),
  o('5-02-03-070', 'Drugs and Medicines Expenses', 'MOOE', false),
  o('5-02-03-080', 'Medical, Dental and Laboratory Supplies Expenses', 'MOOE', false),
  o('5-02-03-090', 'Fuel, Oil and Lubricants Expenses', 'MOOE', false),
  o('5-02-03-210', 'Semi-Expendable Machinery and Equipment Expenses', 'MOOE', false),
  o('5-02-03-220', 'Semi-Expendable Furniture, Fixtures and Books Expenses', 'MOOE', false),
  o('5-02-04-020', 'Electricity Expenses', 'MOOE', false),
  o('5-02-05-020', 'Telephone Expenses', 'MOOE', false),
  o('5-02-05-030', 'Internet Subscription Expenses', 'MOOE', false),
  o('5-02-06-010', 'Awards/Rewards Expenses', 'MOOE', false),
  o('5-02-11-990', 'Other Professional Services', 'MOOE', false),
  o('5-02-12-990', 'Other General Services', 'MOOE', false),
  o('5-02-16-020', 'Fidelity Bond Premiums', 'MOOE', false),
  o('5-02-16-030', 'Insurance Expenses', 'MOOE', false),
  o('5-02-99-010', 'Advertising, Promotional and Marketing Expenses', 'MOOE', false),
  o('5-02-99-030', 'Representation Expenses', 'MOOE', false),
  o('5-02-99-060', 'Membership Dues and Contributions to Organizations', 'MOOE', false),
  o('5-02-99-070', 'Subscription Expenses', 'MOOE', false),
  o('1-07-05-030', 'Information and Communications Technology Equipment', 'CO', true),
  o('1-07-05-130', 'Sports Equipment', 'CO', true),
  o('1-07-07-010', 'Furniture and Fixtures', 'CO', true),
  o('1-07-05-020', 'Office Equipment', 'CO', true),
  o('1-07-05-990', 'Other Machinery and Equipment', 'CO', true, 'listing'),
  o('1-07-05-070', 'Communication Equipment', 'CO', false),
  o('1-07-05-090', 'Disaster Response and Rescue Equipment', 'CO', false),
  o('1-07-05-110', 'Medical Equipment', 'CO', false),
  o('1-07-07-020', 'Books', 'CO', false),
  o('1-07-04-990', 'Other Structures', 'CO', false),
];

const BY_CODE = new Map(OBJECTS_OF_EXPENDITURE.map((x) => [x.code, x]));

/** The object with this account code, or undefined when the table does not hold it. */
export const objectOfExpenditure = (code: string) => BY_CODE.get(code);

/**
 * Where a line not itemised by object is charged (and where plans made before lines named their
 * objects are read): personal services to Honoraria, MOOE to Training Expenses for a training
 * line and otherwise to the chart's residual "Other MOOE", capital outlay to the residual
 * equipment account.
 */
export const RESIDUAL_OBJECTS = {
  PS: '5-01-02-100',
  MOOE: '5-02-99-990',
  training: '5-02-02-010',
  CO: '1-07-05-990',
} as const;

/** At most this many objects under one line. */
export const PLAN_LINE_MAX_OBJECTS = 20;

/** An object of a line as the editor sends it: an account code and pesos. */
export const PlanLineObjectSchema = z.object({
  code: z
    .string()
    .trim()
    .refine((code) => BY_CODE.has(code), {
      message: 'Object of expenditure: an account code of the chart of accounts',
    }),
  amount: z
    .number({ error: 'Object amount must be a number' })
    .nonnegative('Object amount must not be negative')
    .max(1e11, 'Object amount is too large'),
});
export type PlanLineObjectInput = z.infer<typeof PlanLineObjectSchema>;

/** An object of a saved line, as answered. */
export const SavedLineObjectSchema = z.object({
  code: z.string(),
  name: z.string(),
  expenseClass: z.enum(EXPENSE_CLASSES),
  amount: z.number(),
});
export type SavedLineObject = z.infer<typeof SavedLineObjectSchema>;

const cents = (pesos: number) => Math.round(pesos * 100);

/**
 * How a line's objects fall short of its amounts: per class, what the objects add up to against
 * the line's amount (centavos); empty when they agree to the centavo. Objects with a code the
 * table does not hold count for no class (the schema refuses them before this).
 */
export function objectsMismatch(
  line: { ps: number; mooe: number; co: number },
  objects: readonly PlanLineObjectInput[],
): { expenseClass: ExpenseClass; line: number; objects: number }[] {
  const sums: Record<ExpenseClass, number> = { PS: 0, MOOE: 0, CO: 0 };
  for (const x of objects) {
    const known = BY_CODE.get(x.code);
    if (known) {
      sums[known.expenseClass] += cents(x.amount);
    }
  }
  const want: Record<ExpenseClass, number> = {
    PS: cents(line.ps),
    MOOE: cents(line.mooe),
    CO: cents(line.co),
  };
  return EXPENSE_CLASSES.filter((c) => sums[c] !== want[c]).map((c) => ({
    expenseClass: c,
    line: want[c] / 100,
    objects: sums[c] / 100,
  }));
}

/** A line's objects when it names none: each non-zero class on its residual object. */
export function residualObjects(line: {
  ps: number;
  mooe: number;
  co: number;
  training: boolean;
}): SavedLineObject[] {
  const out: SavedLineObject[] = [];
  const push = (code: string, amount: number) => {
    const x = BY_CODE.get(code);
    if (x && amount !== 0) {
      out.push({ code, name: x.name, expenseClass: x.expenseClass, amount });
    }
  };
  push(RESIDUAL_OBJECTS.PS, line.ps);
  push(line.training ? RESIDUAL_OBJECTS.training : RESIDUAL_OBJECTS.MOOE, line.mooe);
  push(RESIDUAL_OBJECTS.CO, line.co);
  return out;
}

/** Named objects in the answer's shape (zero amounts left out, same codes merged, class order). */
export function savedObjects(objects: readonly PlanLineObjectInput[]): SavedLineObject[] {
  const merged = new Map<string, number>();
  for (const x of objects) {
    if (BY_CODE.has(x.code)) {
      merged.set(x.code, (merged.get(x.code) ?? 0) + cents(x.amount));
    }
  }
  return [...merged]
    .filter(([, amount]) => amount !== 0)
    .map(([code, amount]) => {
      const x = BY_CODE.get(code) as ObjectOfExpenditure;
      return { code, name: x.name, expenseClass: x.expenseClass, amount: amount / 100 };
    })
    .sort(
      (a, b) => EXPENSE_CLASSES.indexOf(a.expenseClass) - EXPENSE_CLASSES.indexOf(b.expenseClass),
    );
}

/**
 * The objects a line is saved with, as the editor keeps them simple: a class with one object
 * follows the line's amount of that class (so changing PS, MOOE or CO never breaks a one-object
 * line), a class whose amount is zero drops its objects. A class split into several objects is
 * left as typed: it must add up, or the save is refused naming the line.
 */
export function followLineAmounts(
  objects: readonly PlanLineObjectInput[],
  line: { ps: number; mooe: number; co: number },
): PlanLineObjectInput[] {
  const amountOf: Record<ExpenseClass, number> = { PS: line.ps, MOOE: line.mooe, CO: line.co };
  const count: Record<ExpenseClass, number> = { PS: 0, MOOE: 0, CO: 0 };
  for (const x of objects) {
    const known = BY_CODE.get(x.code);
    if (known) {
      count[known.expenseClass] += 1;
    }
  }
  return objects.flatMap((x) => {
    const known = BY_CODE.get(x.code);
    if (!known || amountOf[known.expenseClass] === 0) {
      return [];
    }
    return [count[known.expenseClass] === 1 ? { ...x, amount: amountOf[known.expenseClass] } : x];
  });
}
