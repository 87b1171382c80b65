import {
  PLAN_MESSAGES,
  objectOfExpenditure,
  objectsMismatch,
  savedObjects,
  type PlanLine,
  type PlanLineObjectInput,
  type SavedLineObject,
  type SavedPlanLine,
} from '@sk-tanaw/contract';
import { badRequest } from '../../lib/errors.ts';

/**
 * A plan line's objects of expenditure as stored: the `objects` column holds a JSON array of
 * `{ code, amount }` with amounts in centavos, or null when the line names none.
 */
interface StoredObject {
  code: string;
  amount: number;
}

/** The stored column read back; anything unreadable counts as naming no objects. */
export function parseObjects(text: string | null): StoredObject[] | null {
  if (text === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) {
      return null;
    }
    const out: StoredObject[] = [];
    for (const item of value as unknown[]) {
      const { code, amount } = (item ?? {}) as { code?: unknown; amount?: unknown };
      if (typeof code !== 'string' || typeof amount !== 'number' || !objectOfExpenditure(code)) {
        return null;
      }
      out.push({ code, amount });
    }
    return out;
  } catch {
    return null;
  }
}

/** Objects in pesos (the contract's input shape) from the stored centavos. */
const inPesos = (objects: readonly StoredObject[]): PlanLineObjectInput[] =>
  objects.map((o) => ({ code: o.code, amount: o.amount / 100 }));

/**
 * A stored line's objects as answered, and whether it is itemised: a line with no amount is;
 * a line whose stored objects no longer add up to its amounts is not (it cannot happen through
 * the API, which refuses such a save, but a restored or hand-edited row is read honestly).
 */
export function answerObjects(
  text: string | null,
  amounts: { ps: number; mooe: number; co: number },
): { objects: SavedLineObject[]; itemised: boolean } {
  const empty = amounts.ps === 0 && amounts.mooe === 0 && amounts.co === 0;
  const stored = parseObjects(text);
  if (stored === null || objectsMismatch(amounts, inPesos(stored)).length > 0) {
    return { objects: [], itemised: empty };
  }
  return { objects: savedObjects(inPesos(stored)), itemised: true };
}

/** The column to write for objects named in pesos (merged, zeros left out). */
export function objectsColumn(objects: readonly PlanLineObjectInput[] | null): string | null {
  if (objects === null) {
    return null;
  }
  const saved = savedObjects(objects);
  return JSON.stringify(saved.map((o) => ({ code: o.code, amount: Math.round(o.amount * 100) })));
}

const lineLabel = (line: PlanLine, number: number) =>
  line.ppa.trim() || line.referenceCode.trim() || `Line ${String(number)}`;

/**
 * The objects each line of a save is stored with. Named objects must add up to the line's PS,
 * MOOE and CO to the centavo, else 400 PLAN_OBJECTS_MISMATCH naming the line. A line that names
 * none (absent or empty: a client that does not know objects) keeps the objects it had while
 * they still add up to its amounts; otherwise it is saved not itemised.
 */
export function objectsForSave(
  lines: readonly PlanLine[],
  current: readonly SavedPlanLine[] = [],
): (PlanLineObjectInput[] | null)[] {
  const before = new Map(current.map((l) => [l.id, l]));
  return lines.map((line, i) => {
    const named = line.objects ?? [];
    if (named.length > 0) {
      const [gap] = objectsMismatch(line, named);
      if (gap) {
        throw badRequest(
          PLAN_MESSAGES.objectsMismatch(
            lineLabel(line, i + 1),
            gap.expenseClass,
            gap.line,
            gap.objects,
          ),
          'PLAN_OBJECTS_MISMATCH',
        );
      }
      return [...named];
    }
    const previous = line.id !== undefined ? before.get(line.id) : undefined;
    if (
      previous &&
      previous.objects.length > 0 &&
      objectsMismatch(line, previous.objects).length === 0
    ) {
      return previous.objects.map((o) => ({ code: o.code, amount: o.amount }));
    }
    return null;
  });
}
