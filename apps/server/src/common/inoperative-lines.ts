import type { Language } from '@sk-tanaw/contract';
import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Lines the city declared inoperative. The SK annual budget goes to the sanggunian through the
 * city or municipal budget officer (DBM-DILG-NYC JMC No. 1 s. 2019 item 3.3.3.4), which may
 * declare items of it inoperative, as RA 7160 s. 333 lets it do with a barangay's appropriation
 * ordinance (applied to SK budgets by analogy, as plan-review/rules.ts reads it); an item
 * declared inoperative has no appropriation to spend. So a line the newest concluded review of the year declared inoperative is closed: it takes
 * no new commitment or disbursement until a later version of the budget is reviewed and found
 * operative (decided so, or deemed so when the city did not act in time). What was paid before
 * the decision stays, and is shown as such.
 */
export interface InoperativeLine {
  referenceCode: string;
  reason: string;
  rule: string;
  /** The day the city decided (Manila date of the decision). */
  decidedOn: string;
}

/** The inoperative lines of the year's newest concluded review, by reference code. */
export async function inoperativeLines(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<Map<string, InoperativeLine>> {
  const concluded = await db
    .selectFrom('plan_submissions as s')
    .innerJoin('budget_plans as bp', 'bp.id', 's.plan_id')
    .select(['s.id', 's.outcome', 's.decided_at', 's.sanggunian_resolution_date'])
    .where('s.barangay_id', '=', scope.barangayId)
    .where('s.year', '=', year)
    .where((eb) => eb.or([eb('s.decided_at', 'is not', null), eb('s.deemed_at', 'is not', null)]))
    .orderBy('bp.amendment', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const answer = new Map<string, InoperativeLine>();
  if (concluded?.outcome !== 'items_inoperative') {
    return answer;
  }
  const findings = await db
    .selectFrom('plan_review_findings')
    .select(['line_ref', 'reason', 'rule'])
    .where('submission_id', '=', concluded.id)
    .where('barangay_id', '=', scope.barangayId)
    .where('inoperative', '=', 1)
    .orderBy('sort_order')
    .execute();
  const decidedOn =
    concluded.sanggunian_resolution_date ?? (concluded.decided_at ?? '').slice(0, 10);
  for (const f of findings) {
    answer.set(f.line_ref, {
      referenceCode: f.line_ref,
      reason: f.reason,
      rule: f.rule,
      decidedOn,
    });
  }
  return answer;
}

/** The refusal's words, in the reader's language: the city's own reason and rule quoted. */
export function inoperativeMessage(line: InoperativeLine, language: Language): string {
  const rule = line.rule ? ` (${line.rule})` : '';
  return language === 'fil'
    ? `Idineklara ng lungsod na inoperative ang linyang ${line.referenceCode} noong ${line.decidedOn}: "${line.reason}"${rule}. Hindi ito tatanggap ng bagong commitment o bayad hangga't walang mas bagong bersyon ng budget na napagpasyahang operative; nananatili ang naibayad bago ang pasya.`
    : `The city declared line ${line.referenceCode} inoperative on ${line.decidedOn}: "${line.reason}"${rule}. It takes no new commitment or payment until a later version of the budget is found operative; what was paid before the decision stays.`;
}

/** Refuses (422 ITEM_INOPERATIVE) a new commitment or payment on a line the city closed. */
export async function refuseInoperative(
  db: Executor,
  scope: BarangayScope & { language: Language },
  year: number,
  referenceCode: string,
): Promise<void> {
  const line = (await inoperativeLines(db, scope, year)).get(referenceCode);
  if (line) {
    throw new AppError('ITEM_INOPERATIVE', inoperativeMessage(line, scope.language), 422);
  }
}
