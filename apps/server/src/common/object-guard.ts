import { PLAN_MESSAGES, formatPlanPeso, toPesos } from '@sk-tanaw/contract';
import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';
import { chargedObject, classObjects } from '../features/tracker/registry-objects.ts';
import { objectLabel } from '../features/tracker/object-limits.ts';
import { obligationsOf } from '../features/tracker/commitment-repository.ts';
import { linesOfVersion } from './tracked-item-repository.ts';

/**
 * The object-by-object side of refusing a plan version below what was obligated
 * (appropriation-guard.ts): on every line the version itemises by object of expenditure (the
 * SK annual budget's Part II; the RBCPB kept by object, tracker/object-limits.ts), each object
 * keeps at least what its commitments and the payments made without one obligated (RA 7160
 * s. 336; PD 1445 s. 4(1)). A class the version does not itemise is one residual object, which
 * the class's own check covers. Answers one message line per object short, for
 * PLAN_BELOW_DISBURSED; run after the class check, with the year's items locked.
 */
export async function objectShortfallLines(
  trx: Executor,
  scope: BarangayScope,
  year: number,
  planId: number,
): Promise<string[]> {
  const obligations = await obligationsOf(trx, scope, { year });
  if (obligations.length === 0) {
    return [];
  }
  const found: string[] = [];
  for (const line of await linesOfVersion(trx, scope, planId)) {
    for (const expenseClass of ['MOOE', 'CO'] as const) {
      const appropriated = expenseClass === 'MOOE' ? line.mooe : line.co;
      const objects = classObjects(line, expenseClass, appropriated);
      if (!objects.itemised) {
        continue;
      }
      const obligated = new Map<string, number>();
      for (const o of obligations) {
        if (o.reference_code === line.reference_code && o.expense_class === expenseClass) {
          const code = chargedObject(o.object_code, expenseClass, objects);
          obligated.set(code, (obligated.get(code) ?? 0) + o.amount_cents);
        }
      }
      for (const [code, cents] of obligated) {
        const given = objects.byObject.get(code) ?? 0;
        if (cents > given) {
          const name = line.ppa ? `${line.reference_code} (${line.ppa})` : line.reference_code;
          found.push(
            PLAN_MESSAGES.belowObjectLine(
              name,
              objectLabel(code),
              formatPlanPeso(toPesos(given)),
              formatPlanPeso(toPesos(cents)),
            ),
          );
        }
      }
    }
  }
  return found;
}
