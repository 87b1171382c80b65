import { z } from 'zod';
import { calendarDateMessage, isCalendarDate } from './calendar-date.ts';
import { defineEndpoint } from './endpoints.ts';
import { LangQuerySchema } from './language-schemas.ts';

/** Forecast year choices of spec part 2 section 9: 'Next Year' (empty value) and 2025 to 2050. */
export const FORECAST_YEAR_MIN = 2025;
export const FORECAST_YEAR_MAX = 2050;
export const FORECAST_YEARS: readonly number[] = Array.from(
  { length: FORECAST_YEAR_MAX - FORECAST_YEAR_MIN + 1 },
  (_, i) => FORECAST_YEAR_MIN + i,
);

/** Time periods of the 'Customize Response' card and their detail choices (section 9). */
export const TIME_PERIODS = ['None', 'Yearly', 'Quarterly', 'Monthly'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];
export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The detail choices of a time period (none for 'None'). */
export function timeDetailChoices(period: TimePeriod): readonly string[] {
  switch (period) {
    case 'Yearly':
      return FORECAST_YEARS.map(String);
    case 'Quarterly':
      return QUARTERS;
    case 'Monthly':
      return MONTHS;
    case 'None':
      return [];
  }
}

/** The eight include flags of the analysis options (spec part 2 section 3), in the page's order. */
export const INCLUDE_FLAGS = [
  'include_budget',
  'include_duration',
  'include_implement_date',
  'include_recommendations',
  'include_risks',
  'include_trends',
  'include_success_factors',
  'include_feedback',
] as const;
export type IncludeFlag = (typeof INCLUDE_FLAGS)[number];
export const INCLUDE_FLAG_LABELS: Record<IncludeFlag, string> = {
  include_budget: 'Budget Analysis',
  include_duration: 'Project Duration',
  include_implement_date: 'Implementation Timeline',
  include_recommendations: 'Recommendations',
  include_risks: 'Risks & Mitigation',
  include_trends: 'Predicted Trends',
  include_success_factors: 'Success Factors',
  include_feedback: 'Expected Feedback',
};

