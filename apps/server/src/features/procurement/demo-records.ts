import { approvePlan } from './plan.ts';
import {
  AbstractInputSchema,
  InspectionInputSchema,
  OrderInputSchema,
  QuotationsInputSchema,
  RequestInputSchema,
  ResolutionInputSchema,
  SupplierInputSchema,
  VoucherInputSchema,
  VoucherPaymentSchema,
  UpdateTrackerItemSchema,
  addDays,
  manilaYear,
  procurementRule,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, DialectName } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { createBooksService } from '../books/service.ts';
import { createTrackerService } from '../tracker/service.ts';
import * as commitmentRepo from '../tracker/commitment-repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { itemHonorariaPosition } from '../tracker/honoraria.ts';
import * as trackerRepo from '../tracker/repository.ts';
import { approveOrder, saveAbstract, saveQuotations, saveResolution } from './awards.ts';
import { PROCUREMENT_MODULE } from './bac.ts';
import { DEMO_CONTEXT, demoActor } from './demo-seed.ts';
import { recordInspection } from './inspections.ts';
import { createRequest, requestOf } from './requests.ts';
import { RECORDS, SUPPLIERS, type DemoSupplier, type SupplierKey } from './demo-records-data.ts';
import { saveSupplier } from './suppliers.ts';

/**
 * The demo's procurement records (SEED_DEMO_PROCUREMENT, after the demo BAC and the books'
 * demo): on San Bartolome's current year, made through the services as the BAC, the
 * chairperson, the inspector and the treasurer would (each step validated and audited), on
 * lines of the posted plan not started or ongoing that nothing was committed or paid on yet, each
 * preferring the activity it serves (demo-records-data.ts):
 * - A: packed meals, ₱18,000: three quotations, the lowest awarded, resolution, order,
 *   inspection and acceptance of the whole delivery, a voucher paid by check;
 * - B: school supplies, ₱54,500, above the posting threshold: posted on PhilGEPS for the
 *   rule's days, resolved after the posting period, delivered and accepted in two deliveries,
 *   then paid;
 * - C: printing for the KK assembly, ₱12,000: the BAC's award to the second-lowest quotation is refused without a
 *   written justification (the service answers 422 PROCUREMENT_AWARD_NOT_LOWEST, and a refused
 *   request leaves no row) and made with one, which the abstract and the resolution print;
 *   ordered, accepted and paid;
 * - D: snacks for the KK assembly, in progress: quotations recorded, no abstract or resolution.
 * The dates run back from today, never before the year's first day (early in January the steps
 * share it; a resolution the posting period does not allow yet is left undone, and so is the
 * rest). Once: not when San Bartolome has a purchase request of the year.
 */

export interface ProcurementDemoDeps {
  db: AppDb;
  dialect: DialectName;
  storage: DocumentStorage;
}

