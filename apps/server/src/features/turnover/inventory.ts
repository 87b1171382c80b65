import {
  REGISTRY_CLASSES,
  toPesos,
  type SkTerm,
  type TrackerReportPeriod,
  type TurnoverBalance,
  type TurnoverDocument,
  type TurnoverInventory,
  type TurnoverRow,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { versionTitle } from '../../lib/documents/rendered.ts';
import * as commitmentRepo from '../tracker/commitment-repository.ts';
import { endedPeriods } from '../tracker/figures.ts';
import { loadYear } from '../tracker/load.ts';
import * as trackerRepo from '../tracker/repository.ts';
import * as repo from './repository.ts';

/**
 * The inventory pre-filled from what the product knows, for each fiscal year the term touches:
 * - properties: the tracked items with capital outlay (equipment and other property bought),
 *   what was appropriated, committed and paid for them, and the evidence recorded;
 * - balances: the Registry of Budget, Commitments, Payments and Balances of the year (MOOE and
 *   capital outlay together), figured as the tracker's registry figures it (tracker/commitments.ts);
 * - open commitments: commitments not fully paid, the money accountabilities the incoming council
 *   inherits;
 * - documents: the approved annual budgets and CBYDPs with their resolutions, the accomplishment
 *   reports of the periods ended, the end-of-term report posted, and the youth registry by its
 *   size only (its contents stay with the SK secretary);
 * - rows: what the team added by hand.
 */

export const termYears = (term: SkTerm): number[] => {
  const first = Number(term.startsOn.slice(0, 4));
  const last = Number(term.endsOn.slice(0, 4));
  const years: number[] = [];
  for (let year = first; year <= last; year += 1) {
    years.push(year);
  }
  return years;
};

const PERIOD_NAMES: Record<TrackerReportPeriod, string> = {
  q1: 'first quarter',
  q2: 'second quarter',
  q3: 'third quarter',
  q4: 'fourth quarter',
  year: 'whole year',
};

export function toRow(row: repo.InventoryRow): TurnoverRow {
  return {
    id: row.id,
    category: row.category,
    description: row.description,
    quantity: row.quantity,
    unit: row.unit,
    amount: row.amount_cents === null ? null : toPesos(row.amount_cents),
    acquiredOn: row.acquired_on,
    condition: row.condition,
    location: row.location,
    remarks: row.remarks,
    updatedBy: row.updated_by_name,
    updatedAt: row.updated_at,
  };
}

export async function inventoryOf(
  db: Executor,
  scope: BarangayScope,
  term: SkTerm,
  now: Date,
  today: string,
): Promise<TurnoverInventory> {
  const years = termYears(term);
  const properties: TurnoverInventory['properties'] = [];
  const balances: TurnoverBalance[] = [];
  const openCommitments: TurnoverInventory['openCommitments'] = [];
  const documents: TurnoverDocument[] = [];
  for (const year of years) {
    const data = await loadYear(db, scope, year, now);
    const [commitments, payments] = await Promise.all([
      commitmentRepo.commitmentsOf(db, scope, { year }),
      trackerRepo.disbursementsOf(db, scope, {
        year,
        from: `${String(year)}-01-01`,
        to: `${String(year)}-12-31`,
      }),
    ]);
    const paidOn = new Map<number, number>();
    for (const d of payments) {
      if (d.commitment_id !== null) {
        paidOn.set(d.commitment_id, (paidOn.get(d.commitment_id) ?? 0) + d.amount_cents);
      }
    }
    const balance = { appropriated: 0, committed: 0, paid: 0 };
    for (const { row, facts } of data.items) {
      const perClass = { MOOE: { committed: 0, paid: 0 }, CO: { committed: 0, paid: 0 } };
      for (const expenseClass of REGISTRY_CLASSES) {
        const sums = perClass[expenseClass];
        for (const d of payments) {
          if (d.item_id === row.id && d.expense_class === expenseClass) {
            sums.paid += d.amount_cents;
            if (d.commitment_id === null) {
              sums.committed += d.amount_cents;
            }
          }
        }
        for (const c of commitments) {
          if (c.item_id === row.id && c.expense_class === expenseClass && c.cancelled_at === null) {
            sums.committed += c.amount_cents;
          }
        }
        balance.appropriated += facts.appropriated[expenseClass];
        balance.committed += sums.committed;
        balance.paid += sums.paid;
      }
      if (facts.appropriated.CO > 0 || perClass.CO.committed > 0) {
        properties.push({
          year,
          referenceCode: facts.referenceCode,
          ppa: facts.ppa,
          status: facts.status,
          appropriated: toPesos(facts.appropriated.CO),
          committed: toPesos(perClass.CO.committed),
          paid: toPesos(perClass.CO.paid),
          evidence: data.evidence.get(row.id) ?? 0,
        });
      }
    }
    for (const c of commitments) {
      const unpaid = c.amount_cents - (paidOn.get(c.id) ?? 0);
      if (c.cancelled_at === null && unpaid > 0) {
        openCommitments.push({
          year,
          date: c.committed_on,
          reference: c.reference,
          payee: c.payee,
          expenseClass: c.expense_class,
          amount: toPesos(c.amount_cents),
          unpaid: toPesos(unpaid),
        });
      }
    }
    balances.push({
      year,
      resolutionNumber: data.plan ? (data.plan.resolution_number ?? '') : null,
      appropriated: toPesos(balance.appropriated),
      committed: toPesos(balance.committed),
      paid: toPesos(balance.paid),
      unobligated: toPesos(balance.appropriated - balance.committed),
      unpaid: toPesos(balance.committed - balance.paid),
    });
    if (data.plan) {
      const periods = endedPeriods(year, today);
      if (periods.length > 0) {
        documents.push({
          kind: 'accomplishment-report',
          year,
          title: `Accomplishment reports ${String(year)}`,
          reference: periods.map((p) => PERIOD_NAMES[p]).join(', '),
          count: periods.length,
        });
      }
    }
  }
  const [plans, cbydps, postings, kkSize, rows] = await Promise.all([
    repo.approvedPlans(db, scope, years),
    repo.approvedCbydps(db, scope, years),
    repo.endOfTermPostings(db, scope, years),
    repo.kkRegistrySize(db, scope),
    repo.rowsOf(db, scope, term.startsOn),
  ]);
  for (const p of cbydps) {
    documents.push({
      kind: 'cbydp',
      year: p.start_year,
      title: `CBYDP ${String(p.start_year)}-${String(p.start_year + 2)}`,
      reference: resolutionText(p.resolution_number, p.approved_on),
      count: null,
    });
  }
  for (const p of plans) {
    const version = versionTitle(p) || 'Original';
    documents.push({
      kind: 'abyip',
      year: p.year,
      title: `ABYIP and annual budget ${String(p.year)}, ${version}`,
      reference: resolutionText(p.resolution_number, p.approved_on),
      count: null,
    });
  }
  for (const p of postings) {
    documents.push({
      kind: 'end-of-term-report',
      year: p.year,
      title: 'End-of-term report',
      reference: `Posted ${p.posted_at.slice(0, 10)}`,
      count: null,
    });
  }
  documents.push({
    kind: 'kk-registry',
    year: null,
    title: 'Katipunan ng Kabataan youth profiles',
    reference: 'Kept by the SK secretary (personal data, RA 10173)',
    count: kkSize,
  });
  documents.sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999));
  return { properties, balances, openCommitments, documents, rows: rows.map(toRow) };
}

function resolutionText(number: string | null, approvedOn: string | null): string {
  const resolution = number ? `SK Resolution No. ${number}` : 'No resolution number';
  return approvedOn ? `${resolution}, approved ${approvedOn}` : resolution;
}
