import type { ForecastView } from '@sk-tanaw/contract';

/** A small forecast view for unit tests: two recorded years and one forecast year. */
export const VIEW: ForecastView = {
  years: ['2024', '2025', '2026'],
  committees: ['Education', '=SUM(A1)'],
  colors: ['#0072B2'],
  budget_data: [
    {
      year: '2024',
      forecast: false,
      data: [
        { committee: 'Education', budget: 100 },
        { committee: '=SUM(A1)', budget: 50 },
      ],
    },
    { year: '2025', forecast: false, data: [{ committee: 'Education', budget: 120 }] },
    {
      year: '2026',
      forecast: true,
      data: [
        { committee: 'Education', budget: 150 },
        { committee: '=SUM(A1)', budget: 50 },
      ],
    },
  ],
  forecast_years: ['2026'],
  totals: [
    {
      year: 2024,
      total: 150,
      forecast: false,
      lower80: null,
      upper80: null,
      lower95: null,
      upper95: null,
    },
    {
      year: 2025,
      total: 120,
      forecast: false,
      lower80: null,
      upper80: null,
      lower95: null,
      upper95: null,
    },
    {
      year: 2026,
      total: 200,
      forecast: true,
      lower80: 180,
      upper80: 230,
      lower95: 160,
      upper95: 260,
    },
  ],
  series: [
    {
      name: 'Education',
      color: '#0072B2',
      method: 'm',
      backtest: null,
      observations: 2,
      flags: [],
      notes: [],
      forecasts: [
        { year: 2026, mean: 150, lower80: 130, upper80: 170, lower95: 120, upper95: 180 },
      ],
    },
    {
      name: '=SUM(A1)',
      color: '#0072B2',
      method: 'm',
      backtest: null,
      observations: 1,
      flags: [],
      notes: [],
      forecasts: [{ year: 2026, mean: 50, lower80: 40, upper80: 60, lower95: 30, upper95: 70 }],
    },
  ],
  total_method: 'm',
  total_backtest: null,
};