export async function seedDemoProcurement(
  deps: ProcurementDemoDeps,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  if (!enabled) {
    return false;
  }
  const year = manilaYear(now);
  const [chair, secretariat, bacChair, inspector] = await Promise.all(
    ['sb.chair', 'sb.bmo', 'sb.kagawad1', 'sb.kagawad4'].map((u) => demoActor(db, u, now)),
  );
  const clerk = secretariat ?? (await demoActor(db, 'sb.official', now));
  if (!chair || !clerk || !bacChair || !inspector) {
    return false;
  }
  const done = await db
    .selectFrom('procurement_requests')
    .select('id')
    .where('barangay_id', '=', chair.barangayId)
    .where('year', '=', year)
    .executeTakeFirst();
  if (done || !(await trackerRepo.newestPostedPlan(db, chair, year))) {
    return false;
  }
  // The chairperson approved the year's APP: the public board shows it.
  await approvePlan(db, chair, year, DEMO_CONTEXT, now);
  const supplierIds = new Map<SupplierKey, number>();
  for (const [key, s] of Object.entries(SUPPLIERS) as [SupplierKey, DemoSupplier][]) {
    const saved = await saveSupplier(
      db,
      clerk,
      null,
      SupplierInputSchema.parse(s),
      DEMO_CONTEXT,
      now,
    );
    supplierIds.set(key, saved.id);
  }
  const lines = await freeLines(db, chair, year);
  const today = manilaDate(now);
  const yearStart = `${String(year)}-01-01`;
  const day = (daysAgo: number) => {
    const d = addDays(today, -daysAgo);
    return d < yearStart ? yearStart : d;
  };
  const at = (date: string) => new Date(`${date}T02:00:00.000Z`);
  const treasurer = await demoActor(db, 'sb.treasurer', now);
  for (const [index, record] of RECORDS.entries()) {
    const serial = String(index + 1).padStart(3, '0');
    const total = record.items.reduce((s, i) => s + i.quantity * i.unitCost, 0);
    const line = lineFor(lines, record.lineHints, total * 100);
    if (!line) {
      continue;
    }
    // Two records of one activity share its line, within what the first left.
    line.mooe -= total * 100;
    const requested = day(record.daysAgo);
    const id = await createRequest(
      db,
      clerk,
      RequestInputSchema.parse({
        lineRef: line.ref,
        year,
        purpose: record.purpose,
        items: record.items,
      }),
      DEMO_CONTEXT,
      at(requested),
    );
    await saveQuotations(
      db,
      clerk,
      id,
      QuotationsInputSchema.parse({
        quotations: record.quotations.map(([key, amount]) => ({
          supplierId: supplierIds.get(key),
          amount,
        })),
      }),
      DEMO_CONTEXT,
      at(requested),
    );
    if (!record.award) {
      continue;
    }
    const awardTo = supplierIds.get(record.award.to) ?? 0;
    const abstractOn = day(record.daysAgo - 2);
    if (record.award.justification) {
      // The BAC's first try, without a written justification, is refused by the service.
      await refused(
        () =>
          saveAbstract(
            db,
            clerk,
            id,
            AbstractInputSchema.parse({ awardSupplierId: awardTo }),
            DEMO_CONTEXT,
            at(abstractOn),
          ),
        'PROCUREMENT_AWARD_NOT_LOWEST',
      );
    }
    await saveAbstract(
      db,
      clerk,
      id,
      AbstractInputSchema.parse({
        awardSupplierId: awardTo,
        justification: record.award.justification,
      }),
      DEMO_CONTEXT,
      at(abstractOn),
    );
    const postingDays = procurementRule('posting-days', year).value;
    const resolvedOn = day(record.daysAgo - postingDays - 2);
    const request = await requestOf(db, chair, id, at(resolvedOn));
    if (request.posting.until !== null && resolvedOn <= request.posting.until) {
      continue;
    }
    await saveResolution(
      db,
      bacChair,
      id,
      ResolutionInputSchema.parse({
        number: `${String(year)}-${serial}`,
        date: resolvedOn,
      }),
      DEMO_CONTEXT,
      at(resolvedOn),
      request.splitting.unanswered,
    );
    const orderedOn = day(record.daysAgo - postingDays - 3);
    await approveOrder(
      db,
      chair,
      OrderInputSchema.parse({
        requestId: id,
        // The P.O. number as the form's instructions write it: year, month, serial of the year.
        number: `${orderedOn.slice(0, 7)}-0${serial}`,
        date: orderedOn,
      }),
      DEMO_CONTEXT,
      at(orderedOn),
    );
    const order = (await requestOf(db, chair, id, at(orderedOn))).order;
    if (!order) {
      continue;
    }
    await startItem(deps, chair, line.itemId, orderedOn, at(orderedOn));
    for (const [n, delivery] of (record.deliveries ?? []).entries()) {
      const deliveredOn = day(record.daysAgo - postingDays - 8 - n * 5);
      await recordInspection(
        db,
        inspector,
        InspectionInputSchema.parse({
          orderId: order.id,
          deliveredOn,
          inspectedOn: deliveredOn,
          items: delivery.map((quantity, item) => ({ item, quantity })),
        }),
        DEMO_CONTEXT,
        at(deliveredOn),
      );
    }
    if (treasurer && secretariat && record.deliveries) {
      const paidOn = day(record.daysAgo - postingDays - 10 - record.deliveries.length * 5);
      const objectCode = record.items[0]?.objectCode ?? '5-02-03-990';
      await payOrder(
        deps,
        { treasurer, bmo: secretariat, chair },
        order,
        SUPPLIERS[record.award.to],
        record.purpose,
        objectCode,
        at(paidOn),
      );
    }
  }
  await writeAudit(db, {
    scope: chair,
    userId: null,
    username: 'system',
    module: PROCUREMENT_MODULE,
    action: 'DEMO_PROCUREMENT_SEEDED',
    description: `Demo procurement records of ${String(year)} created`,
    at: now,
  });
  return true;
}

interface FreeLine {
  ref: string;
  itemId: number;
  ppa: string;
  /** Centavos of MOOE left for the demo's requests. */
  mooe: number;
}

