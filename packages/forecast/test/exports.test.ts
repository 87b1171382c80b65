import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as main from '@sk-tanaw/forecast';
import * as bench from '@sk-tanaw/forecast/bench';

const packageJson = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../package.json'), 'utf8'),
) as { exports: Record<string, string> };

describe('package exports', () => {
  it('declares the main entry and the ./bench subpath', () => {
    expect(packageJson.exports).toEqual({ '.': './src/index.ts', './bench': './src/bench.ts' });
  });

  it('the main entry is the year-aware product API only', () => {
    expect(Object.keys(main).sort()).toEqual(
      ['MAX_HORIZON', 'MAX_YEAR_SPAN', 'forecastBatch', 'forecastYears'].sort(),
    );
    const out = main.forecastBatch([{ id: 'x', points: [{ year: 2024, value: 10 }], horizon: 1 }]);
    expect(out[0]?.ok && out[0].forecast.forecastYears).toEqual([2025]);
  });

  it('the ./bench subpath carries evaluation, CSV, metrics and the values-only engine', () => {
    for (const name of [
      'evaluate',
      'parseBenchmarkCsv',
      'formatForecastCsv',
      'smape',
      'mase',
      'maseScale',
      'owa',
      'msis',
      'countInside',
      'forecastSeries',
      'naiveForecast',
      'fitTheta',
    ]) {
      expect(typeof (bench as Record<string, unknown>)[name], name).toBe('function');
      expect(name in main, name).toBe(false);
    }
    const series = bench.parseBenchmarkCsv('id,train,test\nA,1 2 3 4 5,6 7\nB,5 4 3 2,1 1\n');
    const report = bench.evaluate(series, (train, h) => bench.forecastSeries(train, h));
    expect(report.n).toBe(2);
    expect(report.smape).toBeGreaterThanOrEqual(0);
    expect(report.owa).toBeGreaterThan(0);
  });
});
