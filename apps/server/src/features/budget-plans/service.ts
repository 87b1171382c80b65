import {
  ACCEPTED_PROJECT_STATUSES,
  HONORARIA_POSITIONS,
  PLAN_MESSAGES,
  PLAN_PROGRAMS,
  PLAN_RESOLUTION_MAX_BYTES,
  PLAN_RULE_KEYS,
  PYDP_CENTRES,
  can,
  computePlanTotals,
  evaluatePlanChecks,
  planChecksPass,
  rulesInForce,
  toCentavos,
  toPesos,
  type BudgetPlan,
  type DisclosurePlan,
  type DisclosureProject,
  type Honorarium,
  type OtherReceipt,
  type PlanCheck,
  type PlanDocument,
  type PlanDocumentFormat,
  type PlanForecast,
  type PlanInput,
  type PlanLine,
  type PlanProject,
  type PlanRule,
  type PlanSummary,
  type SavedPlanLine,
  type Signatories,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import type {
  ApprovePlanRequestSchema,
  CreatePlanRequestSchema,
  SavePlanRequestSchema,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import { postPlanRawValues } from '../../common/plan-raw-values.ts';
import { signatoriesFrom } from '../../common/signatories.ts';
import { ensureTrackedItems } from '../../common/tracked-item-repository.ts';
import {
  transactionWithLocks,
  type AppDb,
  type AppTransaction,
  type DialectName,
  type Executor,
} from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
} from '../../lib/errors.ts';
import { detectDocumentType } from '../../lib/files/file-type.ts';
import { signLink, verifyLink } from '../../lib/files/signed-links.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import type { ForecastService } from '../forecast/service.ts';
import { planChanges } from './changes.ts';
import { renderPlanDocument, type DocumentPlan, type RenderedDocument } from './documents/index.ts';
import { buildPrefill } from './prefill.ts';
import { assignReferenceCodes, duplicateReferenceCode } from './reference-codes.ts';
import * as repo from './repository.ts';

export const PLANS_MODULE = 'Budget Planning';

/** Where signed links to resolution PDFs point (see routes.ts). */
export const RESOLUTION_LINK_PATH = '/api/budget-plans/resolutions';
const RESOLUTION_SCOPE = 'plan-resolution';

type CreateInput = z.output<typeof CreatePlanRequestSchema>;
type SaveInput = z.output<typeof SavePlanRequestSchema>;
type ApproveInput = z.output<typeof ApprovePlanRequestSchema>;

export interface BudgetPlanServiceDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  storage: DocumentStorage;
  forecast: ForecastService;
  appSecret: string;
}

/** A plan as stored, amounts in pesos. */
interface StoredPlan {
  row: repo.PlanRow;
  lines: SavedPlanLine[];
  honoraria: Honorarium[];
  otherReceipts: OtherReceipt[];
}

const isCentre = (value: string | null) =>
  value !== null && (PYDP_CENTRES as readonly string[]).includes(value);

function toLine(row: repo.PlanLineRow): SavedPlanLine {
  return {
    id: row.id,
    program: (PLAN_PROGRAMS as readonly string[]).includes(row.program) ? row.program : 'YDEP',
    centre: isCentre(row.centre) ? (row.centre as SavedPlanLine['centre']) : null,
    referenceCode: row.reference_code,
    ppa: row.ppa,
    description: row.description,
    expectedResult: row.expected_result,
    performanceIndicator: row.performance_indicator,
    startMonth: row.start_month,
    endMonth: row.end_month,
    responsible: row.responsible,
    ps: toPesos(row.ps),
    mooe: toPesos(row.mooe),
    co: toPesos(row.co),
    training: row.training === 1,
    projectId: row.project_id,
  };
}

function toHonorarium(row: repo.HonorariumRow): Honorarium {
  return {
    position: (HONORARIA_POSITIONS as readonly string[]).includes(row.position)
      ? row.position
      : 'member',
    name: row.name,
    monthlyRate: toPesos(row.monthly_rate),
    months: row.months,
  };
}

