import {
  ACCEPTED_PROJECT_STATUSES,
  manilaYear,
  toCentavos,
  toPesos,
  type Honorarium,
  type PlanLine,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, AppTransaction } from '../../db/database.ts';
import { blankLine, buildPrefill, centreOf } from './prefill.ts';
import { assignReferenceCodes } from './reference-codes.ts';
import * as repo from './repository.ts';
import { PLANS_MODULE } from './audit.ts';
import { recordPlanPostings } from '../disclosure/service.ts';
import { childRows } from './stored-plan.ts';

/**
 * Demo plans in each barangay: a POSTED plan for the current (Manila) year built from that year's
 * raw budget data, with a round certified 10% share it fits in, honoraria within the caps and a
 * training line, every check passing (every SK position budgeted, one of them vacant in
 * NN, and the chairperson's compensation entered as the cap's reference, not paid from the fund); and a DRAFT for next year pre-filled the way a council
 * starts one (last year's plan and the accepted proposals), with budgets grown a little.
 */

export interface DemoPeople {
  secretary: string;
  treasurer: string;
  /** Seven members; '' is a vacant seat, budgeted all the same. */
  members: string[];
  barangayTreasurer: string;
  /** Who certifies the barangay's income (JMC No. 1 s. 2019, 3.1.2). */
  cityTreasurer: string;
}

/** Fictional names; the chairperson is the barangay's demo SK chairperson account. */
const PEOPLE: Record<string, DemoPeople> = {
  SB: {
    secretary: 'Kristine Joy Ramos',
    treasurer: 'Paolo Miguel Cruz',
    members: [
      'Angelica Reyes',
      'John Carlo Navarro',
      'Mae Ann Torres',
      'Rafael Domingo',
      'Jasmine Lopez',
      'Mark Anthony Garcia',
      'Camille Fernandez',
    ],
    barangayTreasurer: 'Rosario M. Aquino',
    cityTreasurer: 'Teresita P. Lim',
  },
  NN: {
    secretary: 'Hannah Grace Villanueva',
    treasurer: 'Luis Emmanuel Castillo',
    members: [
      'Trisha Mae Soriano',
      'Kevin Bautista',
      'Nicole Aragon',
      'Jerome Pascual',
      'Aira Mendoza',
      'Vincent Lim',
      '',
    ],
    barangayTreasurer: 'Edgardo L. Manalo',
    cityTreasurer: 'Ramon D. Velasco',
  },
};

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The current year's plan content from the raw budgets of that year. */
function postedContent(
  year: number,
  raw: { ppa: string; category: string; committee: string; budget: number }[],
  people: DemoPeople,
  chairName: string,
) {
  const ydep = raw.reduce((sum, r) => sum + r.budget, 0);
  // A round certified share that the plan fits in: youth programs are about 65% of it.
  const share = Math.max(500_000, Math.ceil(ydep / 0.65 / 50_000) * 50_000);
  const training = roundTo(share * 0.08, 1_000);
  const supplies = roundTo(share * 0.03, 1_000);
  const equipment = roundTo(share * 0.02, 1_000);
  // Honoraria about 20% of the fund (cap 25%): nine positions for 12 months, each at about 80% of
  // the chairperson's monthly compensation, which is the cap's reference and, paid as a member of
  // the sangguniang barangay, charged to the SK fund for 0 months (DBM LBC No. 148, 3.1.2).
  const otherRate = Math.floor((share * 0.2) / 108 / 100) * 100;
  const chairRate = Math.ceil(otherRate / 0.8 / 100) * 100;
  const honoraria: Honorarium[] = [
    { position: 'chairperson', name: chairName, monthlyRate: chairRate, months: 0, vacant: false },
    ...people.members.map(
      (name): Honorarium => ({
        position: 'member',
        name,
        monthlyRate: otherRate,
        months: 12,
        vacant: name === '',
      }),
    ),
    {
      position: 'secretary',
      name: people.secretary,
      monthlyRate: otherRate,
      months: 12,
      vacant: false,
    },
    {
      position: 'treasurer',
      name: people.treasurer,
      monthlyRate: otherRate,
      months: 12,
      vacant: false,
    },
  ];
  const lines: PlanLine[] = [
    {
      ...blankLine('GAP'),
      ppa: 'Mandatory and continuing training of SK officials',
      description: 'Leadership, planning and financial management trainings (RA 11768)',
      expectedResult: 'SK officials complete the required trainings',
      performanceIndicator: 'Number of officials trained',
      startMonth: 2,
      endMonth: 11,
      responsible: 'SK Chairperson',
      mooe: training,
      training: true,
    },
    {
      ...blankLine('GAP'),
      ppa: 'Office supplies and administrative expenses',
      description: 'Supplies, communication and documentation of SK sessions',
      expectedResult: 'SK office operates the whole year',
      performanceIndicator: 'Regular sessions held and documented',
      startMonth: 1,
      endMonth: 12,
      responsible: 'SK Secretary',
      mooe: supplies,
    },
    {
      ...blankLine('GAP'),
      ppa: 'Office equipment (laptop and printer)',
      description: 'Equipment for records, reports and the full disclosure board',
      expectedResult: 'Records kept and reports printed on time',
      performanceIndicator: 'Equipment delivered and inventoried',
      startMonth: 3,
      endMonth: 3,
      responsible: 'SK Treasurer',
      co: equipment,
    },
    ...raw.map(
      (r, i): PlanLine => ({
        ...blankLine('YDEP', centreOf(r.category)),
        ppa: r.ppa,
        description: `${r.ppa} for the youth of the barangay`,
        expectedResult: 'Youth reached as planned',
        performanceIndicator: 'Participants and activities completed',
        startMonth: 1 + (i % 9),
        endMonth: Math.min(12, 4 + (i % 9)),
        responsible: `Committee on ${r.committee}`,
        mooe: r.budget,
      }),
    ),
  ];
  return { share, lines, honoraria };
}

