import { manilaYear } from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, AppTransaction } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import * as commitmentRepo from '../tracker/commitment-repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { addDays } from '../tracker/figures.ts';
import { itemHonorariaPosition } from '../tracker/honoraria.ts';
import * as trackerRepo from '../tracker/repository.ts';
import * as repo from './repository.ts';
import { BOOKS_MODULE } from './service.ts';

/**
 * The demo's books (SEED_DEMO_VOUCHERS, on with SEED_DEMO): San Bartolome's treasurer and Budget
 * Monitoring Officer (two more SK officials, `sb.treasurer` and `sb.bmo`, the demo password, each
 * given the duty by the chairperson) and, on the current year's lines nothing was paid from yet,
 * commitments with vouchers in every state: a draft, a certified one, an approved one, two paid
 * by check and one paid and reversed (its check spoiled). Once: not when `sb.treasurer` exists.
 */

const PEOPLE = [
  { username: 'sb.treasurer', fullName: 'Carla Mendoza', duty: 'treasurer' as const },
  { username: 'sb.bmo', fullName: 'Paolo Navarro', duty: 'bmo' as const },
];

const SUPPLIERS = [
  { payee: 'Bayanihan Medical Supply', tin: '004-512-338-000', address: 'Quirino Hwy, Novaliches' },
  {
    payee: 'Novaliches Print Shop',
    tin: '215-774-901-000',
    address: 'Gen. Luis St., San Bartolome',
  },
  { payee: 'Kaagapay Sports Center', tin: '306-118-452-000', address: 'Susano Rd., Novaliches' },
];

export async function seedDemoVouchers(
  db: AppDb,
  enabled: boolean,
  hash: (password: string) => Promise<string>,
  now: Date,
): Promise<boolean> {
  if (!enabled) {
    return false;
  }
  const chair = await db
    .selectFrom('users')
    .select(['id', 'barangay_id'])
    .where('username', '=', 'sb.chair')
    .executeTakeFirst();
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'sb.treasurer')
    .executeTakeFirst();
  if (!chair || taken) {
    return false;
  }
  const scope: BarangayScope = { barangayId: chair.barangay_id };
  const year = manilaYear(now);
  if (!(await trackerRepo.newestPostedPlan(db, scope, year))) {
    return false;
  }
  const password = await hash(DEMO_PASSWORD);
  await db.transaction().execute((trx) => seed(trx, scope, chair.id, year, password, now));
  return true;
}

