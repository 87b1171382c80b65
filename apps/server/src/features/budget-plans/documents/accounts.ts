/**
 * The objects of expenditure the SK annual budget lists, with their account codes: a maintained
 * table. The SK annual budget form (DBM-DILG-NYC JMC No. 1 s. 2019, Annex A; the sample
 * in COA's Handbook on Financial Transactions of the SK, p. 112, reproduced as Annex C of DILG
 * MC No. 2023-068) lists each object with its account code from the government's chart of
 * accounts: for barangays and their SK, the Revised Chart of Accounts for Local Government Units
 * (COA Circular No. 2015-009, Government Accounting Manual for LGUs, Volume III, Annex B;
 * the same codes as the UACS object codes, without the sub-object digits).
 *
 * `confirmed` says how far each code was checked: 'listing' where the code and title were seen
 * in public transcriptions of the chart (not in COA's own text); none is yet checked against the
 * circular itself (docs/features/budget-plans.md, "Account codes").
 */
export interface AccountObject {
  code: string;
  title: string;
  allotmentClass: 'PS' | 'MOOE' | 'CO';
  confirmed: 'listing' | 'unconfirmed';
}

const SOURCE = 'COA Circular No. 2015-009, Revised Chart of Accounts for LGUs (Annex B)';

export const ACCOUNT_CODES_SOURCE = SOURCE;

export const ACCOUNT_OBJECTS = {
  honoraria: {
    code: '5-01-02-100',
    title: 'Honoraria',
    allotmentClass: 'PS',
    confirmed: 'listing',
  },
  training: {
    code: '5-02-02-010',
    title: 'Training Expenses',
    allotmentClass: 'MOOE',
    confirmed: 'listing',
  },
  otherMooe: {
    code: '5-02-99-990',
    title: 'Other Maintenance and Operating Expenses',
    allotmentClass: 'MOOE',
    confirmed: 'listing',
  },
  otherEquipment: {
    code: '1-07-05-990',
    title: 'Other Machinery and Equipment',
    allotmentClass: 'CO',
    confirmed: 'listing',
  },
} as const satisfies Record<string, AccountObject>;

export type AccountObjectKey = keyof typeof ACCOUNT_OBJECTS;

/** One object of expenditure of a line, in centavos. */
export interface ObjectAmount {
  object: AccountObject;
  ps: number;
  mooe: number;
  co: number;
}

/**
 * The objects a plan line's amounts are charged to. A line does not yet name its object, so:
 * personal services are honoraria (the only personal services the SK fund pays, JMC No. 1
 * s. 2019); MOOE of a line flagged as training is Training Expenses, other MOOE the chart's
 * residual object, Other Maintenance and Operating Expenses (the sample's "Other MOOE"); capital
 * outlay the residual equipment object, Other Machinery and Equipment. Zero amounts are left out.
 */
export function objectsOfLine(
  line: { training: boolean },
  amounts: { ps: number; mooe: number; co: number },
): ObjectAmount[] {
  const out: ObjectAmount[] = [];
  if (amounts.ps !== 0) {
    out.push({ object: ACCOUNT_OBJECTS.honoraria, ps: amounts.ps, mooe: 0, co: 0 });
  }
  if (amounts.mooe !== 0) {
    const object = line.training ? ACCOUNT_OBJECTS.training : ACCOUNT_OBJECTS.otherMooe;
    out.push({ object, ps: 0, mooe: amounts.mooe, co: 0 });
  }
  if (amounts.co !== 0) {
    out.push({ object: ACCOUNT_OBJECTS.otherEquipment, ps: 0, mooe: 0, co: amounts.co });
  }
  return out;
}
