import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';
import { LangQuerySchema } from './language-schemas.ts';

/** Spec part 2 section 9: the page waits at most 3 minutes for an analysis. */
export const ANALYSIS_TIMEOUT_MS = 180_000;
/** Spec part 2 section 9: the chart is 600 px tall. */
export const FORECAST_CHART_HEIGHT = 600;
/** Years forecast after the last recorded year unless FORECAST_HORIZON says otherwise. */
export const DEFAULT_FORECAST_HORIZON = 3;

/**
 * Okabe-Ito's eight colour-blind-safe colours (black moved last: it hides the whiskers), then
 * Paul Tol's muted scheme for more series. Series take `colors[index % colors.length]`.
 */
export const FORECAST_PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#332288',
  '#88CCEE',
  '#117733',
  '#AA4499',
  '#999933',
  '#882255',
  '#44AA99',
  '#DDCC77',
  '#000000',
] as const;

export const VIEW_BY_VALUES = ['committee', 'category'] as const;
export type ViewBy = (typeof VIEW_BY_VALUES)[number];

/** Texts of spec part 2 sections 2, 5 and 8 for the Budget Forecasting page. */
export const FORECAST_MESSAGES = {
  pageTitle: 'Budget Forecasting',
  viewByCommittee: 'View by Committee',
  viewByCategory: 'View by Category',
  loadingChart: 'Loading Chart Data...',
  noData: 'No data available.',
  chartTitle: (view: ViewBy) =>
    `Stacked Budget by ${view === 'committee' ? 'Committee' : 'Category'} and Year`,
  yAxisTitle: 'Budget Amount (PHP)',
  analysisLoading: 'Generating AI insights... This may take a minute.',
  analysisErrorTitle: 'Analysis Error',
  analysisIdle: 'Select a view (e.g., by Committee) to generate AI-powered analysis.',
  defaultChartTitle: 'Understanding the Chart',
  defaultTrendTitle: 'Untitled Trend',
  defaultTrendDescription: 'No description provided.',
  invalidForecast: 'Invalid data structure received from server.',
  forecastFailed: 'Forecasting error, please try again later.',
  analysisNotObject: 'Invalid analysis data format: response is not a JSON object.',
  analysisBackendFailed: 'Analysis generation failed in the backend.',
  analysisMissingKeys:
    'Analysis response is missing key data (summary, trends, or recommendations).',
  analysisTimeout:
    'The AI analysis took too long to respond. This can happen with large datasets. Please try again later.',
  analysisFailed: 'Failed to fetch analysis.',
  badViewBy: "view_by must be 'committee' or 'category'.",
} as const;

const money = z.number();

export const BacktestSchema = z.object({
  /** Mean sMAPE (percent, 0-200) of rolling-origin forecasts made on the history itself. */
  smape: z.number(),
  mase: z.number().nullable(),
  origins: z.number().int(),
  horizon: z.number().int(),
});
export type Backtest = z.infer<typeof BacktestSchema>;

export const ForecastPointSchema = z.object({
  year: z.number().int(),
  /** Reconciled point forecast: what the stack shows. */
  mean: money,
  lower80: money,
  upper80: money,
  lower95: money,
  upper95: money,
});
export type ForecastPoint = z.infer<typeof ForecastPointSchema>;

export const ForecastSeriesDetailSchema = z.object({
  name: z.string(),
  color: z.string(),
  method: z.string(),
  backtest: BacktestSchema.nullable(),
  /** Recorded years the forecast learnt from. */
  observations: z.number().int(),
  flags: z.array(z.string()),
  notes: z.array(z.string()),
  forecasts: z.array(ForecastPointSchema),
});
export type ForecastSeriesDetail = z.infer<typeof ForecastSeriesDetailSchema>;

export const ForecastTotalSchema = z.object({
  year: z.number().int(),
  total: money,
  forecast: z.boolean(),
  /** Intervals of the total; null for recorded years. */
  lower80: money.nullable(),
  upper80: money.nullable(),
  lower95: money.nullable(),
  upper95: money.nullable(),
});
export type ForecastTotal = z.infer<typeof ForecastTotalSchema>;