/** Children rows grouped under their plans. */
function assemble(rows: repo.PlanRow[], children: repo.PlanChildren): StoredPlan[] {
  const byPlan = new Map<number, StoredPlan>(
    rows.map((row) => [row.id, { row, lines: [], honoraria: [], otherReceipts: [] }]),
  );
  for (const line of children.lines) {
    byPlan.get(line.plan_id)?.lines.push(toLine(line));
  }
  for (const h of children.honoraria) {
    byPlan.get(h.plan_id)?.honoraria.push(toHonorarium(h));
  }
  for (const r of children.otherReceipts) {
    byPlan.get(r.plan_id)?.otherReceipts.push({ label: r.label, amount: toPesos(r.amount) });
  }
  return rows.map((row) => byPlan.get(row.id) as StoredPlan);
}

function inputOf(plan: StoredPlan): PlanInput & { lines: SavedPlanLine[] } {
  return {
    receipts: {
      tenPercentShare: toPesos(plan.row.ten_percent_share),
      certifiedOn: plan.row.certified_on,
      certifiedBy: plan.row.certified_by,
      otherReceipts: plan.otherReceipts,
    },
    lines: plan.lines,
    honoraria: plan.honoraria,
  };
}

/** Names for the signatory block: from the honoraria schedule; the approving chair otherwise. */
function signatoriesOf(plan: StoredPlan): Signatories {
  return signatoriesFrom(plan.honoraria, plan.row.approved_by_name);
}

/** The rows a plan's content is stored as (amounts in centavos). */
export function childRows(content: {
  lines: (PlanLine & { referenceCode: string })[];
  honoraria: Honorarium[];
  otherReceipts: OtherReceipt[];
}) {
  return {
    lines: content.lines.map((l, i) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      sort_order: i,
      program: l.program,
      centre: l.centre,
      reference_code: l.referenceCode,
      ppa: l.ppa,
      description: l.description,
      expected_result: l.expectedResult,
      performance_indicator: l.performanceIndicator,
      start_month: l.startMonth,
      end_month: l.endMonth,
      responsible: l.responsible,
      ps: toCentavos(l.ps),
      mooe: toCentavos(l.mooe),
      co: toCentavos(l.co),
      training: l.training ? 1 : 0,
      project_id: l.projectId,
    })),
    honoraria: content.honoraria.map((h, i) => ({
      sort_order: i,
      position: h.position,
      name: h.name,
      monthly_rate: toCentavos(h.monthlyRate),
      months: h.months,
    })),
    otherReceipts: content.otherReceipts.map((r, i) => ({
      sort_order: i,
      label: r.label,
      amount: toCentavos(r.amount),
    })),
  };
}