export const ANALYSIS_TYPES = ['general', 'customized', 'specified'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** A flag sent as JSON boolean or as form/query text ('true'/'false'/'1'/'0'); default true. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .optional()
  .transform((v) =>
    v === undefined ? true : v === true || v === 'true' || v === '1' || v === 'on',
  );

const ALL_CATEGORIES = ['', 'all', 'All', 'All Categories', 'None', 'none'];

const analysisOptionsShape = {
  analysis_type: z
    .enum(ANALYSIS_TYPES, { error: 'analysis_type must be general, customized or specified' })
    .optional(),
  time_period: z
    .enum(TIME_PERIODS, { error: 'time_period must be None, Yearly, Quarterly or Monthly' })
    .optional()
    .default('None'),
  time_detail: z.string().trim().max(20).optional(),
  time_sub_category: z.string().trim().max(20).optional(),
  category: z
    .string({ error: 'category must be text' })
    .trim()
    .max(100, 'category must be at most 100 characters')
    .nullish()
    .transform((v) => (v && !ALL_CATEGORIES.includes(v) ? v : null)),
  include_budget: flag,
  include_duration: flag,
  include_implement_date: flag,
  include_recommendations: flag,
  include_risks: flag,
  include_trends: flag,
  include_success_factors: flag,
  include_feedback: flag,
};

/** One detail field (`time_detail`, or the spec's `time_sub_category`), checked against the period. */
function toOptions(
  { time_detail, time_sub_category, ...rest }: z.output<z.ZodObject<typeof analysisOptionsShape>>,
  ctx: z.RefinementCtx,
) {
  const detail = (time_detail || time_sub_category || '').trim();
  if (detail && !timeDetailChoices(rest.time_period).includes(detail)) {
    ctx.addIssue({
      code: 'custom',
      path: ['time_detail'],
      message: `time_detail "${detail}" is not a choice of the ${rest.time_period} period`,
    });
    return z.NEVER;
  }
  return { ...rest, time_detail: detail || null };
}

/** The analysis options of spec part 2 section 3; unknown fields are ignored. */
export const AnalysisOptionsSchema = z.object(analysisOptionsShape).transform(toOptions);
export type AnalysisOptionsInput = z.input<typeof AnalysisOptionsSchema>;
export type AnalysisOptions = z.output<typeof AnalysisOptionsSchema>;

/**
 * GET /api/predictive-analysis/trends: the analysis options and `lang`, the language of the texts
 * (`en` or `fil`; absent means the account's language).
 */
export const PredictiveTrendsQuerySchema = z
  .object({ ...analysisOptionsShape, ...LangQuerySchema.shape })
  .transform(({ lang, ...rest }, ctx) => ({ options: toOptions(rest, ctx), lang }));
export type PredictiveTrendsQuery = z.input<typeof PredictiveTrendsQuerySchema>;

export const CustomAnalysisRequestSchema = z.object({
  options: AnalysisOptionsSchema.optional().transform(
    (v) => v ?? AnalysisOptionsSchema.parse({ analysis_type: 'customized' }),
  ),
});
export type CustomAnalysisRequest = z.input<typeof CustomAnalysisRequestSchema>;

export const RiskMitigationSchema = z.object({ risk: z.string(), mitigation: z.string() });

/** The predictive analysis result of spec part 2 section 3; sections left out by a flag are absent. */
export const PredictiveResultSchema = z.object({
  success: z.literal(true),
  summary_report: z.string(),
  success_factors: z.array(z.string()).optional(),
  recommendations: z.array(z.string()).optional(),
  risk_mitigation_strategies: z.array(RiskMitigationSchema).optional(),
  predicted_trends: z.array(z.string()).optional(),
  budget: z
    .object({
      analysis: z.string(),
      historical_patterns: z.string(),
      current_trends: z.string(),
      recommendations: z.string(),
    })
    .optional(),
  implementation_date: z
    .object({
      analysis: z.string(),
      historical_patterns: z.string(),
      current_practices: z.string(),
      seasonal_factors: z.string(),
      resource_considerations: z.string(),
    })
    .optional(),
  estimated_duration: z
    .object({
      analysis: z.string(),
      historical_timeframes: z.string(),
      complexity_factors: z.string(),
      current_standards: z.string(),
      dependencies: z.string(),
    })
    .optional(),
  feedback: z.array(z.string()).optional(),
  metadata: z.object({
    timestamp: z.string(),
    data_source: z.string(),
    internet_sources_consulted: z.number().int(),
    analysis_type: z.enum(ANALYSIS_TYPES),
    total_projects_analyzed: z.number().int(),
    /** Beyond the spec: what was analysed and how the two kinds of data were weighted. */
    engine: z.string(),
    data_weighting: z.string(),
    budget_years: z.array(z.number().int()),
    category: z.string().nullable(),
    time_period: z.enum(TIME_PERIODS),
    time_detail: z.string().nullable(),
    target_period: z.string(),
  }),
  /** True when the data in the window are too few to analyse; `message` says what is missing. */
  error: z.boolean().optional(),
  message: z.string().optional(),
});
export type PredictiveResult = z.infer<typeof PredictiveResultSchema>;

export const predictiveTrendsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/predictive-analysis/trends',
  query: PredictiveTrendsQuerySchema,
  response: PredictiveResultSchema,
});
export const predictiveCustomEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/predictive-analysis/custom',
  body: CustomAnalysisRequestSchema,
  /** `lang`: the language of the texts; absent means the account's language. */
  query: LangQuerySchema,
  response: PredictiveResultSchema,
});
/** Multipart: an optional raw-data CSV as `file` plus the option fields as text. */
export const PREDICTIVE_UPLOAD_PATH = '/api/predictive-analysis/upload';
export const PREDICTIVE_UPLOAD_FILE_FIELD = 'file';

// ---------------------------------------------------------------------------------------------
// Project trends

export const TREND_DIRECTIONS = ['up', 'down', 'stable'] as const;
export const IMPACT_LEVELS = ['high', 'medium', 'low'] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

/** The category choice that opens the custom category box (spec part 2 section 4). */
export const OTHERS_CATEGORY = 'Others';

export const TrendItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  trend: z.enum(TREND_DIRECTIONS),
  impact: z.enum(IMPACT_LEVELS),
  subcategory: z.string(),
  category: z.string(),
  description: z.string(),
  confidence: z.number().min(0).max(1),
});
export type TrendItem = z.infer<typeof TrendItemSchema>;

export const TrendMetadataSchema = z.object({
  generated_at: z.string(),
  forecast_year: z.number().int(),
  category: z.string(),
  historical_data_points: z.number().int(),
  internet_sources_used: z.number().int(),
  note: z.string(),
  data_weighting: z.string(),
  error_details: z.string().nullable(),
});
export type TrendMetadata = z.infer<typeof TrendMetadataSchema>;

export const ProjectTrendsResponseSchema = z.object({
  success: z.literal(true),
  trends: z.array(TrendItemSchema),
  categories: z.array(z.string()),
  forecast_year: z.number().int(),
  metadata: TrendMetadataSchema,
  error: z.boolean().optional(),
  message: z.string().optional(),
});
export type ProjectTrendsResponse = z.infer<typeof ProjectTrendsResponseSchema>;

const optionalQueryText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const yearQuery = z
  .union([z.literal(''), z.coerce.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') {
      return null;
    }
    if (!Number.isInteger(v) || v < FORECAST_YEAR_MIN || v > FORECAST_YEAR_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `year must be between ${FORECAST_YEAR_MIN} and ${FORECAST_YEAR_MAX}`,
      });
      return z.NEVER;
    }
    return v;
  });

const dateQuery = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) {
        return null;
      }
      if (!isCalendarDate(v)) {
        ctx.addIssue({ code: 'custom', message: calendarDateMessage(label) });
        return z.NEVER;
      }
      return v;
    });