/** The first line named by the hints, in their order, with `cents` left; else any with them. */
function lineFor(lines: FreeLine[], hints: readonly string[], cents: number) {
  const fits = lines.filter((l) => l.mooe >= cents);
  for (const hint of hints) {
    const found = fits.find((l) => l.ppa.toLowerCase().includes(hint.toLowerCase()));
    if (found) {
      return found;
    }
  }
  return fits[0];
}

/** Runs a step the service must refuse with `code`; anything else is a seeding error. */
async function refused(step: () => Promise<unknown>, code: string): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof AppError && error.code === code) {
      return;
    }
    throw error;
  }
  throw new Error(`The demo expected ${code}`);
}

/**
 * The current year's lines of the newest posted plan, not started or ongoing, nothing was committed
 * or paid on (MOOE).
 */
async function freeLines(db: AppDb, scope: AuthUser, year: number) {
  const plan = await trackerRepo.newestPostedPlan(db, scope, year);
  const mooe = new Map<string, number>();
  const ppas = new Map<string, string>();
  for (const line of await trackerRepo.postedLines(db, scope, year)) {
    if (line.plan_id === plan?.id && line.mooe > 0) {
      mooe.set(line.reference_code, line.mooe);
      ppas.set(line.reference_code, line.ppa);
    }
  }
  const free: FreeLine[] = [];
  for (const item of await trackerRepo.itemsOfYear(db, scope, year)) {
    const cents = mooe.get(item.reference_code);
    // Not a deferred, cancelled or completed activity: one the SK still carries out.
    const underWay = item.status === 'not started' || item.status === 'ongoing';
    if (!cents || !underWay || itemHonorariaPosition(year, item.reference_code) !== null) {
      continue;
    }
    const held = await commitmentRepo.obligatedTotal(db, scope, item.id, 'MOOE', null);
    const paid = await trackerRepo.classTotal(db, scope, item.id, 'MOOE', null);
    if (held === 0 && paid === 0) {
      free.push({
        ref: item.reference_code,
        itemId: item.id,
        ppa: ppas.get(item.reference_code) ?? '',
        mooe: cents,
      });
    }
  }
  return free;
}

/**
 * A line with a purchase order is under way: ongoing since its order (as the books' demo does),
 * so the tracker does not show it as not started and late.
 */
async function startItem(
  deps: ProcurementDemoDeps,
  chair: AuthUser,
  itemId: number,
  startedOn: string,
  at: Date,
): Promise<void> {
  const item = await trackerRepo.findItem(deps.db, chair, itemId);
  if (item?.status !== 'not started') {
    return;
  }
  const tracker = createTrackerService({ ...deps, clock: { now: () => at } });
  await tracker.updateItem(
    chair,
    itemId,
    UpdateTrackerItemSchema.parse({
      version: item.version,
      status: 'ongoing',
      plannedStart: item.planned_start,
      plannedEnd: item.planned_end,
      actualStart: startedOn,
      actualEnd: null,
      accomplishment: item.accomplishment,
      remarks: item.remarks,
    }),
    DEMO_CONTEXT,
  );
}

/** The order paid in full by one voucher, each step by its officer, on `at`. */
async function payOrder(
  deps: ProcurementDemoDeps,
  who: { treasurer: AuthUser; bmo: AuthUser; chair: AuthUser },
  order: { commitmentId: number; amount: number; number: string },
  payee: DemoSupplier,
  purpose: string,
  objectCode: string,
  at: Date,
): Promise<void> {
  const books = createBooksService({ ...deps, clock: { now: () => at } });
  const voucher = await books.create(
    who.treasurer,
    VoucherInputSchema.parse({
      commitmentId: order.commitmentId,
      objectCode,
      amount: order.amount,
      payee: payee.name,
      payeeTin: payee.tin,
      payeeAddress: payee.address,
      particulars: `${purpose} (PO ${order.number}, delivered, inspected and accepted)`,
    }),
    DEMO_CONTEXT,
  );
  await books.certify(who.bmo, voucher.id, DEMO_CONTEXT);
  await books.approve(who.chair, voucher.id, DEMO_CONTEXT);
  await books.pay(
    who.treasurer,
    voucher.id,
    VoucherPaymentSchema.parse({
      mode: 'check',
      date: manilaDate(at),
      checkNumber: String(2_000 + voucher.id).padStart(7, '0'),
      bank: 'Land Bank of the Philippines',
    }),
    DEMO_CONTEXT,
  );
}
