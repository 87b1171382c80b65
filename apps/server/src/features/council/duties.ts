// Council duties (contract: council-duties.ts): the SK chairperson gives the treasurer's, the
// secretary's and the Budget Monitoring Officer's duties to the council's accounts. The duties
// are rows of `council_duties` (with their sources); `council_duty_holders` says who holds each
// duty of a barangay. A holder counts only while the account is an active (not archived) SK
// official of that barangay: an account archived or moved to another role holds nothing, and
// archiving or a role change releases its duties in the same transaction.
import {
  COUNCIL_DUTIES,
  COUNCIL_DUTY_MESSAGES,
  COUNCIL_DUTY_NAMES,
  can,
  effectiveRole,
  isCouncilDuty,
  type CouncilDuty,
  type CouncilDutyRow,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { lockBarangay } from './repository.ts';

export const COUNCIL_MODULE = 'Council duties';

/** An account holding a duty, as the duty's rights and documents need it. */
export interface DutyHolder {
  id: number;
  full_name: string;
  assigned_at: string;
}

const qualifies = (row: { position: string | null; is_archived: number }) =>
  row.is_archived === 0 && effectiveRole(row.position) === 'SKO';

/** Every holder of the barangay's duties that still qualifies, by duty. */
export async function holdersOf(
  db: Executor,
  scope: BarangayScope,
): Promise<Map<CouncilDuty, DutyHolder>> {
  const rows = await db
    .selectFrom('council_duty_holders as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.duty', 'u.id', 'u.full_name', 'u.position', 'u.is_archived', 'h.assigned_at'])
    .where('h.barangay_id', '=', scope.barangayId)
    .where('u.barangay_id', '=', scope.barangayId)
    .execute();
  const holders = new Map<CouncilDuty, DutyHolder>();
  for (const row of rows) {
    if (isCouncilDuty(row.duty) && qualifies(row)) {
      holders.set(row.duty, { id: row.id, full_name: row.full_name, assigned_at: row.assigned_at });
    }
  }
  return holders;
}

/** The holder of one duty of the barangay, if any and still qualified. */
export async function holderOf(
  db: Executor,
  scope: BarangayScope,
  duty: CouncilDuty,
): Promise<DutyHolder | undefined> {
  return (await holdersOf(db, scope)).get(duty);
}

/** Whether the user holds the duty in the user's own barangay. */
export async function holds(db: Executor, user: AuthUser, duty: CouncilDuty): Promise<boolean> {
  return (await holderOf(db, user, duty))?.id === user.id;
}

/**
 * The duties each of these accounts holds (for lists of accounts and the user's own profile),
 * in the duties' order; accounts that no longer qualify hold none.
 */
export async function dutiesOfAccounts(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, CouncilDuty[]>> {
  const result = new Map<number, CouncilDuty[]>();
  if (userIds.length === 0) {
    return result;
  }
  const rows = await db
    .selectFrom('council_duty_holders as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.duty', 'u.id', 'u.position', 'u.is_archived'])
    .whereRef('u.barangay_id', '=', 'h.barangay_id')
    .where('h.user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const row of rows) {
    if (isCouncilDuty(row.duty) && qualifies(row)) {
      result.set(row.id, [...(result.get(row.id) ?? []), row.duty]);
    }
  }
  for (const [id, duties] of result) {
    result.set(
      id,
      COUNCIL_DUTIES.filter((d) => duties.includes(d)),
    );
  }
  return result;
}

/** Active SK official accounts of the barangay: whom a duty may go to. */
export async function candidatesOf(db: Executor, scope: BarangayScope) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'position', 'is_archived'])
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .orderBy('full_name')
    .execute();
  return rows.filter(qualifies).map((a) => ({ userId: a.id, name: a.full_name }));
}

/** GET /api/council/duties: the barangay's duties, their sources and holders. */
export async function listDuties(
  db: Executor,
  user: AuthUser,
): Promise<{
  duties: CouncilDutyRow[];
  canAssign: boolean;
  candidates: { userId: number; name: string }[];
}> {
  const [reference, holders, candidates] = await Promise.all([
    db
      .selectFrom('council_duties')
      .select(['code', 'name', 'source'])
      .orderBy('sort_order')
      .execute(),
    holdersOf(db, user),
    candidatesOf(db, user),
  ]);
  const canAssign = can(user, 'council.assign');
  return {
    duties: reference.flatMap((row) => {
      if (!isCouncilDuty(row.code)) {
        return [];
      }
      const holder = holders.get(row.code);
      return [
        {
          duty: row.code,
          name: row.name,
          source: row.source,
          holder: holder
            ? { userId: holder.id, name: holder.full_name, assignedAt: holder.assigned_at }
            : null,
        },
      ];
    }),
    canAssign,
    candidates: canAssign ? candidates : [],
  };
}

/** Refusals an older route keeps its own codes for (the KK secretary's, the BMO's). */
export interface DutyRefusals {
  forbidden?: () => AppError;
  invalid?: () => AppError;
  sole?: () => AppError;
}

const unprocessable = (code: string, message: string) => new AppError(code, message, 422);

/**
 * PUT /api/council/duties/:duty (and the older PUT /api/kk/secretary and
 * PUT /api/tracker/budget-monitoring-officer): the chairperson gives the duty to an active SK
 * official of the barangay, or releases it (`userId` null); audited with the old and new holder.
 * Runs in the caller's transaction. Answers whether anything changed.
 */
