import {
  RESIDUAL_OBJECTS,
  objectOfExpenditure,
  residualObjects,
  type ObjectOfExpenditure,
  type SavedLineObject,
} from '@sk-tanaw/contract';

/**
 * The objects of expenditure the SK annual budget lists under each PPA, with their account codes.
 * The table itself, with its sources and how far each code is confirmed, is the contract's
 * (objects-of-expenditure.ts): the editor offers the same objects the documents print.
 */

/** The object Honoraria (personal services): the honoraria schedule's rows are charged to it. */
export const HONORARIA_OBJECT = objectOfExpenditure(RESIDUAL_OBJECTS.PS) as ObjectOfExpenditure;

/** One object of expenditure of a line, in centavos. */
export interface ObjectAmount {
  object: { code: string; title: string };
  ps: number;
  mooe: number;
  co: number;
}

const cents = (pesos: number) => Math.round(pesos * 100);

function asAmount(o: SavedLineObject): ObjectAmount {
  const amount = cents(o.amount);
  return {
    object: { code: o.code, title: o.name },
    ps: o.expenseClass === 'PS' ? amount : 0,
    mooe: o.expenseClass === 'MOOE' ? amount : 0,
    co: o.expenseClass === 'CO' ? amount : 0,
  };
}

/**
 * The objects a plan line's amounts are charged to: the ones the line names, else (a line not
 * itemised, a warning check) the residual objects: personal services to Honoraria, MOOE to
 * Training Expenses for a training line and to "Other MOOE" otherwise, capital outlay to Other
 * Machinery and Equipment. Zero amounts are left out.
 */
export function objectsOfLine(
  line: { training: boolean; objects?: readonly SavedLineObject[] },
  amounts: { ps: number; mooe: number; co: number },
): ObjectAmount[] {
  if (line.objects && line.objects.length > 0) {
    return line.objects.map(asAmount);
  }
  return residualObjects({
    ps: amounts.ps / 100,
    mooe: amounts.mooe / 100,
    co: amounts.co / 100,
    training: line.training,
  }).map(asAmount);
}
