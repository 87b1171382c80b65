import type {
  BudgetAnalysisResponse,
  ForecastResponse,
  Language,
  ViewBy,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { analyse } from './analyst.ts';
import { ANALYST_PHRASES } from './analyst-phrases.ts';
import { rewriteWithAi, type AiWriterConfig } from './ai-writer.ts';
import { RECONCILIATION, buildViewModel, toForecastView, type ViewModel } from './build.ts';
import { reusableAnswer } from '../../lib/reusable-answer.ts';
import { LruCache } from '../../lib/lru.ts';
import * as repo from './repository.ts';
import { rawDataVersion } from '../../common/raw-data-version-repository.ts';

export interface ForecastServiceDeps {
  db: AppDb;
  clock: Clock;
  logger: FastifyBaseLogger;
  horizon: number;
  /** Set when AI_BASE_URL and AI_MODEL are configured. */
  ai: AiWriterConfig | null;
  /** Cached barangay/version entries kept (forecasts and analyses). */
  cacheSize?: number;
}

interface Computed {
  response: ForecastResponse;
  models: Record<ViewBy, ViewModel>;
}

export function createForecastService(deps: ForecastServiceDeps) {
  const { db, clock, logger, horizon, ai } = deps;
  const forecasts = new LruCache<string, Promise<Computed>>(deps.cacheSize ?? 32);
  const analyses = new LruCache<string, Promise<BudgetAnalysisResponse>>(
    (deps.cacheSize ?? 32) * 2,
  );

  /** Caches the promise, so concurrent first requests share one computation; failures are dropped. */
  function cached<T>(cache: LruCache<string, Promise<T>>, key: string, make: () => Promise<T>) {
    const hit = cache.get(key);
    if (hit) {
      return hit;
    }
    const promise = make();
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
    return promise;
  }

  async function compute(scope: BarangayScope, version: number): Promise<Computed> {
    const cells = await repo.budgetCells(db, scope);
    const models = {
      committee: buildViewModel(cells, 'committee', horizon),
      category: buildViewModel(cells, 'category', horizon),
    };
    return {
      models,
      response: reusableAnswer({
        success: true,
        by_committee: toForecastView(models.committee),
        by_category: toForecastView(models.category),
        horizon,
        reconciliation: RECONCILIATION,
        data_version: version,
        generated_at: clock.now().toISOString(),
      }),
    };
  }

  async function computed(scope: BarangayScope) {
    const version = await rawDataVersion(db, scope);
    const value = await cached(forecasts, `${scope.barangayId}:${version}`, () =>
      compute(scope, version),
    );
    return { version, value };
  }

  async function write(
    model: ViewModel,
    version: number,
    lang: Language,
  ): Promise<BudgetAnalysisResponse> {
    const { confidence, ...facts } = analyse(model, lang);
    const base = {
      success: true as const,
      confidence: confidence.value,
      metadata: {
        generated_at: clock.now().toISOString(),
        view_by: model.viewBy,
        engine: 'built-in analyst' as const,
        data_source: ANALYST_PHRASES[lang].dataSource,
        series_analyzed: model.series.length,
        years: model.recordedYears,
        forecast_years: model.forecastYears,
        confidence_method: confidence.method,
        data_version: version,
      },
    };
    if (!ai || model.series.length === 0) {
      return { ...base, ...facts };
    }
    try {
      const prose = await rewriteWithAi(ai, facts, {
        viewBy: model.viewBy,
        years: model.recordedYears,
        forecastYears: model.forecastYears,
        lang,
      });
      return {
        ...base,
        ...prose,
        metadata: { ...base.metadata, engine: 'ai', ai_model: ai.model },
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown failure';
      logger.warn({ reason }, 'AI writer failed; the built-in analyst answers');
      return { ...base, ...facts, metadata: { ...base.metadata, ai_fallback_reason: reason } };
    }
  }

  return {
    /**
     * Drops every cached forecast and analysis: after a restore the raw-data versions they are
     * keyed on may name different data.
     */
    forgetCached(): void {
      forecasts.clear();
      analyses.clear();
    },

    /** GET /api/forecast for the user's barangay. */
    async forecast(user: AuthUser): Promise<ForecastResponse> {
      return (await computed(user)).value.response;
    },

    /**
     * GET /api/forecast-analysis for the user's barangay and the chosen view, written in `lang`
     * (the route passes the `lang` parameter, else the account's language).
     */
    async analysis(
      user: AuthUser,
      viewBy: ViewBy,
      lang: Language = user.language,
    ): Promise<BudgetAnalysisResponse> {
      const { version, value } = await computed(user);
      return cached(analyses, `${user.barangayId}:${version}:${viewBy}:${lang}`, async () =>
        reusableAnswer(await write(value.models[viewBy], version, lang)),
      );
    },
  };
}

export type ForecastService = ReturnType<typeof createForecastService>;
