import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { FORECAST_MESSAGES, type ForecastView } from '@sk-tanaw/contract';
import { VIEW } from './test-fixtures.ts';
import { moveBar, nameUnnamed, niceTicks, stackYear } from './chart-math.ts';
import { analysisErrorMessage, forecastErrorMessage } from './messages.ts';
import { planningCsv, planningTable } from './planning.ts';
import { validateAnalysis, validateForecast } from './validate.ts';

function axiosError(status: number | null, data?: unknown, code?: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response =
    status === null ? undefined : { status, statusText: '', headers: {}, config, data: data ?? {} };
  return new AxiosError('Request failed', code, config, {}, response);
}

describe('forecast answer validation (spec part 2 section 5)', () => {
  it('rejects an answer without both views', () => {
    expect(() => validateForecast({ by_committee: VIEW })).toThrow(
      FORECAST_MESSAGES.invalidForecast,
    );
    expect(() => validateForecast(null)).toThrow(FORECAST_MESSAGES.invalidForecast);
    expect(validateForecast({ by_committee: VIEW, by_category: VIEW }).by_category).toBe(VIEW);
  });

  it("shows the server's message, else the forecasting fallback", () => {
    expect(forecastErrorMessage(axiosError(500, { message: 'Database down' }))).toBe(
      'Database down',
    );
    expect(forecastErrorMessage(axiosError(500, {}))).toBe(FORECAST_MESSAGES.forecastFailed);
    expect(forecastErrorMessage(new Error(FORECAST_MESSAGES.invalidForecast))).toBe(
      FORECAST_MESSAGES.invalidForecast,
    );
  });
});

describe('analysis answer validation (spec part 2 section 5)', () => {
  it('needs a JSON object', () => {
    expect(() => validateAnalysis('text')).toThrow(FORECAST_MESSAGES.analysisNotObject);
    expect(() => validateAnalysis([])).toThrow(FORECAST_MESSAGES.analysisNotObject);
  });

  it('fails with the error flag message or the backend fallback', () => {
    expect(() => validateAnalysis({ error: true, message: 'No data' })).toThrow('No data');
    expect(() => validateAnalysis({ error: true })).toThrow(
      FORECAST_MESSAGES.analysisBackendFailed,
    );
  });

  it('needs at least one of summary, trends and recommendations', () => {
    expect(() => validateAnalysis({ confidence: 0.5 })).toThrow(
      FORECAST_MESSAGES.analysisMissingKeys,
    );
    expect(validateAnalysis({ summary: 'Only a summary' }).summary).toBe('Only a summary');
  });

  it('fills the defaults of the chart explanation and of trends', () => {
    const view = validateAnalysis({
      trends: [{ type: 'positive' }],
      recommendations: [{ action: 'Do' }],
    });
    expect(view.chartExplanation.title).toBe('Understanding the Chart');
    expect(view.trends[0]).toEqual({
      type: 'positive',
      title: 'Untitled Trend',
      description: 'No description provided.',
    });
    expect(view.recommendations).toEqual(['Do']);
  });
});

describe('analysis failure texts (spec part 2 section 8)', () => {
  it('names a timeout by code or by message', () => {
    expect(analysisErrorMessage(axiosError(null, undefined, 'ECONNABORTED'))).toBe(
      FORECAST_MESSAGES.analysisTimeout,
    );
    expect(analysisErrorMessage(new Error('timeout of 180000ms exceeded'))).toBe(
      FORECAST_MESSAGES.analysisTimeout,
    );
  });

  it("shows the server's details (objects as JSON), then its message, then the fallback", () => {
    expect(analysisErrorMessage(axiosError(500, { details: 'Model offline' }))).toBe(
      'Model offline',
    );
    expect(analysisErrorMessage(axiosError(500, { details: { reason: 'x' } }))).toBe(
      '{"reason":"x"}',
    );
    expect(analysisErrorMessage(axiosError(400, { message: 'view_by is wrong' }))).toBe(
      'view_by is wrong',
    );
    expect(analysisErrorMessage({})).toBe(FORECAST_MESSAGES.analysisFailed);
  });
});

