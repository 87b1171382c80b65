import {
  SKIT_RULES,
  TURNOVER_MESSAGES,
  addDays,
  can,
  toCentavos,
  type SkTerm,
  type Turnover,
  type TurnoverRowInputSchema,
  type TurnoverState,
  type TurnoverTeam,
  type TurnoverTeamInputSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { candidatesOf } from '../council/duties.ts';
import { lockBarangay } from '../council/repository.ts';
import { listTerms } from '../disclosure/repository.ts';
import { listTermRows } from '../terms/repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { inventoryOf } from './inventory.ts';
import * as repo from './repository.ts';

export const TURNOVER_MODULE = 'Turnover';

const unprocessable = (code: string, message: string) => new AppError(code, message, 422);
export const turnoverForbidden = () => forbidden(TURNOVER_MESSAGES.forbidden, 'TURNOVER_FORBIDDEN');
const rowNotFound = () => notFound(TURNOVER_MESSAGES.rowNotFound, 'TURNOVER_ROW_NOT_FOUND');

/**
 * The term `startsOn` names (404 TURNOVER_TERM_NOT_FOUND); without one, the term being handed
 * over while its turnover window runs (the `turnover_days` after its last day: the outgoing
 * council finishes its inventory, the incoming one receives it), else the term running today,
 * else the newest that has begun, else the first.
 */
export async function resolveTerm(
  db: Executor,
  today: string,
  startsOn?: string,
): Promise<{ term: SkTerm; terms: SkTerm[] }> {
  const [terms, rows] = await Promise.all([listTerms(db), listTermRows(db)]);
  const handingOver = rows.find(
    (t) => t.ends_on < today && today <= addDays(t.ends_on, t.turnover_days),
  )?.starts_on;
  const wanted = startsOn ?? handingOver;
  const term =
    wanted === undefined
      ? (terms.find((t) => t.startsOn <= today && today <= t.endsOn) ??
        terms.filter((t) => t.startsOn <= today).at(-1) ??
        terms[0])
      : terms.find((t) => t.startsOn === wanted);
  if (!term) {
    throw notFound(TURNOVER_MESSAGES.termNotFound, 'TURNOVER_TERM_NOT_FOUND');
  }
  return { term, terms };
}

export function stateOf(
  team: Pick<repo.TeamRow, 'signed_on'> | undefined,
  rows: number,
): TurnoverState {
  if (team?.signed_on) {
    return 'signed';
  }
  return team || rows > 0 ? 'in progress' : 'not started';
}

export async function teamView(
  db: Executor,
  team: repo.TeamRow | undefined,
): Promise<TurnoverTeam | null> {
  if (!team) {
    return null;
  }
  const members = await repo.membersOf(db, team.id);
  return {
    orderNumber: team.order_number,
    orderDate: team.order_date,
    members: members.map((m) => ({ userId: m.user_id, name: m.name, role: m.role })),
    createdAt: team.created_at,
    updatedAt: team.updated_at,
  };
}

/** GET /api/turnover: the term's SKIT, state and pre-filled inventory. */
export async function turnoverOf(
  db: Executor,
  user: AuthUser | null,
  scope: BarangayScope,
  now: Date,
  startsOn?: string,
): Promise<Turnover> {
  const today = manilaDate(now);
  const { term, terms } = await resolveTerm(db, today, startsOn);
  const team = await repo.teamOf(db, scope, term.startsOn);
  const canManage = user !== null && can(user, 'turnover.manage');
  const [teamAnswer, inventory, candidates] = await Promise.all([
    teamView(db, team),
    inventoryOf(db, scope, term, now, today),
    canManage ? candidatesOf(db, scope) : Promise.resolve([]),
  ]);
  return {
    term,
    terms,
    state: stateOf(team, inventory.rows.length),
    signedOn: team?.signed_on ?? null,
    team: teamAnswer,
    candidates,
    canManage,
    rules: {
      minMembers: SKIT_RULES.minMembers,
      maxMembers: SKIT_RULES.maxMembers,
      source: SKIT_RULES.source,
      confirmed: SKIT_RULES.confirmed,
    },
    inventory,
    asOf: today,
  };
}

type TeamInput = z.output<typeof TurnoverTeamInputSchema>;
type RowInput = z.output<typeof TurnoverRowInputSchema>;

/** The writes of the turnover: the chairperson's only, each audited in its transaction. */
export function createTurnover(db: AppDb) {
  const audit = (
    trx: Executor,
    user: AuthUser,
    ctx: RequestContext,
    at: Date,
    entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
  ) =>
    writeAudit(trx, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: TURNOVER_MODULE,
      ip: ctx.ip,
      at,
      ...entry,
    });

  /** The open team of the term, locked; 422 without one, 409 once signed. */
  async function openTeam(trx: Executor, user: AuthUser, term: string) {
    await lockBarangay(trx, user);
    const team = await repo.teamOf(trx, user, term);
    if (!team) {
      throw unprocessable('TURNOVER_NO_TEAM', TURNOVER_MESSAGES.noTeam);
    }
    if (team.signed_on) {
      throw conflict(TURNOVER_MESSAGES.signed, 'TURNOVER_SIGNED');
    }
    return team;
  }

  async function termOf(trx: Executor, at: Date, startsOn?: string) {
    return (await resolveTerm(trx, manilaDate(at), startsOn)).term.startsOn;
  }

  const rowValues = (input: RowInput) => ({
    category: input.category,
    description: input.description,
    quantity: input.quantity,
    unit: input.unit,
    amount_cents: input.amount === null ? null : toCentavos(input.amount),
    acquired_on: input.acquiredOn,
    condition: input.condition,
    location: input.location,
    remarks: input.remarks,
  });

  return {
    /**
     * PUT /api/turnover/team: the chairperson's order creating (or changing) the SKIT: the
     * chairperson as chair, at least SKIT_RULES.minMembers active SK officials of the barangay,
     * one of them vice chair if named.
     */
    saveTeam(user: AuthUser, input: TeamInput, ctx: RequestContext, at: Date) {
      if (!can(user, 'turnover.manage')) {
        throw turnoverForbidden();
      }
      return db.transaction().execute(async (trx) => {
        const term = await termOf(trx, at, input.term);
        await lockBarangay(trx, user);
        const old = await repo.teamOf(trx, user, term);
        if (old?.signed_on) {
          throw conflict(TURNOVER_MESSAGES.signed, 'TURNOVER_SIGNED');
        }
        const ids = input.memberIds;
        if (new Set(ids).size !== ids.length) {
          throw unprocessable('TURNOVER_MEMBER_INVALID', TURNOVER_MESSAGES.invalidMember);
        }
        if (ids.length < SKIT_RULES.minMembers) {
          throw unprocessable(
            'TURNOVER_TEAM_TOO_SMALL',
            TURNOVER_MESSAGES.tooFew(SKIT_RULES.minMembers),
          );
        }
        const candidates = new Map(
          (await candidatesOf(trx, user)).map((c) => [c.userId, c.name] as const),
        );
        if (ids.some((id) => !candidates.has(id))) {
          throw unprocessable('TURNOVER_MEMBER_INVALID', TURNOVER_MESSAGES.invalidMember);
        }
        if (input.viceChairId !== null && !ids.includes(input.viceChairId)) {
          throw unprocessable('TURNOVER_VICE_CHAIR', TURNOVER_MESSAGES.viceChair);
        }
        const vice = input.viceChairId;
        const ordered = vice === null ? ids : [vice, ...ids.filter((id) => id !== vice)];
        const members: repo.MemberRow[] = [
          { user_id: user.id, role: 'chair', name: user.fullName },
          ...ordered.map((id) => ({
            user_id: id,
            role: id === vice ? ('vice chair' as const) : ('member' as const),
            name: candidates.get(id) ?? '',
          })),
        ];
        const stamp = at.toISOString();
        let teamId: number;
        const before = old ? await teamView(trx, old) : null;
        if (old) {
          teamId = old.id;
          await repo.updateTeam(trx, old.id, {
            order_number: input.orderNumber,
            order_date: input.orderDate,
            updated_by: user.id,
            updated_at: stamp,
          });
        } else {
          teamId = await repo.insertTeam(trx, {
            barangay_id: user.barangayId,
            term_starts_on: term,
            order_number: input.orderNumber,
            order_date: input.orderDate,
            created_by: user.id,
            created_at: stamp,
            updated_by: user.id,
            updated_at: stamp,
          });
        }
        await repo.replaceMembers(trx, teamId, members);
        await audit(trx, user, ctx, at, {
          action: old ? 'TURNOVER_TEAM_CHANGED' : 'TURNOVER_TEAM_CREATED',
          description: `${user.username} ${old ? 'changed' : 'created'} the SK Inventory Team by SK Order No. ${input.orderNumber} of ${input.orderDate}: ${members.map((m) => `${m.name} (${m.role})`).join(', ')}`,
          oldValue: before,
          newValue: {
            term,
            orderNumber: input.orderNumber,
            orderDate: input.orderDate,
            members: members.map((m) => ({ userId: m.user_id, role: m.role })),
          },
        });
        return term;
      });
    },

    /** POST /api/turnover/rows: a row of the physical count. */
    addRow(user: AuthUser, input: RowInput, ctx: RequestContext, at: Date) {
      return db.transaction().execute(async (trx) => {
        const term = await termOf(trx, at, input.term);
        await openTeam(trx, user, term);
        const stamp = at.toISOString();
        const values = rowValues(input);
        const id = await repo.insertRow(trx, {
          barangay_id: user.barangayId,
          term_starts_on: term,
          ...values,
          created_by: user.id,
          created_at: stamp,
          updated_by: user.id,
          updated_at: stamp,
        });
        await audit(trx, user, ctx, at, {
          action: 'TURNOVER_ROW_ADDED',
          description: `${user.username} added "${input.description}" (${input.condition}) to the turnover inventory`,
          newValue: { id, term, ...values },
        });
        return term;
      });
    },

    /** PUT /api/turnover/rows/:id: changes a row (the term is the row's own). */
    updateRow(user: AuthUser, id: number, input: RowInput, ctx: RequestContext, at: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.findRow(trx, user, id);
        if (!row) {
          throw rowNotFound();
        }
        await openTeam(trx, user, row.term_starts_on);
        const values = rowValues(input);
        await repo.updateRow(trx, user, id, {
          ...values,
          updated_by: user.id,
          updated_at: at.toISOString(),
        });
        await audit(trx, user, ctx, at, {
          action: 'TURNOVER_ROW_CHANGED',
          description: `${user.username} changed "${input.description}" on the turnover inventory`,
          oldValue: row,
          newValue: { id, ...values },
        });
        return row.term_starts_on;
      });
    },

    /** DELETE /api/turnover/rows/:id. */
    removeRow(user: AuthUser, id: number, ctx: RequestContext, at: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.findRow(trx, user, id);
        if (!row) {
          throw rowNotFound();
        }
        await openTeam(trx, user, row.term_starts_on);
        await repo.deleteRow(trx, user, id);
        await audit(trx, user, ctx, at, {
          action: 'TURNOVER_ROW_REMOVED',
          description: `${user.username} removed "${row.description}" from the turnover inventory`,
          oldValue: row,
        });
        return row.term_starts_on;
      });
    },

    /** PUT /api/turnover/signed: the day the form was signed, or null to open it again. */
    setSigned(
      user: AuthUser,
      input: { term?: string | undefined; signedOn: string | null },
      ctx: RequestContext,
      at: Date,
    ) {
      return db.transaction().execute(async (trx) => {
        const term = await termOf(trx, at, input.term);
        await lockBarangay(trx, user);
        const team = await repo.teamOf(trx, user, term);
        if (!team) {
          throw unprocessable('TURNOVER_NO_TEAM', TURNOVER_MESSAGES.noTeam);
        }
        await repo.updateTeam(trx, team.id, {
          signed_on: input.signedOn,
          updated_by: user.id,
          updated_at: at.toISOString(),
        });
        await audit(trx, user, ctx, at, {
          action: input.signedOn === null ? 'TURNOVER_UNSIGNED' : 'TURNOVER_SIGNED',
          description:
            input.signedOn === null
              ? `${user.username} opened the turnover form again`
              : `${user.username} marked the turnover form signed on ${input.signedOn}`,
          oldValue: { term, signedOn: team.signed_on },
          newValue: { term, signedOn: input.signedOn },
        });
        return term;
      });
    },
  };
}
