import {
  CBYDP_YEARS,
  cbydpPeriod,
  manilaYear,
  toCentavos,
  toPesos,
  type CbydpRow,
  type PydpCentre,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import { centreOf } from '../budget-plans/prefill.ts';
import { CBYDP_MODULE } from './service.ts';
import { KK_MODULE } from '../kk-assemblies/service.ts';
import { insertCbydp, replaceCbydpRows } from './repository.ts';

/**
 * Demo KK assemblies and CBYDPs: in SB and NN, one KK assembly early in the current
 * (Manila) year that concurred in a CBYDP for this year and the next two, approved by SK
 * resolution within the three months after the SK took office. The CBYDP's rows are the youth
 * development PPAs of the demo budget plans (this year's posted plan and next year's draft,
 * seeded before this), so next year's ABYIP is drawn from it; a third year grows 5%.
 * Deterministic: the same data gives the same rows.
 */

/** A youth development concern per centre (invented, in the spirit of the NYC's examples). */
const CONCERNS: Record<PydpCentre, string> = {
  Health: 'Youths with little access to health information and services',
  Education: 'Out-of-school youths and learners falling behind',
  'Economic Empowerment': 'Youths without work or skills for work',
  'Social Inclusion and Equity': 'Youths with specific needs left out of activities',
  'Peace-building and Security': 'Youths exposed to violence and crime',
  Governance: 'Few youths taking part in barangay affairs',
  'Active Citizenship': 'Few youths volunteering in the community',
  Environment: 'Waste and flooding in the barangay',
  'Global Mobility': 'Youths with little access to exchange programs',
  Agriculture: 'Few youths engaged in urban gardening',
};

const ASSEMBLY: Record<string, { attendance: number; resolution: string }> = {
  SB: { attendance: 143, resolution: 'SB-SK-2026-003' },
  NN: { attendance: 118, resolution: 'NN-SK-2026-002' },
};

/** Each YDEP line's total (centavos) by centre and PPA, of a plan of `year`. */
async function ydepLines(trx: Executor, barangayId: number, year: number) {
  return trx
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as p', 'p.id', 'l.plan_id')
    .select([
      'l.centre',
      'l.ppa',
      'l.performance_indicator',
      'l.responsible',
      'l.ps',
      'l.mooe',
      'l.co',
      'l.sort_order',
    ])
    .where('p.barangay_id', '=', barangayId)
    .where('p.year', '=', year)
    .where('p.status', 'in', ['draft', 'approved', 'posted'])
    .where('l.program', '=', 'YDEP')
    .orderBy('l.sort_order')
    .execute();
}

function rowsFrom(
  year: number,
  byYear: Awaited<ReturnType<typeof ydepLines>>[],
  code: string,
): CbydpRow[] {
  const rows = new Map<string, CbydpRow & { cents: number[]; present: boolean[] }>();
  byYear.forEach((lines, index) => {
    for (const line of lines) {
      const centre = centreOf(line.centre);
      const ppa = line.ppa.trim();
      if (!centre || !ppa) {
        continue;
      }
      const key = `${centre}\u0000${ppa.toLowerCase()}`;
      const row =
        rows.get(key) ??
        ({
          centre,
          concern: CONCERNS[centre],
          objective: `To carry out ${ppa} for the youth of Barangay ${code}`,
          indicator: line.performance_indicator.trim() || 'Number of youths served',
          targets: ['', '', ''],
          ppas: ppa,
          budgets: [0, 0, 0],
          responsible: line.responsible.trim() || `Committee on ${centre}`,
          cents: [0, 0, 0],
          present: [false, false, false],
        } satisfies CbydpRow & { cents: number[]; present: boolean[] });
      row.present[index] = true;
      row.cents[index] = (row.cents[index] ?? 0) + line.ps + line.mooe + line.co;
      rows.set(key, row);
    }
  });
  return [...rows.values()].map(({ cents, present, ...row }) => {
    // The third year: the second year's budget (or the first's) grown 5%, to the peso.
    const third = Math.round((((cents[1] || cents[0]) ?? 0) * 1.05) / 100) * 100;
    const budgets = [cents[0] ?? 0, cents[1] ?? 0, third].map(toPesos);
    // A target for every year the PPA is planned (the third: when the second or first is).
    const planned = [present[0], present[1], present[1] || present[0]];
    const targets = budgets.map((b, i) =>
      !planned[i]
        ? ''
        : b > 0
          ? `${String(Math.max(20, Math.round(b / 500)))} youths in ${String(year + i)}`
          : `Carried out in ${String(year + i)}`,
    );
    return {
      ...row,
      budgets: [budgets[0] ?? 0, budgets[1] ?? 0, budgets[2] ?? 0],
      targets: [targets[0] ?? '', targets[1] ?? '', targets[2] ?? ''],
    };
  });
}

/** Seeds once, into an install with the demo budget plans and no KK assembly yet. */
export async function seedDemoCbydp(db: AppDb, now: Date): Promise<boolean> {
  const any = await db.selectFrom('kk_assemblies').select('id').limit(1).executeTakeFirst();
  if (any) {
    return false;
  }
  const chairs = await db
    .selectFrom('users as u')
    .innerJoin('barangays as b', 'b.id', 'u.barangay_id')
    .select(['u.id', 'u.full_name', 'u.barangay_id', 'b.code'])
    .where('u.username', 'in', ['sb.chair', 'nn.chair'])
    .orderBy('b.code')
    .execute();
  const year = manilaYear(now);
  const stamp = now.toISOString();
  let seeded = false;
  await db.transaction().execute(async (trx) => {
    for (const chair of chairs) {
      const demo = ASSEMBLY[chair.code];
      const scope = { barangayId: chair.barangay_id };
      const byYear = await Promise.all(
        Array.from({ length: CBYDP_YEARS - 1 }, (_, i) =>
          ydepLines(trx, scope.barangayId, year + i),
        ),
      );
      const rows = rowsFrom(year, byYear, chair.code);
      if (!demo || rows.length === 0) {
        continue;
      }
      const heldOn = `${String(year)}-03-14`;
      const assembly = await trx
        .insertInto('kk_assemblies')
        .values({
          barangay_id: scope.barangayId,
          held_on: heldOn,
          kind: 'regular',
          agenda: `Consultation on and concurrence in the CBYDP ${cbydpPeriod(year)}; report of the SK on the ${String(year)} ABYIP`,
          attendance: demo.attendance,
          recorded_by: chair.id,
          updated_by: chair.id,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const planId = await insertCbydp(trx, scope, {
        startYear: year,
        status: 'approved',
        officeAssumedOn: `${String(year)}-01-02`,
        userId: chair.id,
        stamp,
      });
      await replaceCbydpRows(trx, planId, rows);
      await trx
        .updateTable('cbydp_plans')
        .set({
          resolution_number: demo.resolution.replace('2026', String(year)),
          approved_on: `${String(year)}-03-21`,
          approved_by: chair.id,
          approved_by_name: chair.full_name,
          assembly_id: assembly.id,
        })
        .where('id', '=', planId)
        .execute();
      for (const [module, action, description] of [
        [KK_MODULE, 'DEMO_KK_ASSEMBLY_SEEDED', `Demo KK assembly of ${heldOn} recorded`],
        [
          CBYDP_MODULE,
          'DEMO_CBYDP_SEEDED',
          `Demo CBYDP ${cbydpPeriod(year)} approved with ${String(rows.length)} rows (${String(toCentavos(rows.reduce((s, r) => s + r.budgets[1], 0)) / 100)} pesos for ${String(year + 1)})`,
        ],
      ] as const) {
        await writeAudit(trx, {
          scope,
          userId: null,
          username: 'system',
          module,
          action,
          description,
          at: now,
        });
      }
      seeded = true;
    }
  });
  return seeded;
}
