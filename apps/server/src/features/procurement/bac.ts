// The SK's Bids and Awards Committee (contract procurement.ts): constituted by the chairperson's
// order, as the Head of the Procuring Entity, under GPPB Circular No. 07-2019: 5 to 7 members
// (procurement-rules.ts), SK officials other than the chairperson and the treasurer, a chair and a
// vice chair among them, a secretariat and the inspector of deliveries.
import {
  PROCUREMENT_MESSAGES,
  PROCUREMENT_RULES,
  can,
  effectiveRole,
  procurementRule,
  type Bac,
  type BacAnswer,
  type BacInputSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { candidatesOf, holderOf } from '../council/duties.ts';
import { lockBarangay } from '../council/repository.ts';
import { accountsOf } from './accounts-repository.ts';
import * as repo from './repository.ts';

export const PROCUREMENT_MODULE = 'Procurement';

export const unprocessable = (code: string, message: string) => new AppError(code, message, 422);
export const bacForbidden = () =>
  forbidden(PROCUREMENT_MESSAGES.forbidden, 'PROCUREMENT_FORBIDDEN');

type BacInput = z.output<typeof BacInputSchema>;

export async function bacView(db: Executor, scope: BarangayScope): Promise<Bac | null> {
  const bac = await repo.bacOf(db, scope);
  if (!bac) {
    return null;
  }
  const members = await repo.bacMembersOf(db, bac.id);
  return {
    orderNumber: bac.order_number,
    orderDate: bac.order_date,
    members: members.map((m) => ({ userId: m.user_id, name: m.name, role: m.role })),
    updatedAt: bac.updated_at,
    updatedBy: bac.updated_by_name,
  };
}

/** GET /api/procurement/bac. */
export async function bacAnswer(
  db: Executor,
  user: AuthUser,
  scope: BarangayScope,
): Promise<BacAnswer> {
  const canManage = can(user, 'procurement.constitute');
  const [bac, candidates, treasurer] = await Promise.all([
    bacView(db, scope),
    canManage ? candidatesOf(db, scope) : Promise.resolve([]),
    holderOf(db, scope, 'treasurer'),
  ]);
  return {
    bac,
    candidates: candidates.map((c) => ({ ...c, treasurer: c.userId === treasurer?.id })),
    canManage,
    rules: [...PROCUREMENT_RULES],
  };
}

/** The BAC's size rule for a year (the order's). */
function sizeRule(year: number) {
  return {
    least: procurementRule('bac-min-members', year).value,
    most: procurementRule('bac-max-members', year).value,
  };
}

/**
 * PUT /api/procurement/bac: validates the order against the rules (422 with the rule's words) and
 * saves it with its audit entry in one transaction.
 */
export async function saveBac(
  db: AppDb,
  user: AuthUser,
  input: BacInput,
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  if (!can(user, 'procurement.constitute')) {
    throw bacForbidden();
  }
  await db.transaction().execute(async (trx) => {
    await lockBarangay(trx, user);
    const named = [
      ...input.memberIds,
      ...input.secretariatIds,
      input.inspectorId,
      input.chairId,
      input.viceChairId,
    ];
    const accounts = await accountsOf(trx, user, named);
    // The chairperson first: the HoPE is never on the BAC, whatever else is wrong.
    if (named.some((id) => effectiveRole(accounts.get(id)?.position) === 'SKC')) {
      throw unprocessable('PROCUREMENT_BAC_CHAIR', PROCUREMENT_MESSAGES.bacChair);
    }
    const treasurer = await holderOf(trx, user, 'treasurer');
    const onBac = [...input.memberIds, input.inspectorId];
    if (treasurer && onBac.includes(treasurer.id)) {
      throw unprocessable('PROCUREMENT_BAC_TREASURER', PROCUREMENT_MESSAGES.bacTreasurer);
    }
    const { least, most } = sizeRule(Number(input.orderDate.slice(0, 4)));
    const ids = input.memberIds;
    if (ids.length < least || ids.length > most) {
      throw unprocessable('PROCUREMENT_BAC_SIZE', PROCUREMENT_MESSAGES.bacSize(least, most));
    }
    const candidates = new Map(
      (await candidatesOf(trx, user)).map((c) => [c.userId, c.name] as const),
    );
    if (
      new Set(ids).size !== ids.length ||
      new Set(input.secretariatIds).size !== input.secretariatIds.length ||
      named.some((id) => !candidates.has(id))
    ) {
      throw unprocessable('PROCUREMENT_BAC_MEMBER_INVALID', PROCUREMENT_MESSAGES.bacMemberInvalid);
    }
    if (
      input.chairId === input.viceChairId ||
      !ids.includes(input.chairId) ||
      !ids.includes(input.viceChairId)
    ) {
      throw unprocessable('PROCUREMENT_BAC_OFFICERS', PROCUREMENT_MESSAGES.bacOfficers);
    }
    const name = (id: number) => candidates.get(id) ?? '';
    const members: repo.BacMemberRow[] = [
      { user_id: input.chairId, role: 'chair', name: name(input.chairId) },
      { user_id: input.viceChairId, role: 'vice chair', name: name(input.viceChairId) },
      ...ids
        .filter((id) => id !== input.chairId && id !== input.viceChairId)
        .map((id) => ({ user_id: id, role: 'member' as const, name: name(id) })),
      ...input.secretariatIds.map((id) => ({
        user_id: id,
        role: 'secretariat' as const,
        name: name(id),
      })),
      { user_id: input.inspectorId, role: 'inspector', name: name(input.inspectorId) },
    ];
    const before = await bacView(trx, user);
    await repo.saveBac(
      trx,
      user,
      {
        order_number: input.orderNumber,
        order_date: input.orderDate,
        user: user.id,
        at: at.toISOString(),
      },
      members,
    );
    await writeAudit(trx, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: PROCUREMENT_MODULE,
      ip: ctx.ip,
      at,
      action: before ? 'PROCUREMENT_BAC_CHANGED' : 'PROCUREMENT_BAC_CONSTITUTED',
      description: `${user.username} ${before ? 'changed' : 'constituted'} the BAC by SK Order No. ${input.orderNumber} of ${input.orderDate}: ${members.map((m) => `${m.name} (${m.role})`).join(', ')}`,
      oldValue: before,
      newValue: {
        orderNumber: input.orderNumber,
        orderDate: input.orderDate,
        members: members.map((m) => ({ userId: m.user_id, role: m.role })),
      },
    });
  });
}