describe('chart arithmetic', () => {
  it('counts a missing budget as 0 and cycles the palette by index', () => {
    const year = stackYear(VIEW, VIEW.budget_data[1] as ForecastView['budget_data'][number]);
    expect(year.segments.map((s) => [s.value, s.color])).toEqual([
      [120, '#0072B2'],
      [0, '#0072B2'],
    ]);
    expect(year.total).toBe(120);
    expect(year.range).toBeNull();
    const forecast = stackYear(VIEW, VIEW.budget_data[2] as ForecastView['budget_data'][number]);
    expect(forecast.range).toEqual({ lower80: 180, upper80: 230, lower95: 160, upper95: 260 });
  });

  it('makes round peso ticks that cover the largest value', () => {
    expect(niceTicks(5_330_698)).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(niceTicks(950)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('planning table and CSV', () => {
  it("lists next year's forecasts with their 80% range and share, largest first", () => {
    const table = planningTable(VIEW);
    expect(table?.year).toBe(2026);
    expect(table?.rows.map((r) => [r.name, r.forecast, r.lower80, r.upper80, r.share])).toEqual([
      ['Education', 150, 130, 170, 75],
      ['=SUM(A1)', 50, 40, 60, 25],
    ]);
    expect(table?.total).toEqual({ forecast: 200, lower80: 180, upper80: 230 });
  });

  it("neutralises formula-looking names but not numbers (the contract's CSV writer)", () => {
    const table = planningTable(VIEW);
    if (!table) {
      throw new Error('no table');
    }
    expect(planningCsv(table, 'Committee').split('\r\n')).toEqual([
      'Committee,Forecast 2026 (PHP),Lower 80% (PHP),Upper 80% (PHP),Share (%)',
      'Education,150.00,130.00,170.00,75.0',
      "'=SUM(A1),50.00,40.00,60.00,25.0",
      'Total,200.00,180.00,230.00,100.0',
      '',
    ]);
    const odd = {
      year: 2026,
      rows: [
        {
          name: '-Youth; Sports',
          color: '#000',
          forecast: -5,
          lower80: -7.5,
          upper80: 0,
          share: 0,
        },
      ],
      total: { forecast: -5, lower80: -7.5, upper80: 0 },
    };
    expect(planningCsv(odd, 'Committee').split('\r\n')[1]).toBe(
      `"'-Youth; Sports",-5.00,-7.50,0.00,0.0`,
    );
  });
});

describe('moving between bar segments by keyboard', () => {
  // Year 1 draws nothing; year 2 draws one segment (index 1); years 0 and 3 draw three.
  const drawn = [[0, 1, 2], [], [1], [0, 1, 2]];

  it('skips years without bars and keeps the height in the stack where it can', () => {
    expect(moveBar(drawn, { year: 0, segment: 2 }, 'ArrowRight')).toEqual({ year: 2, segment: 1 });
    expect(moveBar(drawn, { year: 2, segment: 1 }, 'ArrowRight')).toEqual({ year: 3, segment: 0 });
    expect(moveBar(drawn, { year: 3, segment: 1 }, 'ArrowLeft')).toEqual({ year: 2, segment: 1 });
    expect(moveBar(drawn, { year: 2, segment: 1 }, 'ArrowLeft')).toEqual({ year: 0, segment: 0 });
  });

  it('goes up and down a stack, to the first and last year, and nowhere past the ends', () => {
    expect(moveBar(drawn, { year: 0, segment: 0 }, 'ArrowUp')).toEqual({ year: 0, segment: 1 });
    expect(moveBar(drawn, { year: 0, segment: 1 }, 'ArrowDown')).toEqual({ year: 0, segment: 0 });
    expect(moveBar(drawn, { year: 0, segment: 2 }, 'End')).toEqual({ year: 3, segment: 0 });
    expect(moveBar(drawn, { year: 3, segment: 2 }, 'Home')).toEqual({ year: 0, segment: 0 });
    expect(moveBar(drawn, { year: 0, segment: 2 }, 'ArrowUp')).toBeNull();
    expect(moveBar(drawn, { year: 0, segment: 0 }, 'ArrowDown')).toBeNull();
    expect(moveBar(drawn, { year: 0, segment: 0 }, 'ArrowLeft')).toBeNull();
    expect(moveBar(drawn, { year: 3, segment: 0 }, 'ArrowRight')).toBeNull();
    expect(moveBar(drawn, { year: 0, segment: 0 }, 'Enter')).toBeNull();
    expect(moveBar([[], []], { year: 0, segment: 0 }, 'Home')).toBeNull();
  });
});

describe('unnamed series', () => {
  it('names a series with no committee so its bars, tooltip and legend are named', () => {
    const first = VIEW.committees[0] ?? '';
    const view: ForecastView = {
      ...VIEW,
      committees: VIEW.committees.map((c) => (c === first ? '' : c)),
      budget_data: VIEW.budget_data.map((e) => ({
        ...e,
        data: e.data.map((d) => (d.committee === first ? { ...d, committee: '' } : d)),
      })),
    };
    const named = nameUnnamed(view, 'Not assigned');
    expect(named.committees[0]).toBe('Not assigned');
    const entry = named.budget_data[0];
    const year = entry ? stackYear(named, entry) : undefined;
    expect(year?.segments[0]?.name).toBe('Not assigned');
    expect(year?.segments[0]?.value).toBe(
      VIEW.budget_data[0]?.data.find((d) => d.committee === first)?.budget ?? 0,
    );
    expect(nameUnnamed(VIEW, 'Not assigned')).toBe(VIEW);
  });
});