/** A short summary for audit entries (old and new values). */
function auditSummary(plan: PlanInput & { status?: string; version?: number }) {
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

const planKey = (scope: BarangayScope, year: number) =>
  `budget-plan:${String(scope.barangayId)}:${String(year)}`;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const planLabel = (row: repo.PlanRow) =>
  `${String(row.year)} budget plan${row.amendment > 0 ? ` (${row.kind} ${String(row.amendment)})` : ''}`;

export function createBudgetPlanService(deps: BudgetPlanServiceDeps) {
  const { db, clock, storage, forecast } = deps;

  async function rules(executor: Executor): Promise<PlanRule[]> {
    const rows = await repo.listRules(executor);
    return rows
      .filter((r) => (PLAN_RULE_KEYS as readonly string[]).includes(r.rule_key))
      .map((r) => ({
        rule: r.rule_key as PlanRule['rule'],
        value: r.value,
        effectiveYear: r.effective_year,
        source: r.source,
      }));
  }

  async function load(executor: Executor, scope: BarangayScope, id: number): Promise<StoredPlan> {
    const row = await repo.findPlan(executor, scope, id);
    if (!row) {
      throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
    }
    const [plan] = assemble([row], await repo.planChildren(executor, scope, [row.id]));
    return plan as StoredPlan;
  }

  /** The forecasts (both views) of `year`, from the Budget Forecasting service's cache. */
  async function forecastsFor(user: AuthUser, year: number): Promise<PlanForecast[]> {
    const answer = await forecast.forecast(user);
    const out: PlanForecast[] = [];
    for (const [viewBy, view] of [
      ['category', answer.by_category],
      ['committee', answer.by_committee],
    ] as const) {
      for (const series of view.series) {
        const point = series.forecasts.find((p) => p.year === year);
        if (point) {
          out.push({
            viewBy,
            name: series.name,
            year,
            mean: point.mean,
            lower80: point.lower80,
            upper80: point.upper80,
          });
        }
      }
    }
    return out;
  }

  async function linkedProjects(
    executor: Executor,
    scope: BarangayScope,
    lines: readonly { projectId: number | null }[],
  ): Promise<PlanProject[]> {
    const ids = [...new Set(lines.map((l) => l.projectId).filter((id) => id !== null))];
    const rows = await repo.projectsByIds(executor, scope, ids);
    return rows.map((p) => ({
      projectId: p.id,
      referenceNumber: p.reference_number,
      title: p.title,
      status: p.status,
    }));
  }

  async function checksOf(
    user: AuthUser,
    plan: StoredPlan,
    allRules: PlanRule[],
  ): Promise<{ checks: PlanCheck[]; forecasts: PlanForecast[]; projects: PlanProject[] }> {
    const [forecasts, projects] = await Promise.all([
      forecastsFor(user, plan.row.year),
      linkedProjects(db, user, plan.lines),
    ]);
    const checks = evaluatePlanChecks(inputOf(plan), {
      year: plan.row.year,
      rules: allRules,
      forecasts,
      projects,
    });
    return { checks, forecasts, projects };
  }

  async function toPlan(user: AuthUser, plan: StoredPlan): Promise<BudgetPlan> {
    const allRules = await rules(db);
    const { checks, forecasts, projects } = await checksOf(user, plan, allRules);
    const row = plan.row;
    let changes: BudgetPlan['changes'] = null;
    if (row.base_plan_id !== null) {
      const base = await repo.findPlan(db, user, row.base_plan_id);
      if (base) {
        const [basePlan] = assemble([base], await repo.planChildren(db, user, [base.id]));
        changes = planChanges(inputOf(basePlan as StoredPlan), inputOf(plan));
      }
    }
    const input = inputOf(plan);
    return {
      id: row.id,
      barangay: { code: user.barangayCode, name: user.barangayName },
      year: row.year,
      status: row.status,
      version: row.version,
      kind: row.kind,
      amendment: row.amendment,
      basePlanId: row.base_plan_id,
      receipts: {
        tenPercentShare: toPesos(row.ten_percent_share),
        certifiedOn: row.certified_on,
        certifiedBy: row.certified_by,
        otherReceipts: plan.otherReceipts,
      },
      lines: plan.lines,
      honoraria: plan.honoraria,
      totals: computePlanTotals(input),
      checks,
      rules: rulesInForce(allRules, row.year),
      forecasts,
      projects,
      signatories: signatoriesOf(plan),
      approval:
        row.resolution_number !== null && row.approved_on !== null
          ? {
              resolutionNumber: row.resolution_number,
              approvedOn: row.approved_on,
              approvedBy: row.approved_by_name ?? '',
              hasResolutionFile: row.resolution_stored_name !== null,
            }
          : null,
      postedAt: row.posted_at,
      changes,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by_name,
    };
  }

  /** Refuses proposals that are not the barangay's, and reference codes used twice. */
  async function checkContent(
    executor: Executor,
    scope: BarangayScope,
    lines: readonly PlanLine[],
  ): Promise<void> {
    const duplicate = duplicateReferenceCode(lines.map((l) => l.referenceCode));
    if (duplicate) {
      throw badRequest(PLAN_MESSAGES.duplicateReference(duplicate), 'PLAN_DUPLICATE_REFERENCE');
    }
    const ids = [...new Set(lines.map((l) => l.projectId).filter((id) => id !== null))];
    // Archived proposals stay valid links: they are still the barangay's.
    const found = new Set(
      (await repo.projectsByIds(executor, scope, ids, { archived: true })).map((p) => p.id),
    );
    const unknown = ids.find((id) => !found.has(id));
    if (unknown !== undefined) {
      throw badRequest(PLAN_MESSAGES.unknownProject(unknown), 'PLAN_UNKNOWN_PROJECT');
    }
  }

  function audit(
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

  /** Public answers: a posted plan without names beyond the signatories. */
  function toDisclosurePlan(plan: StoredPlan): DisclosurePlan {
    const row = plan.row;
    return {
      id: row.id,
      year: row.year,
      status: 'posted',
      kind: row.kind,
      amendment: row.amendment,
      postedAt: row.posted_at ?? '',
      resolutionNumber: row.resolution_number ?? '',
      approvedOn: row.approved_on ?? '',
      totals: computePlanTotals(inputOf(plan)),
      lines: plan.lines.map(({ id: _id, projectId: _projectId, ...line }) => line),
      honoraria: plan.honoraria.map((h) => ({
        position: h.position,
        monthlyRate: h.monthlyRate,
        months: h.months,
      })),
      signatories: signatoriesOf(plan),
    };
  }

  function documentPlan(barangay: { code: string; name: string }, plan: StoredPlan): DocumentPlan {
    const input = inputOf(plan);
    return {
      barangay,
      year: plan.row.year,
      status: plan.row.status,
      kind: plan.row.kind,
      amendment: plan.row.amendment,
      receipts: {
        tenPercentShare: toPesos(plan.row.ten_percent_share),
        certifiedOn: plan.row.certified_on,
        certifiedBy: plan.row.certified_by,
        otherReceipts: plan.otherReceipts,
      },
      lines: plan.lines,
      honoraria: plan.honoraria.map((h) => ({
        position: h.position,
        monthlyRate: h.monthlyRate,
        months: h.months,
      })),
      totals: computePlanTotals(input),
      signatories: signatoriesOf(plan),
      approval:
        plan.row.resolution_number && plan.row.approved_on
          ? { resolutionNumber: plan.row.resolution_number, approvedOn: plan.row.approved_on }
          : null,
    };
  }

  return {
    /** GET /api/budget-plans?year=: every version, newest year and amendment first. */
    async list(user: AuthUser, year: number | undefined): Promise<PlanSummary[]> {
      const rows = await repo.listPlans(db, user, year);
      const plans = assemble(
        rows,
        await repo.planChildren(
          db,
          user,
          rows.map((r) => r.id),
        ),
      );
      const allRules = await rules(db);
      return plans.map((plan) => {
        const input = inputOf(plan);
        const totals = computePlanTotals(input);
        // Failing checks never depend on forecasts or proposals (those only warn).
        const checks = evaluatePlanChecks(input, { year: plan.row.year, rules: allRules });
        return {
          id: plan.row.id,
          year: plan.row.year,
          status: plan.row.status,
          version: plan.row.version,
          kind: plan.row.kind,
          amendment: plan.row.amendment,
          receipts: totals.receipts,
          appropriations: totals.appropriations,
          failing: checks.filter((c) => c.status === 'fail').length,
          updatedAt: plan.row.updated_at,
        };
      });
    },

    async get(user: AuthUser, id: number): Promise<BudgetPlan> {
      return toPlan(user, await load(db, user, id));
    },

    async checks(user: AuthUser, id: number): Promise<PlanCheck[]> {
      const plan = await load(db, user, id);
      return (await checksOf(user, plan, await rules(db))).checks;
    },

    /** POST /api/budget-plans: a draft pre-filled from last year's plan, proposals and forecasts. */
    async create(user: AuthUser, input: CreateInput, ctx: RequestContext): Promise<BudgetPlan> {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const { year, prefill } = input;
      // Read outside the transaction: the forecast reads through the shared handle.
      const forecasts = prefill.forecast ? await forecastsFor(user, year) : [];
      const now = clock.now();
      const stamp = now.toISOString();
      const id = await transactionWithLocks(
        db,
        deps.dialect,
        [planKey(user, year)],
        async (trx) => {
          if ((await repo.plansOfYear(trx, user, year)).length > 0) {
            throw conflict(PLAN_MESSAGES.exists(year), 'PLAN_EXISTS');
          }
          const previousRow = prefill.previousPlan
            ? await repo.latestAdoptedPlan(trx, user, year - 1)
            : undefined;
          const previous = previousRow
            ? (assemble([previousRow], await repo.planChildren(trx, user, [previousRow.id]))[0] ??
              null)
            : null;
          const proposals = prefill.acceptedProposals
            ? await repo.projectsInStatuses(trx, user, ACCEPTED_PROJECT_STATUSES, [year, year - 1])
            : [];
          const content = buildPrefill({
            year,
            previous: previous
              ? {
                  tenPercentShare: toPesos(previous.row.ten_percent_share),
                  certifiedBy: previous.row.certified_by,
                  otherReceipts: previous.otherReceipts,
                  lines: previous.lines.map(({ id: _id, ...line }) => line),
                  honoraria: previous.honoraria,
                }
              : null,
            proposals,
            forecasts,
          });
          // A carried-over line may name a proposal archived since: the link is dropped.
          const live = new Set(
            (
              await repo.projectsByIds(
                trx,
                user,
                content.lines.map((l) => l.projectId).filter((p) => p !== null),
              )
            ).map((p) => p.id),
          );
          const lines = content.lines.map((l) => ({
            ...l,
            projectId: l.projectId !== null && live.has(l.projectId) ? l.projectId : null,
          }));
          const codes = assignReferenceCodes(year, lines);
          const planId = await repo.insertPlan(trx, user, {
            year,
            status: 'draft',
            version: 1,
            kind: 'original',
            amendment: 0,
            base_plan_id: null,
            ten_percent_share: toCentavos(content.tenPercentShare),
            certified_on: null,
            certified_by: content.certifiedBy,
            created_by: user.id,
            created_at: stamp,
            updated_by: user.id,
            updated_at: stamp,
          });
          const stored = {
            lines: lines.map((l, i) => ({ ...l, referenceCode: codes[i] ?? '' })),
            honoraria: content.honoraria,
            otherReceipts: content.otherReceipts,
          };
          await repo.replaceChildren(trx, user, planId, childRows(stored));
          await audit(trx, user, ctx, now, {
            action: 'PLAN_CREATED',
            description: `${user.username} created the draft budget plan for ${String(year)}`,
            newValue: {
              year,
              previousPlanId: previous?.row.id ?? null,
              linesFrom: content.sources,
              ...auditSummary({
                receipts: {
                  tenPercentShare: content.tenPercentShare,
                  otherReceipts: content.otherReceipts,
                },
                lines,
                honoraria: content.honoraria,
              }),
            },
          });
          return planId;
        },
      ).catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw conflict(PLAN_MESSAGES.exists(year), 'PLAN_EXISTS');
        }
        throw error;
      });
      return toPlan(user, await load(db, user, id));
    },

    /** PUT /api/budget-plans/:id: replaces receipts, lines and honoraria in one transaction. */
    async save(user: AuthUser, id: number, input: SaveInput, ctx: RequestContext) {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      const saved = await db.transaction().execute(async (trx) => {
        const current = await load(trx, user, id);
        if (current.row.status !== 'draft') {
          throw conflict(PLAN_MESSAGES.notDraft, 'PLAN_NOT_DRAFT');
        }
        if (current.row.version !== input.version) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        await checkContent(trx, user, input.lines);
        const own = new Set(current.lines.map((l) => l.id));
        const lines = input.lines.map(({ id: lineId, ...line }) =>
          lineId !== undefined && own.has(lineId) ? { ...line, id: lineId } : line,
        );
        const codes = assignReferenceCodes(current.row.year, lines);
        const patch = {
          ten_percent_share: toCentavos(input.receipts.tenPercentShare),
          certified_on: input.receipts.certifiedOn,
          certified_by: input.receipts.certifiedBy,
          version: input.version + 1,
          updated_by: user.id,
          updated_at: stamp,
        };
        const changed = await repo.updatePlan(trx, user, id, patch, {
          version: input.version,
          statuses: ['draft'],
        });
        if (changed === 0) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        const content = {
          lines: lines.map((l, i) => ({ ...l, referenceCode: codes[i] ?? '' })),
          honoraria: input.honoraria,
          otherReceipts: input.receipts.otherReceipts,
        };
        const rows = childRows(content);
        await repo.replaceChildren(trx, user, id, rows);
        // The answer is built from what was written (the new lines' ids read back), not reloaded.
        const ids = await repo.lineIdsInOrder(trx, user, id);
        const written: repo.PlanChildren = {
          lines: rows.lines.map((line, i) => ({ ...line, id: ids[i] ?? 0, plan_id: id })),
          honoraria: rows.honoraria.map((h) => ({ ...h, id: 0, plan_id: id })),
          otherReceipts: rows.otherReceipts.map((r) => ({ ...r, id: 0, plan_id: id })),
        };
        await audit(trx, user, ctx, now, {
          action: 'PLAN_SAVED',
          description: `${user.username} saved the ${planLabel(current.row)}`,
          oldValue: auditSummary({ ...inputOf(current), version: current.row.version }),
          newValue: auditSummary({
            receipts: input.receipts,
            lines: content.lines,
            honoraria: input.honoraria,
            version: input.version + 1,
          }),
        });
        const row = { ...current.row, ...patch, updated_by_name: user.fullName };
        return assemble([row], written)[0] as StoredPlan;
      });
      return toPlan(user, saved);
    },

    /**
     * POST /api/budget-plans/:id/approve: refused while a check fails; stores the optional
     * signed resolution with the rows (both or neither). Approving a new version supersedes the
     * version it amends.
     */
    async approve(
      user: AuthUser,
      id: number,
      input: ApproveInput,
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<BudgetPlan> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
      }
      if (file) {
        if (file.size > PLAN_RESOLUTION_MAX_BYTES) {
          throw payloadTooLarge(
            PLAN_MESSAGES.resolutionTooLarge(PLAN_RESOLUTION_MAX_BYTES / (1024 * 1024)),
            'PLAN_RESOLUTION_TOO_LARGE',
          );
        }
        if ((await detectDocumentType(file.path)) !== 'pdf') {
          throw badRequest(PLAN_MESSAGES.resolutionNotPdf, 'PLAN_RESOLUTION_NOT_PDF');
        }
      }
      const storedName = file ? newStoredName('pdf') : null;
      const now = clock.now();
      const stamp = now.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const plan = await load(trx, user, id);
          if (plan.row.status !== 'draft') {
            throw conflict(PLAN_MESSAGES.notDraft, 'PLAN_NOT_DRAFT');
          }
          const checks = evaluatePlanChecks(inputOf(plan), {
            year: plan.row.year,
            rules: await rules(trx),
          });
          if (!planChecksPass(checks)) {
            throw new AppError(
              'PLAN_CHECKS_FAILING',
              PLAN_MESSAGES.approveFailing(
                checks.filter((c) => c.status === 'fail').map((c) => c.message),
              ),
              422,
            );
          }
          const changed = await repo.updatePlan(
            trx,
            user,
            id,
            {
              status: 'approved',
              resolution_number: input.resolutionNumber,
              approved_on: input.approvedOn,
              approved_by: user.id,
              approved_by_name: user.fullName,
              approved_at: stamp,
              ...(file && storedName
                ? {
                    resolution_stored_name: storedName,
                    resolution_file_name: file.originalName,
                    resolution_size_bytes: file.size,
                    resolution_sha256: file.sha256,
                  }
                : {}),
              version: plan.row.version + 1,
              updated_by: user.id,
              updated_at: stamp,
            },
            { version: plan.row.version, statuses: ['draft'] },
          );
          if (changed === 0) {
            throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
          }
          let superseded: number | null = null;
          if (plan.row.base_plan_id !== null) {
            const base = await repo.findPlan(trx, user, plan.row.base_plan_id);
            if (
              base &&
              (await repo.updatePlan(
                trx,
                user,
                base.id,
                {
                  status: 'superseded',
                  version: base.version + 1,
                  updated_by: user.id,
                  updated_at: stamp,
                },
                { statuses: ['approved', 'posted'] },
              )) > 0
            ) {
              superseded = base.id;
            }
          }
          await audit(trx, user, ctx, now, {
            action: 'PLAN_APPROVED',
            description: `${user.username} approved the ${planLabel(plan.row)} (resolution ${input.resolutionNumber})`,
            oldValue: { status: 'draft', version: plan.row.version },
            newValue: {
              status: 'approved',
              resolutionNumber: input.resolutionNumber,
              approvedOn: input.approvedOn,
              resolutionFile: file ? { name: file.originalName, sha256: file.sha256 } : null,
              supersededPlanId: superseded,
              ...auditSummary(inputOf(plan)),
            },
          });
          if (file && storedName) {
            await storage.commit(file, storedName);
          }
        });
      } catch (error) {
        if (storedName) {
          await storage.remove(storedName);
        }
        throw error;
      }
      return toPlan(user, await load(db, user, id));
    },

    /** POST /api/budget-plans/:id/post: an approved plan goes on the public board. */
    async post(user: AuthUser, id: number, ctx: RequestContext): Promise<BudgetPlan> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const plan = await repo.findPlan(trx, user, id);
        if (!plan) {
          throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
        }
        if (plan.status !== 'approved') {
          throw conflict(PLAN_MESSAGES.notApproved, 'PLAN_NOT_APPROVED');
        }
        const changed = await repo.updatePlan(
          trx,
          user,
          id,
          {
            status: 'posted',
            posted_at: stamp,
            posted_by: user.id,
            version: plan.version + 1,
            updated_by: user.id,
            updated_at: stamp,
          },
          { version: plan.version, statuses: ['approved'] },
        );
        if (changed === 0) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        // Every line of the posted version becomes (or stays) a tracked item of the tracker.
        const trackedItemsCreated = await ensureTrackedItems(trx, user, plan.year, now);
        // The posted appropriations become the year's raw budget data (forecasts use them).
        await postPlanRawValues(trx, deps.dialect, user, stamp);
        await audit(trx, user, ctx, now, {
          action: 'PLAN_POSTED',
          description: `${user.username} posted the ${planLabel(plan)} to the public disclosure board`,
          oldValue: { status: 'approved' },
          newValue: { status: 'posted', postedAt: stamp, trackedItemsCreated },
        });
      });
      return toPlan(user, await load(db, user, id));
    },

    /** POST /api/budget-plans/:id/revise: a new draft version of an approved or posted plan. */
    async revise(
      user: AuthUser,
      id: number,
      kind: 'supplemental' | 'realignment',
      ctx: RequestContext,
    ): Promise<BudgetPlan> {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const source = await repo.findPlan(db, user, id);
      if (!source) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      const newId = await transactionWithLocks(
        db,
        deps.dialect,
        [planKey(user, source.year)],
        async (trx) => {
          const plan = await load(trx, user, id);
          if (plan.row.status !== 'approved' && plan.row.status !== 'posted') {
            throw conflict(PLAN_MESSAGES.notRevisable, 'PLAN_NOT_REVISABLE');
          }
          const year = plan.row.year;
          const versions = await repo.plansOfYear(trx, user, year);
          if (versions.some((v) => v.status === 'draft')) {
            throw conflict(PLAN_MESSAGES.draftExists(year), 'PLAN_DRAFT_EXISTS');
          }
          const amendment = ((await repo.maxAmendment(trx, user, year)) ?? 0) + 1;
          const planId = await repo.insertPlan(trx, user, {
            year,
            status: 'draft',
            version: 1,
            kind,
            amendment,
            base_plan_id: plan.row.id,
            ten_percent_share: plan.row.ten_percent_share,
            certified_on: plan.row.certified_on,
            certified_by: plan.row.certified_by,
            created_by: user.id,
            created_at: stamp,
            updated_by: user.id,
            updated_at: stamp,
          });
          await repo.replaceChildren(
            trx,
            user,
            planId,
            childRows({
              // The copy keeps the reference codes: they are what the differences match on.
              lines: plan.lines.map(({ id: _id, ...line }) => line),
              honoraria: plan.honoraria,
              otherReceipts: plan.otherReceipts,
            }),
          );
          await audit(trx, user, ctx, now, {
            action: 'PLAN_REVISED',
            description: `${user.username} started a ${kind} budget (version ${String(amendment)}) of the ${planLabel(plan.row)}`,
            newValue: { basePlanId: plan.row.id, kind, amendment, year },
          });
          return planId;
        },
      ).catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw conflict(PLAN_MESSAGES.draftExists(source.year), 'PLAN_DRAFT_EXISTS');
        }
        throw error;
      });
      return toPlan(user, await load(db, user, newId));
    },

    /** GET /api/budget-plans/:id/resolution-url: a five-minute link to the signed resolution. */
    async resolutionLink(user: AuthUser, id: number): Promise<string> {
      const plan = await repo.findPlan(db, user, id);
      if (!plan) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      if (!plan.resolution_stored_name) {
        throw notFound(PLAN_MESSAGES.noResolution, 'PLAN_NO_RESOLUTION');
      }
      return signLink(
        deps.appSecret,
        RESOLUTION_SCOPE,
        RESOLUTION_LINK_PATH,
        plan.resolution_stored_name,
        clock.now(),
      );
    },

    verifyResolutionLink(storedName: string, exp: string | undefined, sig: string | undefined) {
      return verifyLink(deps.appSecret, RESOLUTION_SCOPE, storedName, exp, sig, clock.now());
    },

    /** What a verified resolution link opens. */
    async resolutionForLink(storedName: string) {
      const plan = await repo.findPlanByResolution(db, storedName);
      if (!plan?.resolution_stored_name || !(await storage.exists(storedName))) {
        throw notFound(PLAN_MESSAGES.noResolution, 'PLAN_NO_RESOLUTION');
      }
      return {
        doc: {
          mime_type: 'application/pdf',
          file_type: 'pdf',
          original_name: plan.resolution_file_name ?? 'resolution.pdf',
          size_bytes: plan.resolution_size_bytes ?? 0,
        },
        stream: await storage.open(storedName),
      };
    },

    /** The ABYIP or annual budget of a plan of the caller's barangay, as xlsx or PDF. */
    async document(
      user: AuthUser,
      id: number,
      document: PlanDocument,
      format: PlanDocumentFormat,
    ): Promise<RenderedDocument> {
      const plan = await load(db, user, id);
      return renderPlanDocument(
        documentPlan({ code: user.barangayCode, name: user.barangayName }, plan),
        document,
        format,
      );
    },

    /** GET /api/public/disclosure/:barangayCode: posted material only, no sign-in. */
    async disclosure(code: string) {
      const barangay = await repo.barangayByCode(db, code);
      if (!barangay) {
        throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
      }
      const scope = { barangayId: barangay.id };
      const posted = await repo.postedPlans(db, scope);
      // The newest posted version of each year (rows come newest amendment first).
      const newest = posted.filter(
        (row, i) => posted.findIndex((other) => other.year === row.year) === i,
      );
      const plans = assemble(
        newest,
        await repo.planChildren(
          db,
          scope,
          newest.map((r) => r.id),
        ),
      );
      const projects = await repo.projectsInStatuses(db, scope, ACCEPTED_PROJECT_STATUSES);
      return {
        success: true as const,
        barangay: { code: barangay.code, name: barangay.name },
        plans: plans.map(toDisclosurePlan),
        projects: projects.map(
          (p): DisclosureProject => ({
            referenceNumber: p.reference_number,
            title: p.title,
            status: p.status,
            year: p.reference_year,
          }),
        ),
      };
    },

    /** A posted plan's document for the public board. */
    async publicDocument(
      code: string,
      id: number,
      document: PlanDocument,
      format: PlanDocumentFormat,
    ): Promise<RenderedDocument> {
      const barangay = await repo.barangayByCode(db, code);
      if (!barangay) {
        throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
      }
      const scope = { barangayId: barangay.id };
      const row = await repo.findPlan(db, scope, id);
      if (!row?.posted_at) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      const [plan] = assemble([row], await repo.planChildren(db, scope, [row.id]));
      return renderPlanDocument(
        documentPlan({ code: barangay.code, name: barangay.name }, plan as StoredPlan),
        document,
        format,
      );
    },
  };
}

export type BudgetPlanService = ReturnType<typeof createBudgetPlanService>;
