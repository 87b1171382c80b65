import { PYDP_CENTRES, manilaYear } from '@sk-tanaw/contract';
import type { Database } from '../../db/database.ts';
import { ppaKey } from '../../common/raw-ppa-rows.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import type { ParsedPpa } from './csv-import.ts';
import * as repo from './repository.ts';

/**
 * Believable raw budget data for the demo barangays, generated from a fixed seed so every install
 * shows the same numbers: PPAs under the Philippine Youth Development Plan's centres of
 * participation (categories) and the SK's standing committees, with yearly growth, noise, PPAs
 * that start late and PPAs that end.
 */

/** The categories are the PYDP centres of participation (one list, in the contract). */
export const DEMO_CATEGORIES = PYDP_CENTRES;

export const DEMO_COMMITTEES = [
  'Education and Culture',
  'Health',
  'Sports Development',
  'Environmental Protection',
  'Youth Employment and Livelihood',
  'Anti-Drug Abuse and Social Protection',
  'Gender and Development',
  'Youth Empowerment',
] as const;

type Category = (typeof DEMO_CATEGORIES)[number];
type Committee = (typeof DEMO_COMMITTEES)[number];

interface Template {
  ppa: string;
  category: Category;
  committee: Committee;
  /** What the target counts, e.g. 'seminars'. */
  unit: string;
  /** First-year budget in pesos for the larger barangay. */
  budget: number;
  /** First-year target count. */
  count: number;
}

const T = (
  ppa: string,
  category: Category,
  committee: Committee,
  budget: number,
  count: number,
  unit: string,
): Template => ({ ppa, category, committee, budget, count, unit });

const TEMPLATES: readonly Template[] = [
  T('Adolescent Health and Wellness Caravan', 'Health', 'Health', 45_000, 2, 'caravans'),
  T('Mental Health Awareness Seminar', 'Health', 'Health', 25_000, 3, 'seminars'),
  T('Teen Pregnancy Prevention Forum', 'Health', 'Gender and Development', 20_000, 2, 'forums'),
  T('Free Dental and Medical Mission', 'Health', 'Health', 60_000, 1, 'missions'),
  T('Barangay Fun Run for Health', 'Health', 'Sports Development', 35_000, 1, 'fun runs'),
  T(
    'Educational Assistance Program',
    'Education',
    'Education and Culture',
    120_000,
    40,
    'scholars',
  ),
  T('School Supplies Distribution', 'Education', 'Education and Culture', 80_000, 300, 'kits'),
  T('Reading and Tutorial Hub', 'Education', 'Education and Culture', 30_000, 24, 'sessions'),
  T(
    'Alternative Learning System Support',
    'Education',
    'Education and Culture',
    25_000,
    20,
    'learners',
  ),
  T('Digital Literacy Workshop', 'Education', 'Youth Empowerment', 28_000, 4, 'workshops'),
  T(
    'Livelihood Skills Training',
    'Economic Empowerment',
    'Youth Employment and Livelihood',
    70_000,
    3,
    'trainings',
  ),
  T(
    'Youth Entrepreneurship Starter Kits',
    'Economic Empowerment',
    'Youth Employment and Livelihood',
    90_000,
    15,
    'starter kits',
  ),
  T(
    'Job Fair and Career Orientation',
    'Economic Empowerment',
    'Youth Employment and Livelihood',
    40_000,
    1,
    'job fairs',
  ),
  T(
    'Summer Employment for Youth',
    'Economic Empowerment',
    'Youth Employment and Livelihood',
    110_000,
    30,
    'youth workers',
  ),
  T(
    'Persons with Disability Youth Inclusion Day',
    'Social Inclusion and Equity',
    'Anti-Drug Abuse and Social Protection',
    22_000,
    1,
    'events',
  ),
  T(
    'Gender Sensitivity Training',
    'Social Inclusion and Equity',
    'Gender and Development',
    18_000,
    2,
    'trainings',
  ),
  T(
    'Out-of-School Youth Profiling',
    'Social Inclusion and Equity',
    'Youth Empowerment',
    15_000,
    1,
    'surveys',
  ),
  T(
    'Anti-Illegal Drugs Symposium',
    'Peace-building and Security',
    'Anti-Drug Abuse and Social Protection',
    26_000,
    2,
    'symposia',
  ),
  T(
    'Barangay Youth Peacekeepers Training',
    'Peace-building and Security',
    'Anti-Drug Abuse and Social Protection',
    32_000,
    1,
    'trainings',
  ),
  T(
    'Anti-Bullying and Online Safety Campaign',
    'Peace-building and Security',
    'Gender and Development',
    16_000,
    3,
    'campaigns',
  ),
  T('SK Officials Capacity Building', 'Governance', 'Youth Empowerment', 55_000, 2, 'trainings'),
  T('Katipunan ng Kabataan Assembly', 'Governance', 'Youth Empowerment', 30_000, 2, 'assemblies'),
  T(
    'Youth Development Plan Consultation',
    'Governance',
    'Youth Empowerment',
    12_000,
    1,
    'consultations',
  ),
  T('Youth Volunteer Corps', 'Active Citizenship', 'Youth Empowerment', 24_000, 50, 'volunteers'),
  T(
    'Linggo ng Kabataan Celebration',
    'Active Citizenship',
    'Education and Culture',
    65_000,
    1,
    'celebrations',
  ),
  T(
    'Inter-Purok Basketball League',
    'Active Citizenship',
    'Sports Development',
    85_000,
    12,
    'teams',
  ),
  T(
    'Volleyball Clinic and Tournament',
    'Active Citizenship',
    'Sports Development',
    40_000,
    8,
    'teams',
  ),
  T(
    'Chess and E-sports Tournament',
    'Active Citizenship',
    'Sports Development',
    20_000,
    1,
    'tournaments',
  ),
  T(
    'Creek and Riverbank Clean-up Drive',
    'Environment',
    'Environmental Protection',
    30_000,
    6,
    'clean-ups',
  ),
  T('Tree Planting Activity', 'Environment', 'Environmental Protection', 25_000, 500, 'seedlings'),
  T(
    'Waste Segregation and Recycling Campaign',
    'Environment',
    'Environmental Protection',
    20_000,
    4,
    'campaigns',
  ),
  T(
    'Disaster Preparedness Drill for Youth',
    'Environment',
    'Environmental Protection',
    35_000,
    2,
    'drills',
  ),
  T(
    'Overseas Work Safety Orientation',
    'Global Mobility',
    'Youth Employment and Livelihood',
    15_000,
    1,
    'orientations',
  ),
  T(
    'Youth Exchange and Study Tour',
    'Global Mobility',
    'Education and Culture',
    50_000,
    1,
    'study tours',
  ),
  T(
    'Urban Gardening Project',
    'Agriculture',
    'Environmental Protection',
    28_000,
    20,
    'garden plots',
  ),
  T(
    'Hydroponics Skills Training',
    'Agriculture',
    'Youth Employment and Livelihood',
    32_000,
    2,
    'trainings',
  ),
];