/** One view (by committee or by category) in the spec's shape plus the forecast's details. */
export const ForecastViewSchema = z.object({
  /** Year labels: the recorded years, then the forecast years. */
  years: z.array(z.string()),
  /** Series names (committees or categories; the spec uses this key for both views). */
  committees: z.array(z.string()),
  colors: z.array(z.string()),
  budget_data: z.array(
    z.object({
      year: z.string(),
      forecast: z.boolean(),
      data: z.array(z.object({ committee: z.string(), budget: money })),
    }),
  ),
  forecast_years: z.array(z.string()),
  totals: z.array(ForecastTotalSchema),
  series: z.array(ForecastSeriesDetailSchema),
  total_method: z.string().nullable(),
  total_backtest: BacktestSchema.nullable(),
});
export type ForecastView = z.infer<typeof ForecastViewSchema>;

export const ForecastResponseSchema = z.object({
  success: z.literal(true),
  by_committee: ForecastViewSchema,
  by_category: ForecastViewSchema,
  horizon: z.number().int(),
  /** How stacks are made to add up to the forecast total. */
  reconciliation: z.string(),
  data_version: z.number().int(),
  generated_at: z.string(),
});
export type ForecastResponse = z.infer<typeof ForecastResponseSchema>;

export const forecastEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/forecast',
  response: ForecastResponseSchema,
});

export const TREND_TYPES = ['positive', 'negative', 'info'] as const;

export const AnalysisTrendSchema = z.object({
  type: z.enum(TREND_TYPES),
  title: z.string(),
  description: z.string(),
});
export type AnalysisTrend = z.infer<typeof AnalysisTrendSchema>;

export const ChartExplanationSchema = z.object({
  title: z.string(),
  description: z.string(),
  keyInsights: z.array(z.string()),
  howToRead: z.array(z.string()),
});

/** What an analysis writer (built-in or AI) produces: the prose part of the answer. */
export const AnalysisProseSchema = z.object({
  summary: z.string().min(1),
  trends: z.array(AnalysisTrendSchema),
  recommendations: z.array(z.object({ action: z.string().min(1) })),
  chartExplanation: ChartExplanationSchema,
});
export type AnalysisProse = z.infer<typeof AnalysisProseSchema>;

export const ANALYSIS_ENGINES = ['built-in analyst', 'ai'] as const;

export const AnalysisMetadataSchema = z.object({
  generated_at: z.string(),
  view_by: z.enum(VIEW_BY_VALUES),
  /** Which writer produced the text: 'built-in analyst' or 'ai' (then `ai_model` names it). */
  engine: z.enum(ANALYSIS_ENGINES),
  ai_model: z.string().optional(),
  /** Why the AI writer was not used although configured (timeout, invalid answer...). */
  ai_fallback_reason: z.string().optional(),
  data_source: z.string(),
  series_analyzed: z.number().int(),
  years: z.array(z.number().int()),
  forecast_years: z.array(z.number().int()),
  /** How `confidence` was computed, with the measured figures. */
  confidence_method: z.string(),
  data_version: z.number().int(),
});

/**
 * GET /api/forecast-analysis: the union of the forecast page's analysis and the spec's
 * admin-area variant (chartExplanation, confidence, metadata).
 */
export const BudgetAnalysisResponseSchema = AnalysisProseSchema.extend({
  success: z.literal(true),
  confidence: z.number().min(0).max(1),
  metadata: AnalysisMetadataSchema,
  error: z.boolean().optional(),
  message: z.string().optional(),
});
export type BudgetAnalysisResponse = z.infer<typeof BudgetAnalysisResponseSchema>;

/** `lang`: the language of the texts (`en` or `fil`); absent means the account's language. */
export const BudgetAnalysisQuerySchema = z.object({
  view_by: z.enum(VIEW_BY_VALUES, { error: FORECAST_MESSAGES.badViewBy }).default('committee'),
  ...LangQuerySchema.shape,
});
export type BudgetAnalysisQuery = z.infer<typeof BudgetAnalysisQuerySchema>;

export const budgetAnalysisEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/forecast-analysis',
  response: BudgetAnalysisResponseSchema,
  query: BudgetAnalysisQuerySchema,
});
