import {
  HONORARIA_POSITIONS,
  HONORARIA_POSITION_NAMES,
  honorariaItemName,
  honorariaPositionOf,
  honorariaReferenceCode,
  type HonorariaPosition,
} from '@sk-tanaw/contract';
import { honorariaByPosition } from '../../common/tracked-item-repository.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import * as repo from './repository.ts';
import type { LineRow } from './repository.ts';

/**
 * The honoraria of the SK officials in the tracker. A plan's honoraria schedule is part of its
 * personal services (its total counts in the plan's PS and appropriations), so each position it
 * pays is a tracked item whose PS appropriation is the position's scheduled total: the year's
 * items then appropriate exactly what the plan does, and the treasurer's honoraria payments go
 * through the disbursement rules (within the appropriation, audited, in one transaction).
 *
 * The items are read as lines of the plan (rows of the plan lines' shape, made here from the
 * schedule), so everything the tracker computes from lines (appropriation, dropped items, order,
 * utilisation, the board, the reports) treats them as it treats every line.
 */

/** The position whose honoraria an item of `year` tracks; null for a line's item. */
export function itemHonorariaPosition(
  year: number,
  referenceCode: string,
): HonorariaPosition | null {
  const position = honorariaPositionOf(referenceCode);
  return position !== null && referenceCode === honorariaReferenceCode(year, position)
    ? position
    : null;
}

/** Before every line of the plan, in the contract's order of positions. */
const sortOrderOf = (position: HonorariaPosition) =>
  HONORARIA_POSITIONS.indexOf(position) - HONORARIA_POSITIONS.length;

/**
 * The honoraria of every posted version of `year`, as lines: PS = the position's scheduled total
 * (centavos), General Administration Program, no months (the whole year).
 */
async function honorariaLines(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<LineRow[]> {
  const plans = await db
    .selectFrom('budget_plans')
    .select(['id', 'amendment'])
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .where('posted_at', 'is not', null)
    .execute();
  const amendments = new Map(plans.map((p) => [p.id, p.amendment]));
  const positions = await honorariaByPosition(db, scope, [...amendments.keys()]);
  return positions.map((h) => ({
    id: 0,
    plan_id: h.planId,
    amendment: amendments.get(h.planId) ?? 0,
    sort_order: sortOrderOf(h.position),
    program: 'GAP',
    centre: null,
    reference_code: honorariaReferenceCode(year, h.position),
    ppa: honorariaItemName(h.position, h.officials),
    description: '',
    expected_result: `Monthly honoraria of the ${HONORARIA_POSITION_NAMES[h.position]}${h.officials > 1 ? 's' : ''} paid per the posted schedule`,
    performance_indicator: '',
    start_month: null,
    end_month: null,
    responsible: HONORARIA_POSITION_NAMES.treasurer,
    ps: h.cents,
    mooe: 0,
    co: 0,
    training: 0,
    project_id: null,
    objects: null,
  }));
}

/**
 * The lines of every posted version of `year` with their honoraria: newest amendment first, each
 * in its saved order (the honoraria before the lines), as `repo.postedLines` answers.
 */
export async function yearLines(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<LineRow[]> {
  const [lines, honoraria] = await Promise.all([
    repo.postedLines(db, scope, year),
    honorariaLines(db, scope, year),
  ]);
  return [...honoraria, ...lines].sort(
    (a, b) => b.amendment - a.amendment || a.sort_order - b.sort_order,
  );
}
