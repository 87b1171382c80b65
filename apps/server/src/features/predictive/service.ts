import {
  MONTHS,
  OTHERS_CATEGORY,
  QUARTERS,
  TREND_MESSAGES,
  YOUTH_WORDS,
  manilaParts,
  manilaYear,
  type AnalysisOptions,
  type AnalysisType,
  type Language,
  type PredictiveResult,
  type ProjectTrendsResponse,
  type TrendItem,
} from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { categoryChoices, inferCategory } from '../../common/project-category.ts';
import { writeAnalysis } from './analysis-writer.ts';
import {
  anyBlended,
  budgetFacts,
  cellsOf,
  weightingText,
  type BudgetData,
  type BudgetFacts,
  type FactsScope,
  type PeerCell,
} from './budget-facts.ts';
import { forecastYears, type YearForecast, type YearValue } from './forecast-adapter.ts';
import { checkCustomCategory } from './custom-category.ts';
import type { CsvBudget } from './csv-data.ts';
import { projectFacts, type ProjectRecord } from './project-facts.ts';
import * as repo from './repository.ts';
import { PREDICTIVE_PHRASES, type ProjectWindow, type TargetPeriod } from './phrases.ts';
import { trendItems } from './trend-items.ts';
import { reusableAnswer } from '../../lib/reusable-answer.ts';

export const ANALYST_ENGINE = 'built-in analyst (statistical forecasts from @sk-tanaw/forecast)';

interface BarangayData {
  key: string;
  projects: ProjectRecord[];
  budget: BudgetData;
  categories: string[];
  peers: PeerCell[];
  peerBarangays: number;
}

export interface TrendQuery {
  category: string | null;
  year: number | null;
  budget: TrendItem['impact'] | null;
  startDate: string | null;
  endDate: string | null;
}

