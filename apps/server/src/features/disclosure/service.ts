import {
  DISCLOSURE_MESSAGES,
  PLAN_MESSAGES,
  type DisclosurePosting,
  type DisclosureSchedule,
  type PostReportBody,
  type SkTerm,
  type StayBasis,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { barangayByCode } from '../../common/repository.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import { manilaDate } from '../tracker/context.ts';
import { endOfTermData, renderEndOfTermReport } from './end-of-term.ts';
import * as repo from './repository.ts';
import { councilOnboardedOn } from './onboarded.ts';
import { nextDue, postedUntil, ruleFor, type Requirement } from './schedule.ts';

export const DISCLOSURE_MODULE = 'Public Disclosure';

const yearOf = (day: string) => Number(day.slice(0, 4));

/** The term whose last day falls in `year`. */
const termEndingIn = (terms: readonly SkTerm[], year: number) =>
  terms.find((t) => yearOf(t.endsOn) === year);

function toPosting(row: repo.PostingRow, today: string): DisclosurePosting {
  const document = row.document as DisclosurePosting['document'];
  return {
    document,
    year: row.year,
    planId: row.plan_id,
    postedOn: row.posted_at,
    postedUntil: row.posted_until,
    period: {
      basis: row.stay_basis as StayBasis,
      value: row.stay_value,
      source: row.rule_source,
    },
    stillRequired: today <= row.posted_until,
  };
}

/**
 * A barangay's disclosure schedule (MC 2023-068): what it posted, with the dates, and what is due
 * next: the ABYIP and annual budget of this year and the next (and of a later year whose plan
 * is approved), the annual report of each year
 * with a posted plan (last year's and this year's), and the end-of-term report of a term that
 * has begun and ends this year or ended last year.
 */
export async function scheduleOf(
  db: Executor,
  scope: BarangayScope,
  now: Date,
): Promise<DisclosureSchedule> {
  const today = manilaDate(now);
  const thisYear = yearOf(today);
  const [rules, terms, postings, plans, onboardedOn] = await Promise.all([
    repo.listRules(db),
    repo.listTerms(db),
    repo.postingsOf(db, scope),
    repo.adoptedPlans(db, scope),
    councilOnboardedOn(db, scope, today),
  ]);
  const approvedOn = (year: number) =>
    plans.filter((p) => p.year === year).at(-1)?.approved_on ?? null;
  const required: Requirement[] = [];
  for (const year of [thisYear, thisYear + 1]) {
    required.push(
      { document: 'abyip', year, approvedOn: approvedOn(year) },
      { document: 'annual-budget', year, approvedOn: approvedOn(year) },
    );
  }
  // A plan approved for a later year waits to be posted too.
  const later = plans.filter((p) => p.status === 'approved' && p.year > thisYear + 1);
  for (const year of new Set(later.map((p) => p.year))) {
    required.push(
      { document: 'abyip', year, approvedOn: approvedOn(year) },
      { document: 'annual-budget', year, approvedOn: approvedOn(year) },
    );
  }
  // Posted: the year has an operative plan (common/operative-plan-repository.ts), also once an approved
  // amendment marked the posted version superseded.
  const postedYears = new Set(plans.filter((p) => p.posted_at !== null).map((p) => p.year));
  for (const year of [thisYear - 1, thisYear]) {
    if (postedYears.has(year)) {
      required.push({ document: 'annual-report', year });
    }
  }
  for (const term of terms) {
    const endYear = yearOf(term.endsOn);
    if (term.startsOn <= today && (endYear === thisYear || endYear === thisYear - 1)) {
      required.push({ document: 'end-of-term-report', year: endYear, term });
    }
  }
  const posted = new Set(postings.map((p) => `${p.document}:${String(p.year)}`));
  const current = terms.filter((t) => t.startsOn <= today).at(-1) ?? null;
  return {
    asOf: today,
    postings: postings.map((row) => toPosting(row, today)),
    nextDue: nextDue(rules, required, posted, today, onboardedOn),
    term: current,
  };
}

/**
 * Records the posting of a plan's ABYIP and annual budget (inside the plan's posting
 * transaction); the periods come from the rules in force for the plan's year. A missing rule
 * refuses the posting.
 */
export async function recordPlanPostings(
  trx: Executor,
  user: BarangayScope & { id: number },
  plan: { id: number; year: number },
  now: Date,
): Promise<{ document: string; postedUntil: string }[]> {
  const rules = await repo.listRules(trx);
  const today = manilaDate(now);
  const recorded: { document: string; postedUntil: string }[] = [];
  for (const document of ['abyip', 'annual-budget'] as const) {
    const rule = ruleFor(rules, document, plan.year);
    if (!rule) {
      throw conflict(DISCLOSURE_MESSAGES.ruleMissing(document), 'DISCLOSURE_RULE_MISSING');
    }
    const until = postedUntil(rule, plan.year, today);
    await repo.insertPosting(trx, user, {
      document,
      year: plan.year,
      plan_id: plan.id,
      posted_at: now.toISOString(),
      posted_by: user.id,
      posted_until: until,
      stay_basis: rule.stayBasis,
      stay_value: rule.stayValue,
      rule_source: rule.source,
    });
    recorded.push({ document, postedUntil: until });
  }
  return recorded;
}

/** The chairperson posts the annual report of an ended year or the end-of-term report. */
export function createDisclosureService(deps: { db: AppDb; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async schedule(user: AuthUser) {
      const barangay = await db
        .selectFrom('barangays')
        .select('code')
        .where('id', '=', user.barangayId)
        .executeTakeFirstOrThrow();
      return { barangayCode: barangay.code, schedule: await scheduleOf(db, user, clock.now()) };
    },

    /** The posted end-of-term report of the term ending in `year`, for the public board. */
    async publicEndOfTermReport(
      code: string,
      year: number,
      format: 'xlsx' | 'pdf',
    ): Promise<RenderedDocument> {
      const barangay = await barangayByCode(db, code);
      if (!barangay) {
        throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
      }
      const scope = { barangayId: barangay.id };
      const [terms, postings] = await Promise.all([repo.listTerms(db), repo.postingsOf(db, scope)]);
      const term = termEndingIn(terms, year);
      if (!term || !postings.some((p) => p.document === 'end-of-term-report' && p.year === year)) {
        throw notFound(DISCLOSURE_MESSAGES.reportNotPosted, 'DISCLOSURE_REPORT_NOT_POSTED');
      }
      return renderEndOfTermReport(
        await endOfTermData(db, scope, barangay, term, clock.now()),
        format,
      );
    },

    async postReport(
      user: AuthUser,
      body: PostReportBody,
      ctx: RequestContext,
    ): Promise<DisclosureSchedule> {
      const now = clock.now();
      const today = manilaDate(now);
      const { document, year } = body;
      await db.transaction().execute(async (trx) => {
        const [rules, terms, plans] = await Promise.all([
          repo.listRules(trx),
          repo.listTerms(trx),
          repo.adoptedPlans(trx, user),
        ]);
        if (document === 'annual-report') {
          if (today <= `${String(year)}-12-31`) {
            throw conflict(DISCLOSURE_MESSAGES.notDueYet(document, year), 'DISCLOSURE_NOT_DUE_YET');
          }
          if (!plans.some((p) => p.year === year && p.posted_at !== null)) {
            throw notFound(DISCLOSURE_MESSAGES.noPostedPlan(year), 'DISCLOSURE_NO_PLAN');
          }
        } else {
          if (!termEndingIn(terms, year)) {
            throw notFound(DISCLOSURE_MESSAGES.noTerm, 'DISCLOSURE_NO_TERM');
          }
          if (today < `${String(year)}-01-01`) {
            throw conflict(DISCLOSURE_MESSAGES.notDueYet(document, year), 'DISCLOSURE_NOT_DUE_YET');
          }
        }
        const rule = ruleFor(rules, document, year);
        if (!rule) {
          throw conflict(DISCLOSURE_MESSAGES.ruleMissing(document), 'DISCLOSURE_RULE_MISSING');
        }
        const until = postedUntil(rule, year, today);
        const inserted = await repo.insertPosting(trx, user, {
          document,
          year,
          plan_id: null,
          posted_at: now.toISOString(),
          posted_by: user.id,
          posted_until: until,
          stay_basis: rule.stayBasis,
          stay_value: rule.stayValue,
          rule_source: rule.source,
        });
        if (!inserted) {
          throw conflict(DISCLOSURE_MESSAGES.alreadyPosted, 'DISCLOSURE_ALREADY_POSTED');
        }
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: DISCLOSURE_MODULE,
          ip: ctx.ip,
          at: now,
          action: 'REPORT_POSTED',
          description: `${user.username} posted the ${document} of ${String(year)} to the public disclosure board`,
          newValue: { document, year, postedAt: now.toISOString(), postedUntil: until },
        });
      });
      return scheduleOf(db, user, now);
    },
  };
}
export type DisclosureService = ReturnType<typeof createDisclosureService>;
