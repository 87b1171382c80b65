import {
  OFFICE_REQUIREMENTS,
  OFFICIALS_MESSAGES,
  cityRole,
  type OfficeRequirementKey,
  type OfficialsRequirements,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { termForNewAccount } from '../terms/membership.ts';
import { termById } from '../terms/repository.ts';
import * as repo from './officials-repository.ts';

export const REQUIREMENTS_MODULE = 'Turnover Requirements';

const officialMissing = () => notFound(OFFICIALS_MESSAGES.officialNotFound, 'OFFICIAL_NOT_FOUND');

/** The city roles that record and verify: the administrator and the youth development officer. */
const cityKeeper = (user: AuthUser) => {
  const role = cityRole(user.position);
  return user.tenantKind === 'city' && (role === 'CA' || role === 'CYDO');
};

/** The term whose officials owe the requirements: the next one stored, else the one running. */
export async function incomingTermId(db: Executor, now: Date): Promise<number | null> {
  return (
    (await termForNewAccount(db, { position: 'SKC', at: now, forNextTerm: true })) ??
    (await termForNewAccount(db, { position: 'SKC', at: now }))
  );
}

export interface Barangay {
  id: number;
  code: string;
  name: string;
}

/**
 * The requirements before assuming office of a barangay's officials of the new term
 * (OFFICE_REQUIREMENTS): who may record them (the official, the barangay's SK chairperson, the
 * city's administrator and youth development officer) and who verifies (those two of the city).
 * A change to a verified record clears its verification. Every write is audited.
 */
export function createRequirements({ db, clock }: { db: AppDb; clock: Clock }) {
  const mayRecord = (user: AuthUser, barangayId: number, officialId: number) =>
    cityKeeper(user) ||
    (user.tenantKind === 'barangay' &&
      user.barangayId === barangayId &&
      (user.id === officialId || user.position === 'SKC'));

  async function view(user: AuthUser, barangay: Barangay): Promise<OfficialsRequirements> {
    const termId = await incomingTermId(db, clock.now());
    const term = termId === null ? undefined : await termById(db, termId);
    const officials = term ? await repo.officialsOf(db, barangay.id, term.id) : [];
    const recorded = await repo.requirementsOf(
      db,
      officials.map((o) => o.id),
    );
    let done = 0;
    const list = officials.map((o) => {
      const mine = recorded.filter((r) => r.user_id === o.id);
      const requirements = OFFICE_REQUIREMENTS.map((req) => {
        const r = mine.find((m) => m.requirement === req.key);
        return {
          key: req.key,
          doneOn: r?.done_on ?? null,
          reference: r?.reference ?? null,
          fileName: r?.file_name ?? null,
          recordedBy: r?.recorded_by_name ?? null,
          verifiedOn: r?.verified_at ?? null,
          verifiedBy: r?.verified_by_name ?? null,
        };
      });
      const count = requirements.filter((r) => r.doneOn !== null).length;
      done += count;
      return {
        userId: o.id,
        name: o.full_name,
        position: o.position === 'SKC' ? ('SKC' as const) : ('SKO' as const),
        signedIn: o.password_changed_at !== null,
        requirements,
        done: count,
      };
    });
    return {
      barangay: { code: barangay.code, name: barangay.name },
      term: term ? { startsOn: term.starts_on, endsOn: term.ends_on } : null,
      officials: list,
      requirements: OFFICE_REQUIREMENTS.map((r) => ({
        key: r.key,
        name: r.name,
        source: r.source,
        confirmed: r.confirmed,
      })),
      canRecordFor: list.filter((o) => mayRecord(user, barangay.id, o.userId)).map((o) => o.userId),
      canVerify: cityKeeper(user),
      done,
      total: list.length * OFFICE_REQUIREMENTS.length,
    };
  }

  async function officialOf(barangay: Barangay, userId: number) {
    const termId = await incomingTermId(db, clock.now());
    const found =
      termId === null
        ? undefined
        : (await repo.officialsOf(db, barangay.id, termId)).find((o) => o.id === userId);
    if (!found) {
      throw officialMissing();
    }
    return found;
  }

  async function record(
    user: AuthUser,
    barangay: Barangay,
    userId: number,
    requirement: OfficeRequirementKey,
    input: { doneOn: string | null; reference: string | null },
    ctx: RequestContext,
  ): Promise<string> {
    const official = await officialOf(barangay, userId);
    if (!mayRecord(user, barangay.id, userId)) {
      throw forbidden(OFFICIALS_MESSAGES.requirementForbidden, 'REQUIREMENT_FORBIDDEN');
    }
    const now = clock.now();
    const cleared = input.doneOn === null;
    await db.transaction().execute(async (trx) => {
      if (cleared) {
        await repo.clearRequirement(trx, userId, requirement);
      } else {
        await repo.saveRequirement(trx, {
          barangay_id: barangay.id,
          user_id: userId,
          requirement,
          done_on: input.doneOn ?? '',
          reference: input.reference ?? '',
          recorded_by: user.id,
          recorded_at: now.toISOString(),
        });
      }
      await writeAudit(trx, {
        scope: { barangayId: barangay.id },
        userId: user.id,
        username: user.username,
        module: REQUIREMENTS_MODULE,
        action: cleared ? 'CLEAR_REQUIREMENT' : 'RECORD_REQUIREMENT',
        description: `${user.username} ${cleared ? 'cleared' : 'recorded'} the ${requirement} requirement of ${official.full_name} (Barangay ${barangay.name})`,
        newValue: cleared
          ? undefined
          : { requirement, doneOn: input.doneOn, reference: input.reference },
        ip: ctx.ip,
        at: now,
      });
    });
    return cleared ? OFFICIALS_MESSAGES.requirementCleared : OFFICIALS_MESSAGES.requirementSaved;
  }

  async function verify(
    user: AuthUser,
    barangay: Barangay,
    userId: number,
    requirement: OfficeRequirementKey,
    verified: boolean,
    ctx: RequestContext,
  ): Promise<string> {
    if (!cityKeeper(user)) {
      throw forbidden(OFFICIALS_MESSAGES.verifyForbidden, 'REQUIREMENT_VERIFY_FORBIDDEN');
    }
    const official = await officialOf(barangay, userId);
    if (!(await repo.findRequirement(db, userId, requirement))) {
      throw new AppError('REQUIREMENT_NOT_RECORDED', OFFICIALS_MESSAGES.notRecorded, 409);
    }
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.setVerified(
        trx,
        userId,
        requirement,
        verified ? { id: user.id, at: now.toISOString() } : null,
      );
      await writeAudit(trx, {
        scope: { barangayId: barangay.id },
        userId: user.id,
        username: user.username,
        module: REQUIREMENTS_MODULE,
        action: verified ? 'VERIFY_REQUIREMENT' : 'UNVERIFY_REQUIREMENT',
        description: `${user.username} marked the ${requirement} requirement of ${official.full_name} (Barangay ${barangay.name}) ${verified ? 'verified' : 'not verified'}`,
        ip: ctx.ip,
        at: now,
      });
    });
    return verified ? OFFICIALS_MESSAGES.verified : OFFICIALS_MESSAGES.unverified;
  }

  /**
   * For a route's onRequest, before the body is read: the official the path names is of the
   * barangay's new term (404) and the caller may record for them (403). A path that does not
   * parse is let through for validation to answer.
   */
  async function guard(user: AuthUser, barangay: Barangay, rawUserId: string | undefined) {
    const userId = Number(rawUserId);
    if (!Number.isInteger(userId) || userId <= 0) {
      return;
    }
    await officialOf(barangay, userId);
    if (!mayRecord(user, barangay.id, userId)) {
      throw forbidden(OFFICIALS_MESSAGES.requirementForbidden, 'REQUIREMENT_FORBIDDEN');
    }
  }

  return { view, record, verify, guard };
}

export type RequirementsService = ReturnType<typeof createRequirements>;
