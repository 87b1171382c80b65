import { PYDP_CENTRES } from '@sk-tanaw/contract';
import type { Executor } from '../src/db/database.ts';

/**
 * Demo-like plans and tracking for many barangays of one city at once (city-dashboard.test.ts
 * and bench/city-dashboard.bench.ts): for each barangay id, a posted plan of `year` with `lines`
 * lines (GAP and YDEP over the centres, one training line), a ten-row honoraria schedule and an
 * other receipt; a tracked item per line with `disbursements` payments; `waiting` proposals
 * "Submitted to LGU". Bulk inserts in chunks, so 1,400 barangays take seconds.
 */
export interface CitySeedOptions {
  year: number;
  /** The user recorded as author (plans, items, proposals' proposer). */
  userId: number;
  lines: number;
  disbursements: number;
  waiting: number;
  /** The 10% share of each barangay, centavos (default 1,000,000.00 pesos). */
  shareCents?: number;
}

const CHUNK = 400;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await insert(rows.slice(i, i + CHUNK));
  }
}

export async function seedCityPlans(
  db: Executor,
  barangays: readonly { id: number; code: string }[],
  options: CitySeedOptions,
): Promise<void> {
  const { year, userId } = options;
  const stamp = `${String(year)}-03-01T00:00:00.000Z`;
  const share = options.shareCents ?? 100_000_000;
  const planIds = new Map<number, number>();
  await insertChunks([...barangays], async (chunk) => {
    const rows = await db
      .insertInto('budget_plans')
      .values(
        chunk.map((b) => ({
          barangay_id: b.id,
          year,
          status: 'posted' as const,
          version: 1,
          kind: 'original' as const,
          amendment: 0,
          base_plan_id: null,
          ten_percent_share: share,
          certified_on: `${String(year - 1)}-10-01`,
          certified_by: 'City Treasurer',
          notice_on: `${String(year - 1)}-09-15`,
          notice_by: 'Barangay Treasurer',
          resolution_number: `${b.code}-${String(year)}-01`,
          approved_on: `${String(year - 1)}-12-10`,
          approved_by: userId,
          approved_by_name: 'Chair',
          approved_at: `${String(year - 1)}-12-10T02:00:00.000Z`,
          posted_at: `${String(year - 1)}-12-12T02:00:00.000Z`,
          posted_by: userId,
          created_by: userId,
          created_at: stamp,
          updated_by: userId,
          updated_at: stamp,
        })),
      )
      .returning(['id', 'barangay_id'])
      .execute();
    for (const r of rows) {
      planIds.set(r.barangay_id, r.id);
    }
  });
  const lines = [];
  const honoraria = [];
  const receipts = [];
  for (const b of barangays) {
    const planId = planIds.get(b.id) as number;
    for (let i = 0; i < options.lines; i += 1) {
      const gap = i === 0;
      const centre = gap ? null : PYDP_CENTRES[i % PYDP_CENTRES.length];
      lines.push({
        plan_id: planId,
        sort_order: i,
        program: gap ? ('GAP' as const) : ('YDEP' as const),
        centre,
        reference_code: `${String(year)}-L${String(i).padStart(3, '0')}`,
        ppa: `Activity ${String(i + 1)}`,
        description: 'For the youth of the barangay',
        expected_result: 'Done',
        performance_indicator: 'Number of youth reached',
        start_month: 1,
        end_month: 12,
        responsible: 'SK',
        ps: 0,
        mooe: 1_000_000,
        co: 0,
        training: i === 1 ? 1 : 0,
        project_id: null,
      });
    }
    for (let h = 0; h < 10; h += 1) {
      honoraria.push({
        plan_id: planId,
        sort_order: h,
        position:
          h === 0
            ? ('chairperson' as const)
            : h === 8
              ? ('secretary' as const)
              : h === 9
                ? ('treasurer' as const)
                : ('member' as const),
        name: `Officer ${String(h + 1)}`,
        monthly_rate: 150_000,
        months: h === 0 ? 0 : 12,
      });
    }
    receipts.push({
      plan_id: planId,
      sort_order: 0,
      label: 'Balance carried over',
      amount: 5_000_000,
    });
  }
  await insertChunks(lines, (chunk) => db.insertInto('budget_plan_lines').values(chunk).execute());
  await insertChunks(honoraria, (chunk) =>
    db.insertInto('budget_plan_honoraria').values(chunk).execute(),
  );
  await insertChunks(receipts, (chunk) =>
    db.insertInto('budget_plan_other_receipts').values(chunk).execute(),
  );

  const items = barangays.flatMap((b) =>
    Array.from({ length: options.lines }, (_, i) => ({
      barangay_id: b.id,
      year,
      reference_code: `${String(year)}-L${String(i).padStart(3, '0')}`,
      status: 'ongoing' as const,
      planned_start: `${String(year)}-01-01`,
      planned_end: `${String(year)}-12-31`,
      actual_start: `${String(year)}-01-15`,
      actual_end: null,
      accomplishment: '',
      remarks: '',
      version: 1,
      created_at: stamp,
      updated_by: userId,
      updated_at: `${String(year)}-04-01T00:00:00.000Z`,
    })),
  );
  const itemIds: { id: number; barangay_id: number }[] = [];
  await insertChunks(items, async (chunk) => {
    itemIds.push(
      ...(await db
        .insertInto('tracker_items')
        .values(chunk)
        .returning(['id', 'barangay_id'])
        .execute()),
    );
  });
  const payments = itemIds.flatMap((item) =>
    Array.from({ length: options.disbursements }, (_, k) => ({
      barangay_id: item.barangay_id,
      item_id: item.id,
      disbursed_on: `${String(year)}-0${String(k + 1)}-10`,
      amount_cents: 100_000,
      expense_class: 'MOOE' as const,
      reference: `DV-${String(k + 1)}`,
      note: '',
      recorded_by: userId,
      recorded_at: `${String(year)}-0${String(k + 1)}-10T03:00:00.000Z`,
      commitment_id: null,
    })),
  );
  await insertChunks(payments, (chunk) =>
    db.insertInto('tracker_disbursements').values(chunk).execute(),
  );
  const proposals = barangays.flatMap((b) =>
    Array.from({ length: options.waiting }, (_, k) => ({
      barangay_id: b.id,
      proposer_id: userId,
      reference_number: `${b.code}-${String(year)}-9${String(k).padStart(3, '0')}`,
      reference_year: year,
      reference_seq: 9000 + k,
      title: `Proposal ${String(k + 1)}`,
      description: 'Waiting for the city',
      status: 'Submitted to LGU',
      reviewer_id: null,
      reviewed_by: null,
      remarks: null,
      archived_at: null,
      archived_by: null,
      submitted_at: stamp,
      updated_at: stamp,
      category: null,
    })),
  );
  await insertChunks(proposals, (chunk) => db.insertInto('projects').values(chunk).execute());
}