async function seed(
  trx: AppTransaction,
  scope: BarangayScope,
  chairId: number,
  year: number,
  password: string,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const ids: Record<string, number> = {};
  for (const [i, person] of PEOPLE.entries()) {
    const row = await trx
      .insertInto('users')
      .values({
        barangay_id: scope.barangayId,
        username: person.username,
        username_key: person.username,
        password_hash: password,
        full_name: person.fullName,
        position: 'SKO',
        email: `${person.username}.demo@gmail.com`,
        phone: `0917000020${String(i)}`,
        is_default_password: 0,
        follows_current_term: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[person.duty] = row.id;
    await trx
      .deleteFrom('council_duty_holders')
      .where('barangay_id', '=', scope.barangayId)
      .where('duty', '=', person.duty)
      .execute();
    await trx
      .insertInto('council_duty_holders')
      .values({
        barangay_id: scope.barangayId,
        duty: person.duty,
        user_id: row.id,
        assigned_by: chairId,
        assigned_at: stamp,
      })
      .execute();
  }
  const treasurer = ids.treasurer ?? chairId;
  const bmo = ids.bmo ?? chairId;

  // Lines of this year with MOOE and nothing paid or committed on it yet.
  const lines = new Map<string, { mooe: number; ppa: string }>();
  const plan = await trackerRepo.newestPostedPlan(trx, scope, year);
  for (const line of await trackerRepo.postedLines(trx, scope, year)) {
    if (line.plan_id === plan?.id && line.mooe > 0) {
      lines.set(line.reference_code, { mooe: line.mooe, ppa: line.ppa });
    }
  }
  const today = manilaDate(now);
  const start = `${String(year)}-01-01`;
  const span = Math.max(0, (Date.parse(today) - Date.parse(start)) / 86_400_000);
  const dateAt = (share: number) => addDays(start, Math.floor(span * share));
  const free: { id: number; mooe: number }[] = [];
  for (const item of await trackerRepo.itemsOfYear(trx, scope, year)) {
    const line = lines.get(item.reference_code);
    if (!line || itemHonorariaPosition(year, item.reference_code) !== null) {
      continue;
    }
    const held = await commitmentRepo.obligatedTotal(trx, scope, item.id, 'MOOE', null);
    const paid = await trackerRepo.classTotal(trx, scope, item.id, 'MOOE', null);
    if (held === 0 && paid === 0) {
      free.push({ id: item.id, mooe: line.mooe });
    }
  }
  // Per voucher: its state and the share of its line's MOOE it pays.
  const plans: {
    state: 'draft' | 'certified' | 'approved' | 'paid' | 'reversed';
    share: number;
  }[] = [
    { state: 'paid', share: 0.3 },
    { state: 'paid', share: 0.2 },
    { state: 'reversed', share: 0.1 },
    { state: 'approved', share: 0.15 },
    { state: 'certified', share: 0.1 },
    { state: 'draft', share: 0.05 },
  ];
  let check = 1_001;
  for (const [n, item] of free.slice(0, 3).entries()) {
    const supplier = SUPPLIERS[n % SUPPLIERS.length] ?? SUPPLIERS[0];
    if (!supplier) {
      continue;
    }
    const committedOn = dateAt(0.2 + n * 0.1);
    const amount = Math.floor((item.mooe * 0.9) / 100) * 100;
    const commitmentId = await commitmentRepo.insertCommitment(trx, scope, {
      item_id: item.id,
      committed_on: committedOn,
      expense_class: 'MOOE',
      reference: `PO-${String(year)}-${String(n + 1).padStart(3, '0')}`,
      payee: supplier.payee,
      particulars: 'Supplies and services for the activity',
      amount_cents: amount,
      cancelled_at: null,
      cancelled_by: null,
      recorded_by: bmo,
      recorded_at: stamp,
    });
    for (const [k, voucher] of plans.entries()) {
      if (k % 3 !== n && n < 2) {
        continue; // Spread the states over the lines; the third line takes them all.
      }
      const cents = Math.floor((item.mooe * voucher.share) / 100) * 100;
      if (cents <= 0) {
        continue;
      }
      const prepared = dateAt(0.3 + k * 0.08);
      const paidOn = addDays(prepared, 3) > today ? today : addDays(prepared, 3);
      const isPaid = voucher.state === 'paid' || voucher.state === 'reversed';
      const number = await repo.nextVoucherNumber(trx, scope, prepared);
      const checkNumber = isPaid ? String(check++).padStart(7, '0') : '';
      const id = await repo.insertVoucher(trx, scope, {
        item_id: item.id,
        disbursed_on: isPaid ? paidOn : prepared,
        amount_cents: cents,
        expense_class: 'MOOE',
        reference: isPaid ? `Check ${checkNumber}` : number,
        note: '',
        recorded_by: treasurer,
        recorded_at: stamp,
        commitment_id: commitmentId,
        status: voucher.state === 'reversed' ? 'paid' : voucher.state,
        dv_number: number,
        payee: supplier.payee,
        payee_tin: supplier.tin,
        payee_address: supplier.address,
        particulars: `Supplies and services for the activity (part ${String(k + 1)})`,
        object_code: '5-02-03-990',
        prepared_on: prepared,
        certified_by: voucher.state === 'draft' ? null : bmo,
        certified_at: voucher.state === 'draft' ? null : stamp,
        approved_by: ['approved', 'paid', 'reversed'].includes(voucher.state) ? chairId : null,
        approved_at: ['approved', 'paid', 'reversed'].includes(voucher.state) ? stamp : null,
        pay_mode: isPaid ? 'check' : null,
        check_number: checkNumber,
        bank: isPaid ? 'Land Bank of the Philippines' : '',
        paid_by: isPaid ? treasurer : null,
        paid_at: isPaid ? stamp : null,
        reverses_id: null,
        reversed_at: voucher.state === 'reversed' ? stamp : null,
        reversed_by: voucher.state === 'reversed' ? treasurer : null,
        reversal_reason: voucher.state === 'reversed' ? 'Check spoiled: a new voucher follows' : '',
      });
      if (voucher.state === 'reversed') {
        await repo.insertVoucher(trx, scope, {
          item_id: item.id,
          disbursed_on: paidOn,
          amount_cents: -cents,
          expense_class: 'MOOE',
          reference: `Reversal of ${number}`,
          note: 'Check spoiled: a new voucher follows',
          recorded_by: treasurer,
          recorded_at: stamp,
          commitment_id: commitmentId,
          status: 'paid',
          dv_number: null,
          payee: supplier.payee,
          particulars: `Supplies and services for the activity (part ${String(k + 1)})`,
          object_code: '5-02-03-990',
          prepared_on: paidOn,
          certified_by: null,
          certified_at: null,
          approved_by: null,
          approved_at: null,
          pay_mode: 'check',
          paid_by: treasurer,
          paid_at: stamp,
          reverses_id: id,
          reversed_at: null,
          reversed_by: null,
          reversal_reason: 'Check spoiled: a new voucher follows',
        });
      }
    }
    // A line with a purchase order and payments is under way: ongoing since its order.
    await trx
      .updateTable('tracker_items')
      .set({ status: 'ongoing', actual_start: committedOn })
      .where('id', '=', item.id)
      .where('status', '=', 'not started')
      .execute();
  }
  await writeAudit(trx, {
    scope,
    userId: null,
    username: 'system',
    module: BOOKS_MODULE,
    action: 'DEMO_VOUCHERS_SEEDED',
    description: `Demo disbursement vouchers of ${String(year)} created`,
    at: now,
  });
}
