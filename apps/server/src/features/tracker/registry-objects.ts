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

/** A line's appropriation of a class by object, in centavos, and whether the line itemises it. */
export interface ClassObjects {
  byObject: Map<string, number>;
  /** The line names objects of the class (else the class is one residual object). */
  itemised: boolean;
  training: boolean;
}

/** A line's appropriation of a class by object (centavos). */
export function classObjects(
  line: RegistryPlanLine | null,
  expenseClass: RegistryClass,
  appropriated: number,
): ClassObjects {
  const training = Boolean(line?.training);
  const byObject = new Map<string, number>();
  const named = line
    ? answerObjects(line.objects, { ps: line.ps / 100, mooe: line.mooe / 100, co: line.co / 100 })
        .objects
    : [];
  const own = named.filter((o) => o.expenseClass === expenseClass && o.amount > 0);
  if (own.length > 0) {
    for (const o of own) {
      byObject.set(o.code, (byObject.get(o.code) ?? 0) + Math.round(o.amount * 100));
    }
    return { byObject, itemised: true, training };
  }
  if (appropriated > 0) {
    byObject.set(residualCode(expenseClass, training), appropriated);
  }
  return { byObject, itemised: false, training };
}

const residualCode = (expenseClass: RegistryClass, training: boolean) =>
  expenseClass === 'CO'
    ? RESIDUAL_OBJECTS.CO
    : training
      ? RESIDUAL_OBJECTS.training
      : RESIDUAL_OBJECTS.MOOE;

/**
 * The object an entry is charged to. On a line that itemises the class: the account it names
 * (an object the line does not appropriate shows with a budget of nothing), else the line's only
 * object of the class, else the class's residual object. On a line that does not itemise the
 * class, the whole class is its residual object, whatever an entry names.
 */
export function chargedObject(
  named: string | null | undefined,
  expenseClass: RegistryClass,
  objects: ClassObjects,
): string {
  if (objects.itemised && named && objectOfExpenditure(named)?.expenseClass === expenseClass) {
    return named;
  }
  const codes = [...objects.byObject.keys()];
  return codes.length === 1 && codes[0] ? codes[0] : residualCode(expenseClass, objects.training);
}

/** Centavo sums of one object. */
interface ObjectSums {
  appropriated: number;
  committed: number;
  paid: number;
}

/** The registry's `objects` of a line and class: appropriation first, then any other object. */
export function registryObjects(
  appropriation: ReadonlyMap<string, number>,
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
