import { computePlanTotals, type PlanInput } from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppTransaction } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type * as repo from './repository.ts';

export const PLANS_MODULE = 'Budget Planning';

/** A short summary for audit entries (old and new values). */
export function auditSummary(plan: PlanInput & { status?: string; version?: number }) {
  const totals = computePlanTotals(plan);
  return {
    ...(plan.status ? { status: plan.status } : {}),
    ...(plan.version ? { version: plan.version } : {}),
    tenPercentShare: totals.tenPercentShare,
    receipts: totals.receipts,
    appropriations: totals.appropriations,
    ps: totals.ps,
    training: totals.training,
    lines: plan.lines.length,
    honoraria: plan.honoraria.length,
  };
}

export const planLabel = (row: repo.PlanRow) =>
  `${String(row.year)} budget plan${row.amendment > 0 ? ` (${row.kind} ${String(row.amendment)})` : ''}`;

export function audit(
  trx: AppTransaction,
  user: AuthUser,
  ctx: RequestContext,
  at: Date,
  entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
) {
  return writeAudit(trx, {
    scope: user,
    userId: user.id,
    username: user.username,
    module: PLANS_MODULE,
    ip: ctx.ip,
    at,
    ...entry,
  });
}