async function insertDemoPlan(
  trx: AppTransaction,
  scope: { barangayId: number },
  plan: {
    year: number;
    status: 'draft' | 'posted';
    share: number;
    certifiedOn: string | null;
    certifiedBy: string;
    noticeOn: string | null;
    noticeBy: string;
    lines: PlanLine[];
    honoraria: Honorarium[];
    chair: { id: number; name: string };
    resolution?: { number: string; approvedOn: string; at: string };
    stamp: string;
  },
): Promise<number> {
  const codes = assignReferenceCodes(plan.year, plan.lines);
  const id = await repo.insertPlan(trx, scope, {
    year: plan.year,
    status: plan.status,
    version: plan.status === 'posted' ? 3 : 1,
    kind: 'original',
    amendment: 0,
    base_plan_id: null,
    ten_percent_share: toCentavos(plan.share),
    certified_on: plan.certifiedOn,
    certified_by: plan.certifiedBy,
    notice_on: plan.noticeOn,
    notice_by: plan.noticeBy,
    resolution_number: plan.resolution?.number ?? null,
    approved_on: plan.resolution?.approvedOn ?? null,
    approved_by: plan.resolution ? plan.chair.id : null,
    approved_by_name: plan.resolution ? plan.chair.name : null,
    approved_at: plan.resolution?.at ?? null,
    posted_at: plan.resolution?.at ?? null,
    posted_by: plan.resolution ? plan.chair.id : null,
    created_by: plan.chair.id,
    created_at: plan.stamp,
    updated_by: plan.chair.id,
    updated_at: plan.stamp,
  });
  await repo.replaceChildren(
    trx,
    scope,
    id,
    childRows({
      lines: plan.lines.map((l, i) => ({ ...l, referenceCode: codes[i] ?? '' })),
      honoraria: plan.honoraria,
      otherReceipts: [],
    }),
  );
  return id;
}

