import {
  REGISTRY_CLASSES,
  REGISTRY_MESSAGES,
  objectOfExpenditure,
  TRACKER_MESSAGES,
  can,
  formatPlanPeso,
  manilaYear,
  toCentavos,
  toPesos,
  type Commitment,
  type CommitmentInputSchema,
  type Registry,
  type RegistryClass,
  type RegistryLine,
  type RegistryPayment,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { currentAppropriation } from '../../common/appropriation-guard.ts';
import { refuseInoperative } from '../../common/inoperative-lines.ts';
import type { Executor } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import { assignDuty, candidatesOf, holderOf } from '../council/duties.ts';
import * as commitmentRepo from './commitment-repository.ts';
import {
  auditTracker,
  lockedItem,
  manilaDate,
  requireEdit,
  unprocessable,
  type TrackerDeps,
} from './context.ts';
import { loadYear } from './load.ts';
import { checkObjectLimit } from './object-limits.ts';
import { renderRegistry } from './reports/registry.ts';
import { classObjects, chargedObject, registryObjects } from './registry-objects.ts';
import * as repo from './repository.ts';

type CommitmentInput = z.output<typeof CommitmentInputSchema>;

export const commitmentNotFound = () =>
  notFound(REGISTRY_MESSAGES.commitmentNotFound, 'TRACKER_COMMITMENT_NOT_FOUND');

/** Names compared as people write them: case, spacing and dots aside. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim();

const commitmentValue = (c: commitmentRepo.CommitmentRow) => ({
  id: c.id,
  itemId: c.item_id,
  date: c.committed_on,
  expenseClass: c.expense_class,
  reference: c.reference,
  payee: c.payee,
  particulars: c.particulars,
  amount: toPesos(c.amount_cents),
});

const payment = (d: repo.DisbursementRow, objectCode: string): RegistryPayment => ({
  id: d.id,
  date: d.disbursed_on,
  reference: d.reference,
  amount: toPesos(d.amount_cents),
  note: d.note,
  objectCode,
});

/** The holder of the council's Budget Monitoring Officer duty (an active SK official). */
export async function activeOfficer(executor: Executor, user: AuthUser) {
  return holderOf(executor, user, 'bmo');
}

/**
 * The chairperson, or the designated Budget Monitoring Officer (403 TRACKER_NOT_BMO): checked by
 * the routes before the body is read, and again in the writing transaction.
 */
export async function requireRegistryKeeper(executor: Executor, user: AuthUser): Promise<void> {
  requireEdit(user);
  if (can(user, 'tracker.designate')) {
    return;
  }
  const officer = await activeOfficer(executor, user);
  if (officer?.id !== user.id) {
    throw forbidden(REGISTRY_MESSAGES.notOfficer, 'TRACKER_NOT_BMO');
  }
}

/**
 * The Registry of Budget, Commitments, Payments and Balances (tracker-registry.ts in the
 * contract): commitments against the MOOE and CO of tracked items, kept by the Budget Monitoring
 * Officer the chairperson designates (or the chairperson), and the registry built from them and
 * the payments. Every write runs in one transaction with the item locked, the lock disbursements
 * and plan postings take, so the balances are checked against what is there when it commits.
 */
export function createCommitments(deps: TrackerDeps) {
  const { db, clock } = deps;

  const currentOfficer = activeOfficer;
  const requireKeeper = requireRegistryKeeper;

  async function registryData(user: AuthUser, year: number): Promise<Registry> {
    const now = clock.now();
    const data = await loadYear(db, user, year, now);
    const [commitments, payments, officer] = await Promise.all([
      commitmentRepo.commitmentsOf(db, user, { year }),
      repo.disbursementsOf(db, user, {
        year,
        from: `${String(year)}-01-01`,
        to: `${String(year)}-12-31`,
      }),
      currentOfficer(db, user),
    ]);
    const byCommitment = new Map<number, repo.DisbursementRow[]>();
    for (const d of payments) {
      if (d.commitment_id !== null) {
        byCommitment.set(d.commitment_id, [...(byCommitment.get(d.commitment_id) ?? []), d]);
      }
    }
    const lines: RegistryLine[] = [];
    for (const { row, facts, line } of data.items) {
      for (const expenseClass of REGISTRY_CLASSES) {
        const own = commitments.filter(
          (c) => c.item_id === row.id && c.expense_class === expenseClass,
        );
        const direct = payments.filter(
          (d) =>
            d.item_id === row.id && d.expense_class === expenseClass && d.commitment_id === null,
        );
        const appropriated = facts.appropriated[expenseClass];
        if (appropriated === 0 && own.length === 0 && direct.length === 0) {
          continue;
        }
        const objects = classObjects(line, expenseClass, appropriated);
        const charged = (named: string | null) => chargedObject(named, expenseClass, objects);
        const committedBy: { code: string; cents: number }[] = [];
        const paidBy: { code: string; cents: number }[] = [];
        let committed = 0;
        for (const d of direct) {
          const code = charged(d.object_code);
          committed += d.amount_cents;
          committedBy.push({ code, cents: d.amount_cents });
          paidBy.push({ code, cents: d.amount_cents });
        }
        let paid = committed;
        const list: Commitment[] = own.map((c) => {
          const objectCode = charged(c.object_code);
          const against = byCommitment.get(c.id) ?? [];
          const cPaid = against.reduce((sum, d) => sum + d.amount_cents, 0);
          if (c.cancelled_at === null) {
            committed += c.amount_cents;
            committedBy.push({ code: objectCode, cents: c.amount_cents });
          }
          paid += cPaid;
          for (const d of against) {
            paidBy.push({ code: charged(d.object_code ?? objectCode), cents: d.amount_cents });
          }
          return {
            ...commitmentValue(c),
            paid: toPesos(cPaid),
            unpaid: toPesos(c.cancelled_at === null ? c.amount_cents - cPaid : 0),
            cancelled: c.cancelled_at !== null,
            recordedBy: c.recorded_by_name,
            recordedAt: c.recorded_at,
            payments: against.map((d) => payment(d, charged(d.object_code ?? objectCode))),
            objectCode,
          };
        });
        lines.push({
          itemId: row.id,
          referenceCode: facts.referenceCode,
          ppa: facts.ppa,
          expenseClass,
          appropriated: toPesos(appropriated),
          committed: toPesos(committed),
          paid: toPesos(paid),
          unobligated: toPesos(appropriated - committed),
          unpaid: toPesos(committed - paid),
          commitments: list,
          directPayments: direct.map((d) => payment(d, charged(d.object_code))),
          objects: registryObjects(objects.byObject, committedBy, paidBy),
        });
      }
    }
    const designate = can(user, 'tracker.designate');
    const candidates = designate ? await candidatesOf(db, user) : [];
    return {
      year,
      plan: data.plan
        ? { amendment: data.plan.amendment, resolutionNumber: data.plan.resolution_number ?? '' }
        : null,
      officer: officer ? { userId: officer.id, name: officer.full_name } : null,
      candidates,
      canCommit: can(user, 'tracker.edit') && (designate || officer?.id === user.id),
      canDesignate: designate,
      lines,
      asOf: manilaDate(now),
    };
  }

  return {
    /** GET /api/tracker/registry?year=: the RBCPB of a year (default: this Manila year). */
    registry(user: AuthUser, year?: number): Promise<Registry> {
      return registryData(user, year ?? manilaYear(clock.now()));
    },

    /** GET /api/tracker/registry/:class?year=&format=: the RBCPB of a class as a download. */
    async registryDocument(
      user: AuthUser,
      expenseClass: RegistryClass,
      year: number | undefined,
      format: 'xlsx' | 'pdf',
      month: number | null = null,
    ): Promise<RenderedDocument> {
      const shown = year ?? manilaYear(clock.now());
      const registry = await registryData(user, shown);
      if (!registry.plan) {
        throw notFound(TRACKER_MESSAGES.noPostedPlan(shown), 'TRACKER_NO_POSTED_PLAN');
      }
      const barangay = { code: user.barangayCode, name: user.barangayName };
      return renderRegistry({ barangay, registry, expenseClass, month }, format);
    },

    /** POST /api/tracker/items/:id/commitments: within the class's unobligated balance. */
    async addCommitment(
      user: AuthUser,
      itemId: number,
      input: CommitmentInput,
      ctx: RequestContext,
    ): Promise<Commitment> {
      const now = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        await requireKeeper(trx, user);
        const item = await lockedItem(deps, trx, user, itemId);
        const appropriation = await currentAppropriation(trx, user, item.year, item.reference_code);
        if (!appropriation) {
          throw unprocessable('TRACKER_NOT_IN_PLAN', TRACKER_MESSAGES.notInPlan);
        }
        // A line the city declared inoperative takes no new commitment.
        await refuseInoperative(trx, user, item.year, item.reference_code);
        if (!input.date.startsWith(`${String(item.year)}-`)) {
          throw unprocessable('TRACKER_OUTSIDE_YEAR', TRACKER_MESSAGES.outsideYear(item.year));
        }
        const today = manilaDate(now);
        if (input.date > today) {
          throw unprocessable('TRACKER_FUTURE_DATE', REGISTRY_MESSAGES.futureCommitment(today));
        }
        if (
          input.objectCode &&
          objectOfExpenditure(input.objectCode)?.expenseClass !== input.expenseClass
        ) {
          throw unprocessable(
            'TRACKER_OBJECT_CLASS',
            REGISTRY_MESSAGES.objectClass(input.objectCode, input.expenseClass),
          );
        }
        // Appropriation >= obligations: a commitment takes from what is not yet committed or
        // paid (PD 1445 s. 4(1); RA 7160 s. 305(a) and s. 336, as for disbursements).
        const appropriated = appropriation[input.expenseClass];
        const obligated = await commitmentRepo.obligatedTotal(
          trx,
          user,
          itemId,
          input.expenseClass,
          null,
        );
        const amount = toCentavos(input.amount);
        if (obligated + amount > appropriated) {
          throw unprocessable(
            'TRACKER_OVER_UNOBLIGATED',
            REGISTRY_MESSAGES.overUnobligated(
              input.expenseClass,
              formatPlanPeso(toPesos(appropriated)),
              formatPlanPeso(toPesos(Math.max(0, appropriated - obligated))),
            ),
          );
        }
        // ...and object by object (object-limits.ts).
        const objectCode = await checkObjectLimit(trx, user, {
          item,
          expenseClass: input.expenseClass,
          objectCode: input.objectCode || null,
          amount,
          appropriated,
          excludeDisbursement: null,
        });
        const newId = await commitmentRepo.insertCommitment(trx, user, {
          object_code: objectCode,
          item_id: itemId,
          committed_on: input.date,
          expense_class: input.expenseClass,
          reference: input.reference,
          payee: input.payee,
          particulars: input.particulars,
          amount_cents: amount,
          cancelled_at: null,
          cancelled_by: null,
          recorded_by: user.id,
          recorded_at: now.toISOString(),
        });
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_ADD_COMMITMENT',
          description: `${user.username} recorded a ${input.expenseClass} commitment of ${formatPlanPeso(input.amount)} to ${input.payee} for ${item.reference_code} (${input.reference})`,
          newValue: {
            id: newId,
            itemId,
            referenceCode: item.reference_code,
            date: input.date,
            expenseClass: input.expenseClass,
            reference: input.reference,
            payee: input.payee,
            particulars: input.particulars,
            amount: toPesos(amount),
            objectCode,
          },
        });
        return newId;
      });
      const row = (await commitmentRepo.commitmentsOf(db, user, { itemId })).find(
        (c) => c.id === id,
      );
      if (!row) {
        throw commitmentNotFound();
      }
      return {
        ...commitmentValue(row),
        paid: 0,
        unpaid: toPesos(row.amount_cents),
        cancelled: false,
        recordedBy: row.recorded_by_name,
        recordedAt: row.recorded_at,
        payments: [],
        objectCode: row.object_code,
      };
    },

    /** POST /api/tracker/commitments/:id/cancel: only while nothing was paid against it. */
    async cancelCommitment(user: AuthUser, id: number, ctx: RequestContext): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await requireKeeper(trx, user);
        const found = await commitmentRepo.findCommitment(trx, user, id);
        const item = found ? await lockedItem(deps, trx, user, found.item_id) : undefined;
        const old = item ? await commitmentRepo.findCommitment(trx, user, id) : undefined;
        if (!item || !old) {
          throw commitmentNotFound();
        }
        if (old.cancelled_at !== null) {
          throw unprocessable(
            'TRACKER_COMMITMENT_CANCELLED',
            REGISTRY_MESSAGES.commitmentCancelledState,
          );
        }
        if ((await commitmentRepo.paidAgainst(trx, user, id, null)) > 0) {
          throw unprocessable(
            'TRACKER_COMMITMENT_HAS_PAYMENTS',
            REGISTRY_MESSAGES.commitmentHasPayments,
          );
        }
        await commitmentRepo.cancelCommitment(trx, user, id, user.id, now.toISOString());
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_CANCEL_COMMITMENT',
          description: `${user.username} cancelled commitment ${old.reference} of ${item.reference_code}`,
          oldValue: { ...commitmentValue(old), referenceCode: item.reference_code },
          newValue: { id, cancelled: true },
        });
      });
    },

    /**
     * PUT /api/tracker/budget-monitoring-officer: assigning the council's Budget Monitoring
     * Officer duty (council/duties.ts) with this route's codes: an active SK official of the
     * barangay other than the treasurer (the holder of the treasurer's duty, or the treasurer
     * named in the newest posted plan); null clears it.
     */
    async designateOfficer(
      user: AuthUser,
      userId: number | null,
      ctx: RequestContext,
    ): Promise<void> {
      if (!can(user, 'tracker.designate')) {
        throw forbidden(REGISTRY_MESSAGES.designateForbidden, 'TRACKER_BMO_FORBIDDEN');
      }
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (userId !== null) {
          // The treasurer named in the newest posted plan, where the council has not yet given
          // the treasurer's duty to an account.
          const account = (await commitmentRepo.barangayAccounts(trx, user)).find(
            (a) => a.id === userId,
          );
          const treasurer = await commitmentRepo.treasurerName(trx, user);
          if (account && treasurer && nameKey(treasurer) === nameKey(account.full_name)) {
            throw unprocessable('TRACKER_BMO_TREASURER', REGISTRY_MESSAGES.officerTreasurer);
          }
        }
        await assignDuty(trx, user, 'bmo', userId, ctx, now, {
          forbidden: () => forbidden(REGISTRY_MESSAGES.designateForbidden, 'TRACKER_BMO_FORBIDDEN'),
          invalid: () => unprocessable('TRACKER_BMO_INVALID', REGISTRY_MESSAGES.officerInvalid),
          sole: () => unprocessable('TRACKER_BMO_TREASURER', REGISTRY_MESSAGES.officerTreasurer),
        });
      });
    },
  };
}