export interface BarangayPlan {
  code: string;
  seed: number;
  /** Budget scale against the templates. */
  scale: number;
  /** Fraction of templates this barangay runs. */
  share: number;
}

/** San Bartolome is the larger barangay: more PPAs and larger budgets. */
const PLANS: readonly BarangayPlan[] = [
  { code: 'SB', seed: 20_190_501, scale: 1, share: 1 },
  { code: 'NN', seed: 20_190_777, scale: 0.55, share: 0.65 },
];

export const DEMO_FIRST_YEAR = 2019;

/** The demo PPAs of one barangay for the years 2019 to `lastYear`. Pure and deterministic. */
export function generateDemoRawData(
  code: string,
  lastYear: number,
  plans: readonly BarangayPlan[] = PLANS,
): ParsedPpa[] {
  const plan = plans.find((p) => p.code === code);
  if (!plan) {
    return [];
  }
  const random = seededRandom(plan.seed);
  const between = (min: number, max: number) => min + (max - min) * random();
  const out: ParsedPpa[] = [];
  for (const template of TEMPLATES) {
    // Decide membership, start, end and growth in the same order every run.
    const included = random() < plan.share;
    const startRoll = random();
    const endRoll = random();
    const growth = between(0.02, 0.12);
    if (!included) {
      continue;
    }
    // About one PPA in five starts after 2019 (new programs); about one in eight has ended.
    const start =
      startRoll < 0.2 ? DEMO_FIRST_YEAR + 1 + Math.floor(startRoll * 5 * 4) : DEMO_FIRST_YEAR;
    const end =
      endRoll < 0.12 ? Math.max(start + 1, lastYear - 1 - Math.floor(endRoll * 20)) : lastYear;
    const ppa: ParsedPpa = {
      ppa: template.ppa,
      category: template.category,
      committee: template.committee,
      key: ppaKey(template.ppa, template.category, template.committee),
      years: [],
      targets: [],
      budgets: [],
    };
    for (let year = start; year <= Math.min(end, lastYear); year += 1) {
      const age = year - start;
      // The pandemic years cut in-person activities; budgets recover after.
      const pandemic = year === 2020 ? 0.7 : year === 2021 ? 0.85 : 1;
      const noise = between(0.9, 1.1);
      const budget =
        Math.round((template.budget * plan.scale * (1 + growth) ** age * pandemic * noise) / 500) *
        500;
      const count = Math.max(
        1,
        Math.round(
          template.count * (plan.scale < 1 ? 0.7 : 1) * (1 + growth / 2) ** age * pandemic,
        ),
      );
      ppa.years.push(year);
      ppa.targets.push(`${count} ${count === 1 ? singular(template.unit) : template.unit}`);
      ppa.budgets.push(budget);
    }
    if (ppa.years.length > 0) {
      out.push(ppa);
    }
  }
  return out;
}

function singular(unit: string): string {
  if (unit.endsWith('ies')) {
    return `${unit.slice(0, -3)}y`;
  }
  if (unit === 'symposia') {
    return 'symposium';
  }
  return unit.endsWith('s') ? unit.slice(0, -1) : unit;
}

/** Seeds each demo barangay that has no raw data yet; true when anything was written. */
export async function seedDemoRawData(
  database: Database,
  now: Date,
  plans: readonly BarangayPlan[] = PLANS,
): Promise<boolean> {
  const db = database.db;
  const barangays = await db.selectFrom('barangays').select(['id', 'code']).execute();
  const lastYear = manilaYear(now);
  const stamp = now.toISOString();
  let seeded = false;
  for (const barangay of barangays) {
    const scope = { barangayId: barangay.id };
    const ppas = generateDemoRawData(barangay.code, lastYear, plans);
    if (ppas.length === 0 || (await repo.hasRawData(db, scope))) {
      continue;
    }
    const years: number[] = [];
    for (let y = DEMO_FIRST_YEAR; y <= lastYear; y += 1) {
      years.push(y);
    }
    await db.transaction().execute(async (trx) => {
      await repo.importPpas({ trx, sqlite: database.sqlite }, scope, years, ppas, stamp);
      await repo.bumpVersion(trx, scope, stamp);
    });
    seeded = true;
  }
  return seeded;
}