/** Seeds the demo plans once, into an install with demo accounts and no plans yet. */
export async function seedDemoBudgetPlans(db: AppDb, now: Date): Promise<boolean> {
  if (await repo.hasAnyPlan(db)) {
    return false;
  }
  return insertDemoBudgetPlans(db, now, ['sb.chair', 'nn.chair'], PEOPLE);
}

/**
 * The demo plans of the barangays whose chairpersons are given (no guard): the people of each
 * by its barangay code.
 */
export async function insertDemoBudgetPlans(
  db: AppDb,
  now: Date,
  chairUsernames: readonly string[],
  peopleByCode: Record<string, DemoPeople>,
): Promise<boolean> {
  const PEOPLE = peopleByCode;
  const chairs = await db
    .selectFrom('users as u')
    .innerJoin('barangays as b', 'b.id', 'u.barangay_id')
    .select(['u.id', 'u.full_name', 'u.barangay_id', 'b.code'])
    .where('u.username', 'in', chairUsernames)
    .execute();
  const year = manilaYear(now);
  const stamp = now.toISOString();
  let seeded = false;
  await db.transaction().execute(async (trx) => {
    for (const chair of chairs) {
      const people = PEOPLE[chair.code];
      const scope = { barangayId: chair.barangay_id };
      const raw = await repo.rawBudgetsOfYear(trx, scope, year);
      if (!people || raw.length === 0) {
        continue;
      }
      const posted = postedContent(year, raw, people, chair.full_name);
      const chairRef = { id: chair.id, name: chair.full_name };
      const postedId = await insertDemoPlan(trx, scope, {
        year,
        status: 'posted',
        share: posted.share,
        certifiedOn: `${String(year - 1)}-09-10`,
        certifiedBy: people.cityTreasurer,
        noticeOn: `${String(year - 1)}-09-12`,
        noticeBy: people.barangayTreasurer,
        lines: posted.lines,
        honoraria: posted.honoraria,
        chair: chairRef,
        resolution: {
          number: `${chair.code}-SK-${String(year - 1)}-014`,
          approvedOn: `${String(year - 1)}-10-20`,
          at: stamp,
        },
        stamp,
      });
      // Its ABYIP and annual budget on the board, with their periods (MC 2023-068).
      await recordPlanPostings(trx, { ...scope, id: chair.id }, { id: postedId, year }, now);
      // Next year's draft: last year's plan and the accepted proposals, budgets grown 6%.
      const proposals = await repo.projectsInStatuses(trx, scope, ACCEPTED_PROJECT_STATUSES, [
        year + 1,
        year,
      ]);
      const next = buildPrefill({
        year: year + 1,
        previous: {
          tenPercentShare: posted.share,
          certifiedBy: people.cityTreasurer,
          otherReceipts: [],
          lines: posted.lines,
          honoraria: posted.honoraria,
        },
        proposals,
        forecasts: [],
      });
      const grow = (pesos: number) => toPesos(roundTo(toCentavos(pesos) * 1.06, 50_000));
      await insertDemoPlan(trx, scope, {
        year: year + 1,
        status: 'draft',
        share: roundTo(posted.share * 1.06, 10_000),
        certifiedOn: null,
        certifiedBy: people.cityTreasurer,
        noticeOn: null,
        noticeBy: people.barangayTreasurer,
        lines: next.lines.map((l) =>
          l.program === 'YDEP' && l.projectId === null ? { ...l, mooe: grow(l.mooe) } : l,
        ),
        honoraria: next.honoraria,
        chair: chairRef,
        stamp,
      });
      await writeAudit(trx, {
        scope: { barangayId: chair.barangay_id },
        userId: null,
        username: 'system',
        module: PLANS_MODULE,
        action: 'DEMO_PLANS_SEEDED',
        description: `Demo budget plans for ${String(year)} (posted) and ${String(year + 1)} (draft) created`,
        at: now,
      });
      seeded = true;
    }
  });
  return seeded;
}