export async function assignDuty(
  trx: Executor,
  user: AuthUser,
  duty: CouncilDuty,
  userId: number | null,
  ctx: RequestContext,
  at: Date,
  refusals: DutyRefusals = {},
): Promise<boolean> {
  if (!can(user, 'council.assign')) {
    throw (
      refusals.forbidden?.() ?? forbidden(COUNCIL_DUTY_MESSAGES.forbidden, 'COUNCIL_DUTY_FORBIDDEN')
    );
  }
  await lockBarangay(trx, user);
  const holders = await holdersOf(trx, user);
  const old = holders.get(duty);
  let name: string | null = null;
  if (userId !== null) {
    const account = await trx
      .selectFrom('users')
      .select(['id', 'full_name', 'position', 'is_archived'])
      .where('id', '=', userId)
      .where('barangay_id', '=', user.barangayId)
      .executeTakeFirst();
    if (account && account.is_archived === 0 && effectiveRole(account.position) === 'SKC') {
      throw duty === 'treasurer'
        ? (refusals.invalid?.() ??
            unprocessable('COUNCIL_DUTY_CHAIR_TREASURER', COUNCIL_DUTY_MESSAGES.chairTreasurer))
        : (refusals.invalid?.() ??
            unprocessable('COUNCIL_DUTY_CHAIR', COUNCIL_DUTY_MESSAGES.chairHolder));
    }
    if (!account || !qualifies(account)) {
      throw (
        refusals.invalid?.() ??
        unprocessable('COUNCIL_DUTY_INVALID', COUNCIL_DUTY_MESSAGES.invalidHolder)
      );
    }
    const sole = await trx
      .selectFrom('council_duties')
      .select(['code', 'sole'])
      .where('sole', '=', 1)
      .execute();
    const soleDuties = new Set(sole.map((s) => s.code));
    const others = [...holders].filter(([d, h]) => d !== duty && h.id === userId).map(([d]) => d);
    if (others.length > 0 && (soleDuties.has(duty) || others.some((d) => soleDuties.has(d)))) {
      throw (
        refusals.sole?.() ??
        unprocessable('COUNCIL_DUTY_SOLE', COUNCIL_DUTY_MESSAGES.treasurerAlone)
      );
    }
    if (old?.id === userId) {
      return false;
    }
    name = account.full_name;
  } else if (!old) {
    // Nothing to release; still clear a holder that no longer qualifies.
    await trx
      .deleteFrom('council_duty_holders')
      .where('barangay_id', '=', user.barangayId)
      .where('duty', '=', duty)
      .execute();
    return false;
  }
  await trx
    .deleteFrom('council_duty_holders')
    .where('barangay_id', '=', user.barangayId)
    .where('duty', '=', duty)
    .execute();
  if (userId !== null) {
    await trx
      .insertInto('council_duty_holders')
      .values({
        barangay_id: user.barangayId,
        duty,
        user_id: userId,
        assigned_by: user.id,
        assigned_at: at.toISOString(),
      })
      .execute();
  }
  const dutyName = COUNCIL_DUTY_NAMES[duty];
  await writeAudit(trx, {
    scope: user,
    userId: user.id,
    username: user.username,
    module: COUNCIL_MODULE,
    action: userId === null ? 'COUNCIL_DUTY_RELEASED' : 'COUNCIL_DUTY_ASSIGNED',
    description:
      userId === null
        ? `${user.username} released ${old?.full_name ?? 'the holder'} from the duty of ${dutyName}`
        : `${user.username} gave the duty of ${dutyName} to ${name ?? ''}${old ? ` (before: ${old.full_name})` : ''}`,
    oldValue: old ? { duty, userId: old.id, name: old.full_name } : { duty, userId: null },
    newValue: { duty, userId, name },
    ip: ctx.ip,
    at,
  });
  return true;
}

/**
 * Releases every duty an account holds (it is archived, or no longer an SK official), in the
 * caller's transaction; audited as the administrator's act. Answers the duties released.
 */
export async function releaseDutiesOf(
  trx: Executor,
  admin: AuthUser,
  target: { id: number; full_name: string },
  why: string,
  ctx: RequestContext,
  at: Date,
): Promise<CouncilDuty[]> {
  const rows = await trx
    .selectFrom('council_duty_holders')
    .select('duty')
    .where('barangay_id', '=', admin.barangayId)
    .where('user_id', '=', target.id)
    .execute();
  const duties = COUNCIL_DUTIES.filter((d) => rows.some((r) => r.duty === d));
  if (rows.length === 0) {
    return duties;
  }
  await trx
    .deleteFrom('council_duty_holders')
    .where('barangay_id', '=', admin.barangayId)
    .where('user_id', '=', target.id)
    .execute();
  for (const duty of duties) {
    await writeAudit(trx, {
      scope: admin,
      userId: admin.id,
      username: admin.username,
      module: COUNCIL_MODULE,
      action: 'COUNCIL_DUTY_RELEASED',
      description: `${target.full_name} no longer holds the duty of ${COUNCIL_DUTY_NAMES[duty]}: ${why}`,
      oldValue: { duty, userId: target.id, name: target.full_name },
      newValue: { duty, userId: null, name: null },
      ip: ctx.ip,
      at,
    });
  }
  return duties;
}