export interface CustomTrendQuery extends TrendQuery {
  customCategory: string | null;
  otherCategory: string | null;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The trends' label (and `metadata.category`) when no category is chosen. */
const ALL_CATEGORIES = 'All Categories';

export function createPredictiveService(deps: { db: AppDb; clock: Clock }) {
  const { db, clock } = deps;
  /** Per barangay: its data, valid while its key (data versions, project stamp) holds. */
  const dataCache = new Map<number, BarangayData>();
  /** Finished answers per barangay data key and request; small, cleared on a new key. */
  const answerCache = new Map<string, unknown>();
  /**
   * Forecasts by series content: a data change recomputes only the series it changed, and the
   * analysis and the trend cards share the forecasts they both need.
   */
  const forecastCache = new Map<string, YearForecast>();
  const cachedForecast = (points: readonly YearValue[], horizon: number): YearForecast => {
    const key = `${horizon}|${points.map((p) => `${p.year}:${p.value ?? ''}`).join(',')}`;
    const hit = forecastCache.get(key);
    if (hit) {
      return hit;
    }
    const made = forecastYears(points, horizon);
    if (forecastCache.size >= 20_000) {
      forecastCache.clear();
    }
    forecastCache.set(key, made);
    return made;
  };
  const factsFor = (
    budget: BudgetData,
    peers: readonly PeerCell[],
    peerBarangays: number,
    targetYear: number,
    scope: FactsScope,
  ): BudgetFacts => budgetFacts(budget, peers, peerBarangays, targetYear, scope, cachedForecast);

  /** Per barangay: its raw budget data and its peers', valid while every raw-data version holds. */
  const rawCache = new Map<
    number,
    { versions: string; budget: BudgetData; peers: PeerCell[]; peerBarangays: number }
  >();

  async function loadRaw(scope: BarangayScope, versions: string) {
    const cached = rawCache.get(scope.barangayId);
    if (cached?.versions === versions) {
      return cached;
    }
    const [cells, lines, peers, peerBarangays] = await Promise.all([
      repo.budgetCells(db, scope),
      repo.pairLines(db, scope),
      repo.pooledPeerBudgets(db, scope),
      repo.countPeerBarangays(db, scope),
    ]);
    const raw = { versions, budget: { cells, lines }, peers, peerBarangays };
    rawCache.set(scope.barangayId, raw);
    return raw;
  }

  async function loadData(scope: BarangayScope): Promise<BarangayData> {
    const { barangayId } = scope;
    const [allVersions, stamp] = await Promise.all([
      repo.rawVersions(db),
      repo.projectStamp(db, scope),
    ]);
    const versions = allVersions.map((v) => `${v.barangayId}.${v.version}`).join(',');
    const key = `${versions}|${stamp}`;
    const cached = dataCache.get(barangayId);
    if (cached?.key === key) {
      return cached;
    }
    // A status change reloads the projects only; an upload reloads the budgets only.
    const raw = await loadRaw(scope, versions);
    const { lines } = raw.budget;
    const [projects, history, withDocs] = await Promise.all([
      repo.listProjects(db, scope),
      repo.listHistory(db, scope),
      repo.projectsWithDocuments(db, scope),
    ]);
    const categories = [...new Set(lines.map((r) => r.category))].sort((a, b) =>
      a.localeCompare(b),
    );
    const choices = categoryChoices(categories);
    const steps = new Map<number, ProjectRecord['history']>();
    for (const h of history) {
      const list = steps.get(h.project_id) ?? [];
      list.push({ to: h.to_status, at: h.changed_at, remarks: h.remarks });
      steps.set(h.project_id, list);
    }
    const docs = new Set(withDocs);
    const data: BarangayData = {
      key,
      projects: projects.map((p) => ({
        id: p.id,
        status: p.status,
        // Projects filed before categories existed get the same keyword inference.
        category: p.category ?? inferCategory(`${p.title} ${p.description}`, choices),
        submittedAt: p.submitted_at,
        hasDocument: docs.has(p.id),
        history: steps.get(p.id) ?? [],
      })),
      budget: raw.budget,
      categories,
      peers: raw.peers,
      peerBarangays: raw.peerBarangays,
    };
    dataCache.set(barangayId, data);
    for (const k of answerCache.keys()) {
      if (k.startsWith(`${barangayId}|`)) {
        answerCache.delete(k);
      }
    }
    return data;
  }

  function memo<T>(scope: BarangayScope, data: BarangayData, request: unknown, make: () => T): T {
    const k = `${scope.barangayId}|${data.key}|${JSON.stringify(request)}`;
    const hit = answerCache.get(k);
    if (hit !== undefined) {
      return hit as T;
    }
    const value = make();
    if (typeof value === 'object' && value !== null) {
      reusableAnswer(value);
    }
    if (answerCache.size > 500) {
      answerCache.clear();
    }
    answerCache.set(k, value);
    return value;
  }

  function analyse(
    data: Pick<BarangayData, 'projects' | 'budget' | 'peers' | 'peerBarangays'>,
    options: AnalysisOptions,
    analysisType: AnalysisType,
    dataSource: string,
    lang: Language,
  ): PredictiveResult {
    const t = PREDICTIVE_PHRASES[lang];
    const now = clock.now();
    const nextYear = manilaYear(now) + 1;
    const { time_period: period, time_detail: detail, category } = options;
    const targetYear = period === 'Yearly' && detail ? Number(detail) : nextYear;
    const inCategory = (c: string | null) => !category || (c !== null && sameText(c, category));
    let projects = data.projects.filter((p) => inCategory(p.category));
    let window: ProjectWindow = { kind: 'all' };
    if (period === 'Yearly' && detail) {
      projects = projects.filter((p) => manilaYear(p.submittedAt) <= targetYear);
      window = { kind: 'upTo', year: targetYear };
    } else if (period === 'Quarterly' && detail) {
      const q = QUARTERS.indexOf(detail as (typeof QUARTERS)[number]);
      projects = projects.filter(
        (p) => Math.floor((manilaParts(p.submittedAt).month - 1) / 3) === q,
      );
      window = { kind: 'in', detail };
    } else if (period === 'Monthly' && detail) {
      const m = MONTHS.indexOf(detail as (typeof MONTHS)[number]);
      projects = projects.filter((p) => manilaParts(p.submittedAt).month - 1 === m);
      window = { kind: 'in', detail };
    }
    const target: TargetPeriod =
      period === 'Yearly' && detail
        ? { kind: 'year', year: targetYear }
        : period !== 'None' && detail
          ? { kind: 'detail', detail, year: targetYear }
          : period === 'Quarterly'
            ? { kind: 'eachQuarter', year: targetYear }
            : period === 'Monthly'
              ? { kind: 'eachMonth', year: targetYear }
              : { kind: 'nextYear', year: targetYear };
    const budget = factsFor(
      narrow(data.budget, (c) => inCategory(c)),
      data.peers,
      data.peerBarangays,
      targetYear,
      'analysis',
    );
    return writeAnalysis(projectFacts(projects), budget, {
      options,
      analysisType,
      targetLabel: t.targetLabel(target),
      projectWindow: t.projectWindow(window),
      dataSource,
      timestamp: now.toISOString(),
      engine: ANALYST_ENGINE,
      lang,
    });
  }

  function ownSource(user: AuthUser, data: BarangayData, lang: Language): string {
    const ppas = data.budget.lines.reduce((a, l) => a + l.ppas, 0);
    return PREDICTIVE_PHRASES[lang].ownSource(user.barangayName, data.projects.length, ppas);
  }

  function trends(
    user: AuthUser,
    data: BarangayData,
    query: TrendQuery,
    match: { label: string; budget: BudgetData; error: string | null },
    lang: Language,
  ): ProjectTrendsResponse {
    const t = PREDICTIVE_PHRASES[lang];
    const forecastYear = query.year ?? manilaYear(clock.now()) + 1;
    const from = query.startDate ? Number(query.startDate.slice(0, 4)) : null;
    const to = query.endDate ? Number(query.endDate.slice(0, 4)) : null;
    const budget = {
      ...match.budget,
      cells: match.budget.cells.filter(
        (r) => (from === null || r.year >= from) && (to === null || r.year <= to),
      ),
    };
    const facts = factsFor(budget, data.peers, data.peerBarangays, forecastYear, 'trends');
    let items = trendItems(facts.pairs, 'trend', lang);
    if (query.budget) {
      items = items.filter((i) => i.impact === query.budget);
    }
    const years = facts.years;
    const errorDetails =
      match.error ??
      (items.length === 0
        ? t.cards.noRecords({
            label: match.label === ALL_CATEGORIES ? t.cards.allCategories : match.label,
            year: forecastYear,
            dated: from !== null || to !== null,
            impact: query.budget,
          })
        : null);
    return {
      success: true,
      trends: items,
      categories: data.categories,
      forecast_year: forecastYear,
      metadata: {
        generated_at: clock.now().toISOString(),
        forecast_year: forecastYear,
        category: match.label,
        historical_data_points: facts.dataPoints,
        internet_sources_used: 0,
        note: t.cards.note({
          engine: ANALYST_ENGINE,
          barangay: user.barangayName,
          ppas: facts.ppaCount,
          years:
            years.length > 0 ? { first: years[0] ?? 0, last: years[years.length - 1] ?? 0 } : null,
        }),
        data_weighting: weightingText({ ...facts, blended: anyBlended(facts.pairs) }, lang),
        error_details: errorDetails,
      },
      ...(items.length === 0 && errorDetails ? { message: errorDetails } : {}),
    };
  }

  return {
    /** Drops cached data and answers (a restore can reuse version numbers for other data). */
    forgetCached(): void {
      dataCache.clear();
      answerCache.clear();
    },

    async analysis(
      user: AuthUser,
      options: AnalysisOptions,
      analysisType: AnalysisType,
      lang: Language = user.language,
    ): Promise<PredictiveResult> {
      const data = await loadData(user);
      return memo(user, data, ['analysis', options, analysisType, lang], () =>
        analyse(data, options, analysisType, ownSource(user, data, lang), lang),
      );
    },

    /** The same analysis on an uploaded file's budget rows (not stored); projects are the barangay's. */
    async analyseFile(
      user: AuthUser,
      options: AnalysisOptions,
      file: { name: string; budget: CsvBudget },
      lang: Language = user.language,
    ): Promise<PredictiveResult> {
      const data = await loadData(user);
      const budget = cellsOf(file.budget.rows);
      const ppas = budget.lines.reduce((a, l) => a + l.ppas, 0);
      return analyse(
        { projects: data.projects, budget, peers: [], peerBarangays: 0 },
        options,
        'specified',
        PREDICTIVE_PHRASES[lang].fileSource({
          name: file.name,
          ppas,
          rows: file.budget.totalRows,
          skipped: file.budget.errorRows,
          barangay: user.barangayName,
          projects: data.projects.length,
        }),
        lang,
      );
    },

    async projectTrends(
      user: AuthUser,
      query: TrendQuery,
      lang: Language = user.language,
    ): Promise<ProjectTrendsResponse> {
      const data = await loadData(user);
      return memo(user, data, ['trends', query, lang], () => {
        const category = query.category;
        return trends(
          user,
          data,
          query,
          {
            label: category ?? ALL_CATEGORIES,
            budget: category ? narrow(data.budget, (c) => sameText(c, category)) : data.budget,
            error: null,
          },
          lang,
        );
      });
    },

    async customProjectTrends(
      user: AuthUser,
      query: CustomTrendQuery,
      lang: Language = user.language,
    ): Promise<ProjectTrendsResponse> {
      const chosen =
        query.customCategory && query.customCategory !== 'all' ? query.customCategory : null;
      if (!chosen && query.year === null) {
        throw badRequest(TREND_MESSAGES.needCategoryOrYear, 'CATEGORY_OR_YEAR_REQUIRED');
      }
      const custom = chosen === OTHERS_CATEGORY ? checkCustomCategory(query.otherCategory) : null;
      const data = await loadData(user);
      const request = ['custom', query, custom, lang];
      const cached = answerCache.get(`${user.barangayId}|${data.key}|${JSON.stringify(request)}`);
      if (cached !== undefined) {
        return cached as ProjectTrendsResponse;
      }
      if (custom) {
        const words = customWords(custom);
        const [cells, lines] =
          words.length > 0
            ? await Promise.all([
                repo.budgetCells(db, user, words),
                repo.pairLines(db, user, words),
              ])
            : [[], []];
        return memo(user, data, request, () =>
          trends(
            user,
            data,
            query,
            {
              label: custom,
              budget: { cells, lines },
              error: cells.length === 0 ? PREDICTIVE_PHRASES[lang].cards.noMatch(custom) : null,
            },
            lang,
          ),
        );
      }
      return memo(user, data, request, () =>
        trends(
          user,
          data,
          query,
          {
            label: chosen ?? ALL_CATEGORIES,
            budget: chosen ? narrow(data.budget, (c) => sameText(c, chosen)) : data.budget,
            error: null,
          },
          lang,
        ),
      );
    },
  };
}

/** The budget data of the categories that pass `keep`. */
function narrow(budget: BudgetData, keep: (category: string) => boolean): BudgetData {
  return {
    cells: budget.cells.filter((c) => keep(c.category)),
    lines: budget.lines.filter((l) => keep(l.category)),
  };
}

/**
 * The words of a custom category that pick budget lines by their PPA name, category or committee:
 * words of four letters or more, youth words aside (every PPA here is a youth programme).
 */
export function customWords(custom: string): string[] {
  const youth = new Set<string>(YOUTH_WORDS);
  return [
    ...new Set(
      custom
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 4 && !youth.has(w)),
    ),
  ];
}

export type PredictiveService = ReturnType<typeof createPredictiveService>;
