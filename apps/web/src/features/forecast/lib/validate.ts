import { i18n } from '../../../i18n/index.ts';
import {
  TREND_TYPES,
  type BudgetAnalysisResponse,
  type ForecastResponse,
} from '@sk-tanaw/contract';

/** Spec part 2 section 5: a forecast answer needs both views. */
export function validateForecast(data: unknown): ForecastResponse {
  if (
    typeof data !== 'object' ||
    data === null ||
    !('by_committee' in data) ||
    !('by_category' in data) ||
    !data.by_committee ||
    !data.by_category
  ) {
    throw new Error(i18n._('forecast.error.invalidForecast'));
  }
  return data as ForecastResponse;
}

export interface AnalysisTrendView {
  type: string;
  title: string;
  description: string;
}

/** The analysis as the panel shows it: every optional part filled with the spec's defaults. */
export interface AnalysisView {
  summary: string;
  trends: AnalysisTrendView[];
  recommendations: string[];
  chartExplanation: {
    title: string;
    description: string;
    keyInsights: string[];
    howToRead: string[];
  };
  confidence: number | null;
  generatedAt: string | null;
  engine: string | null;
  aiModel: string | null;
  confidenceMethod: string | null;
  dataSource: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * Spec part 2 section 5: the analysis must be an object; an error flag fails with its message;
 * without summary, trends and recommendations all together it is incomplete.
 */
export function validateAnalysis(data: unknown): AnalysisView {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(i18n._('forecast.error.analysisNotObject'));
  }
  const body = data as Partial<Record<keyof BudgetAnalysisResponse, unknown>>;
  if (body.error) {
    throw new Error(text(body.message) || i18n._('forecast.error.analysisBackendFailed'));
  }
  if (
    body.summary === undefined &&
    body.trends === undefined &&
    body.recommendations === undefined
  ) {
    throw new Error(i18n._('forecast.error.analysisMissingKeys'));
  }
  const explanation = record(body.chartExplanation);
  const metadata = record(body.metadata);
  return {
    summary: text(body.summary),
    trends: list(body.trends).map((t) => {
      const trend = record(t);
      return {
        type: text(trend.type),
        title: text(trend.title) || i18n._('forecast.analysis.defaultTrendTitle'),
        description: text(trend.description) || i18n._('forecast.analysis.defaultTrendDescription'),
      };
    }),
    recommendations: list(body.recommendations)
      .map((r) => (typeof r === 'string' ? r : text(record(r).action)))
      .filter((r) => r !== ''),
    chartExplanation: {
      title: text(explanation.title) || i18n._('forecast.analysis.defaultChartTitle'),
      description: text(explanation.description),
      keyInsights: list(explanation.keyInsights)
        .map(text)
        .filter((s) => s !== ''),
      howToRead: list(explanation.howToRead)
        .map(text)
        .filter((s) => s !== ''),
    },
    confidence: typeof body.confidence === 'number' ? body.confidence : null,
    generatedAt: text(metadata.generated_at) || null,
    engine: text(metadata.engine) || null,
    aiModel: text(metadata.ai_model) || null,
    confidenceMethod: text(metadata.confidence_method) || null,
    dataSource: text(metadata.data_source) || null,
  };
}

/** Chip colour of a trend: positive, negative, or anything else. */
export function trendColor(type: string): 'success' | 'error' | 'info' {
  if (type === TREND_TYPES[0]) {
    return 'success';
  }
  return type === TREND_TYPES[1] ? 'error' : 'info';
}