export const CUSTOM_CATEGORY_MAX_LENGTH = 80;

const trendQueryShape = {
  category: optionalQueryText('category', 100),
  year: yearQuery,
  budget: z
    .enum(['all', ...IMPACT_LEVELS], { error: 'budget must be all, high, medium or low' })
    .optional()
    .transform((v) => (v && v !== 'all' ? v : null)),
  startDate: dateQuery('startDate'),
  endDate: dateQuery('endDate'),
  _t: z.string().optional(),
  /** The language of the cards' texts (`en` or `fil`); absent means the account's language. */
  ...LangQuerySchema.shape,
};

export const ProjectTrendsQuerySchema = z.object(trendQueryShape);
export type ProjectTrendsQuery = z.input<typeof ProjectTrendsQuerySchema>;

export const CustomProjectTrendsQuerySchema = z.object({
  ...trendQueryShape,
  customCategory: optionalQueryText('customCategory', 100),
  otherCategory: optionalQueryText('otherCategory', CUSTOM_CATEGORY_MAX_LENGTH),
});
export type CustomProjectTrendsQuery = z.input<typeof CustomProjectTrendsQuerySchema>;

export const projectTrendsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/project-trends',
  query: ProjectTrendsQuerySchema,
  response: ProjectTrendsResponseSchema,
});
export const customProjectTrendsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/custom-project-trends',
  query: CustomProjectTrendsQuerySchema,
  response: ProjectTrendsResponseSchema,
});

// ---------------------------------------------------------------------------------------------
// Custom category rules (spec part 2 section 5), shared by the page and the server.

export const YOUTH_DEVELOPMENT_KEYWORDS = [
  'livelihood',
  'entrepreneurship',
  'education',
  'training',
  'skills',
  'healthcare',
  'environment',
  'sports',
  'culture',
  'leadership',
  'governance',
  'technology',
  'digital',
  'community',
  'civic',
  'service',
  'volunteering',
  'empowerment',
  'mentoring',
  'learning',
  'development',
] as const;
export const YOUTH_WORDS = [
  'youth',
  'young',
  'teen',
  'adolescent',
  'student',
  'kabataan',
  'children',
  'sk',
  'sangguniang',
] as const;

/** True when the text names a youth-development keyword or a youth word (case-insensitive). */
export function mentionsYouthDevelopment(text: string): boolean {
  const lower = text.toLowerCase();
  const words = new Set(lower.split(/[^a-z0-9]+/).filter(Boolean));
  return (
    YOUTH_DEVELOPMENT_KEYWORDS.some((k) => lower.includes(k)) ||
    YOUTH_WORDS.some((w) => (w.length <= 3 ? words.has(w) : lower.includes(w)))
  );
}

/** Whether the page shows the hint that the custom category will be prefixed with 'Youth'. */
export function needsYouthPrefix(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 3 && !mentionsYouthDevelopment(trimmed);
}

/** The custom category as the server forecasts it: prefixed with 'Youth' when it needs it. */
export function effectiveCustomCategory(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return needsYouthPrefix(trimmed) ? `Youth ${trimmed}` : trimmed;
}

export const TREND_MESSAGES = {
  filterTitle: 'Customize Project Trends',
  failedTitle: 'AI Forecast Generation Failed',
  failedFallback: 'Failed to generate trend forecast',
  inappropriateToast: 'Inappropriate word detected. Cannot be processed.',
  missingTrends: 'Unexpected API response format. Expected trends array is missing.',
  network: 'Failed to connect to trends forecast API. Please try again later.',
  unexpected: 'An unexpected error occurred while fetching trends data.',
  empty: 'No AI-Generated Trend Data Available',
  customRequired: "Please enter a custom category when 'Others' is selected.",
  inappropriate: 'Please use appropriate terms related to SK youth development programs.',
  needCategoryOrYear: 'Please select at least a category or year to customize your forecast.',
  youthHint: (text: string) =>
    `"${text}" has no youth-development keyword, so it will be forecast as "Youth ${text}".`,
  /** The server's refusal; the page recognises it by 'inappropriate language'. */
  inappropriateLanguage:
    'The custom category contains inappropriate language. Please use appropriate terms related to SK youth development programs.',
} as const;

/** Trend toasts last 6 seconds (spec part 2 section 9). */
export const INAPPROPRIATE_TOAST_MS = 6000;

export const PREDICTIVE_MESSAGES = {
  defaultMessage: 'Select filters and run analysis to see results.',
  noContent:
    'The customized analysis returned no content based on the selected filters. Please try different options.',
  noResults: 'No customized analysis results to display.',
  errorTitle: 'An Error Occurred During Analysis',
  errorHint: 'Try adjusting the filters, or contact support if the problem continues.',
  generalFailed: 'Failed to run general analysis. Please try again.',
  failed: 'Failed to run analysis. Please try again.',
  csvOnly: 'Please select a CSV file.',
} as const;
