import {
  RESIDUAL_OBJECTS,
  objectOfExpenditure,
  toPesos,
  type RegistryClass,
  type RegistryObject,
} from '@sk-tanaw/contract';
import { answerObjects } from '../budget-plans/line-objects.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances by object of expenditure, as the
 * COA handbook's registries are itemised (the accounts of the Revised Chart of Accounts for LGUs;
 * objects-of-expenditure.ts): a line's appropriation of a class is the objects its plan line
 * names; a commitment obligates the object it names; a payment is charged to its voucher's
 * object, else to its commitment's. What names none is charged to the line's only object of the
 * class, else to the class's residual object, the same the annual budget prints an un-itemised
 * line on; an object no plan line appropriates is listed with a budget of nothing, never dropped.
 */

/** The plan line as the tracker loads it (amounts in centavos, objects as stored). */
export interface RegistryPlanLine {
  ps: number;
  mooe: number;
  co: number;
  training: number | boolean;
  objects: string | null;
}

/** A line's appropriation of a class by object, in centavos. */
export function appropriationByObject(
  line: RegistryPlanLine | null,
  expenseClass: RegistryClass,
  appropriated: number,
): Map<string, number> {
  const out = new Map<string, number>();
  if (appropriated === 0) {
    return out;
  }
  const named = line
    ? answerObjects(line.objects, { ps: line.ps / 100, mooe: line.mooe / 100, co: line.co / 100 })
        .objects
    : [];
  const own = named.filter((o) => o.expenseClass === expenseClass);
  if (own.length > 0) {
    for (const o of own) {
      out.set(o.code, (out.get(o.code) ?? 0) + Math.round(o.amount * 100));
    }
    return out;
  }
  out.set(residualCode(expenseClass, Boolean(line?.training)), appropriated);
  return out;
}

const residualCode = (expenseClass: RegistryClass, training: boolean) =>
  expenseClass === 'CO'
    ? RESIDUAL_OBJECTS.CO
    : training
      ? RESIDUAL_OBJECTS.training
      : RESIDUAL_OBJECTS.MOOE;

/**
 * The object an entry is charged to: the code it names when it is an account of the class, else
 * the line's only object of the class, else the class's residual object.
 */
export function chargedObject(
  named: string | null | undefined,
  expenseClass: RegistryClass,
  appropriation: Map<string, number>,
  training: boolean,
): string {
  if (named && objectOfExpenditure(named)?.expenseClass === expenseClass) {
    return named;
  }
  const codes = [...appropriation.keys()];
  return codes.length === 1 && codes[0] ? codes[0] : residualCode(expenseClass, training);
}

/** Centavo sums of one object. */
interface ObjectSums {
  appropriated: number;
  committed: number;
  paid: number;
}

/** The registry's `objects` of a line and class: appropriation first, then any other object. */
export function registryObjects(
  appropriation: Map<string, number>,
  committed: readonly { code: string; cents: number }[],
  paid: readonly { code: string; cents: number }[],
): RegistryObject[] {
  const sums = new Map<string, ObjectSums>();
  const of = (code: string) => {
    let found = sums.get(code);
    if (!found) {
      found = { appropriated: 0, committed: 0, paid: 0 };
      sums.set(code, found);
    }
    return found;
  };
  for (const [code, cents] of appropriation) {
    of(code).appropriated += cents;
  }
  for (const c of committed) {
    of(c.code).committed += c.cents;
  }
  for (const p of paid) {
    of(p.code).paid += p.cents;
  }
  return [...sums].map(([code, s]) => ({
    code,
    name: objectOfExpenditure(code)?.name ?? code,
    appropriated: toPesos(s.appropriated),
    committed: toPesos(s.committed),
    paid: toPesos(s.paid),
    unobligated: toPesos(s.appropriated - s.committed),
    unpaid: toPesos(s.committed - s.paid),
  }));
}
