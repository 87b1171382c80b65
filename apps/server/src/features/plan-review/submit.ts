import {
  PLAN_MESSAGES,
  PLAN_REVIEW_MESSAGES,
  can,
  languageFromTag,
  type PlanReviewStatus,
  type PlanSubmission,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as plans from '../budget-plans/repository.ts';
import { checkResolutionUpload } from '../budget-plans/resolution.ts';
import { manilaDate } from '../tracker/context.ts';
import { noBudgetOfficerMail, submittedMail } from './mail.ts';
import { sameCity } from '../city/repository.ts';
import * as repo from './repository.ts';
import { deadline, loadReviewRules } from './rules.ts';
import {
  REVIEW_MODULE,
  approvalDeadlines,
  refuseWhileReviewed,
  type SubmissionReader,
} from './view.ts';

export interface PlanSubmitDeps {
  db: AppDb;
  clock: Clock;
  storage: DocumentStorage;
  mailer: Mailer;
  background: BackgroundTasks;
}

/** The council's side: submitting an approved plan to its city, and reading where it stands. */
export function createPlanSubmit(deps: PlanSubmitDeps, reader: SubmissionReader) {
  const { db, clock, storage } = deps;

  /**
   * The active accounts of the barangay's city to be told of a submission: its budget officers
   * (CBO), who review it; when it has none, its administrators (CA), who can make one.
   */
  async function cityRecipients(barangayId: number) {
    const city = await db
      .selectFrom('barangays as b')
      .innerJoin('barangays as c', (j) => j.on(sameCity('c', 'b')).on('c.kind', '=', 'city'))
      .select(['c.id', 'c.name'])
      .where('b.id', '=', barangayId)
      .executeTakeFirst();
    if (!city) {
      return { cityName: null, officers: [], admins: [] };
    }
    const officers = await repo.accountsWithPosition(db, city.id, 'CBO');
    const admins = officers.length > 0 ? [] : await repo.accountsWithPosition(db, city.id, 'CA');
    return { cityName: city.name, officers, admins };
  }

  return {
    /**
     * POST /api/budget-plans/:id/submit: an approved or posted plan goes to its city. The
     * approving resolution is the one stored at approval, or the PDF sent now (stored with the
     * plan, as at approval, when the plan has none). The city receives it the day it is sent.
     */
    async submit(
      user: AuthUser,
      planId: number,
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<{ submission: PlanSubmission; noBudgetOfficer: boolean }> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
      }
      const plan = await plans.findPlan(db, user, planId);
      if (!plan) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      if (plan.status !== 'approved' && plan.status !== 'posted') {
        throw conflict(PLAN_REVIEW_MESSAGES.notSubmittable, 'PLAN_NOT_SUBMITTABLE');
      }
      if (await repo.submissionOfPlan(db, user.barangayId, planId)) {
        throw conflict(PLAN_REVIEW_MESSAGES.alreadySubmitted, 'PLAN_ALREADY_SUBMITTED');
      }
      await refuseWhileReviewed(db, user.barangayId, plan.year, clock.now());
      const storeFile = file !== null && plan.resolution_stored_name === null;
      if (!storeFile && plan.resolution_stored_name === null) {
        throw badRequest(PLAN_REVIEW_MESSAGES.noResolution, 'PLAN_NO_RESOLUTION');
      }
      if (file) {
        await checkResolutionUpload(file);
      }
      const now = clock.now();
      const today = manilaDate(now);
      const rules = await loadReviewRules(db, plan.year);
      // Every deadline is computable before anything is written (a missing rule: 422).
      const [, submitDeadline] = approvalDeadlines(rules, plan, today, today);
      const review = deadline(rules, 'review-days', today, null, today);
      const storedName = storeFile ? newStoredName('pdf') : null;
      const names = storedName ? [storedName] : [];
      await recordUploads(db, names, user.barangayId, now);
      let id: number;
      try {
        if (file && storedName) {
          await storage.commit(file, storedName);
        }
        id = await db.transaction().execute(async (trx) => {
          if (await repo.submissionOfPlan(trx, user.barangayId, planId)) {
            throw conflict(PLAN_REVIEW_MESSAGES.alreadySubmitted, 'PLAN_ALREADY_SUBMITTED');
          }
          await refuseWhileReviewed(trx, user.barangayId, plan.year, now);
          if (file && storedName) {
            await trx
              .updateTable('budget_plans')
              .set({
                resolution_stored_name: storedName,
                resolution_file_name: file.originalName,
                resolution_size_bytes: file.size,
                resolution_sha256: file.sha256,
              })
              .where('id', '=', planId)
              .where('barangay_id', '=', user.barangayId)
              .where('resolution_stored_name', 'is', null)
              .execute();
          }
          const inserted = await trx
            .insertInto('plan_submissions')
            .values({
              barangay_id: user.barangayId,
              plan_id: planId,
              year: plan.year,
              state: 'submitted',
              submitted_at: now.toISOString(),
              submitted_by: user.id,
              submitted_by_name: user.fullName,
              received_on: today,
              version: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeAudit(trx, {
            scope: user,
            userId: user.id,
            username: user.username,
            module: REVIEW_MODULE,
            action: 'PLAN_SUBMITTED',
            description: `${user.username} submitted the ${String(plan.year)} budget plan to the city${submitDeadline?.late ? ` (late: due ${submitDeadline.dueOn})` : ''}`,
            newValue: {
              planId,
              year: plan.year,
              receivedOn: today,
              submitDueOn: submitDeadline?.dueOn ?? null,
              late: submitDeadline?.late ?? false,
              reviewDueOn: review.dueOn,
              resolutionFile:
                file && storedName
                  ? { name: file.originalName, sha256: file.sha256 }
                  : 'stored at approval',
            },
            ip: ctx.ip,
            at: now,
          });
          await settleUploads(trx, names);
          return inserted.id;
        });
      } catch (error) {
        await abandonUploads(db, storage, names);
        if (error instanceof Error && /unique|UNIQUE/.test(error.message)) {
          throw conflict(PLAN_REVIEW_MESSAGES.alreadySubmitted, 'PLAN_ALREADY_SUBMITTED');
        }
        throw error;
      }
      const row = (await repo.submissionOfPlan(db, user.barangayId, planId)) as repo.SubmissionRow;
      const { cityName, officers, admins } = await cityRecipients(user.barangayId);
      const mails = [
        ...officers.map((officer) =>
          submittedMail({
            to: officer.email,
            name: officer.full_name,
            barangay: user.barangayName,
            year: plan.year,
            submittedBy: user.fullName,
            reviewDueOn: review.dueOn,
            language: languageFromTag(officer.language),
          }),
        ),
        ...admins.map((admin) =>
          noBudgetOfficerMail({
            to: admin.email,
            name: admin.full_name,
            city: cityName ?? '',
            barangay: user.barangayName,
            year: plan.year,
            submittedBy: user.fullName,
            reviewDueOn: review.dueOn,
            language: languageFromTag(admin.language),
          }),
        ),
      ];
      for (const message of mails) {
        deps.background.run('submission e-mail failed', () => deps.mailer.send(message), {
          submission: id,
        });
      }
      const [answer] = await reader.answer([row], now);
      return { submission: answer as PlanSubmission, noBudgetOfficer: officers.length === 0 };
    },

    /** GET /api/budget-plans/:id/review: the deadlines and the review of one of the council's plans. */
    async status(user: AuthUser, planId: number): Promise<PlanReviewStatus> {
      const plan = await plans.findPlan(db, user, planId);
      if (!plan) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      const now = clock.now();
      const row = await repo.submissionOfPlan(db, user.barangayId, planId);
      const submission = row ? ((await reader.answer([row], now))[0] ?? null) : null;
      const rules = await loadReviewRules(db, plan.year);
      const submittable = !row && (plan.status === 'approved' || plan.status === 'posted');
      let deadlines = submission?.deadlines ?? [];
      if (!submission) {
        try {
          deadlines = approvalDeadlines(rules, plan, null, manilaDate(now));
        } catch {
          // A missing rule: no deadline is shown (the submission itself answers 422).
          deadlines = [];
        }
      }
      return { planId, submittable, deadlines, submission };
    },
  };
}
