import { describe, expect, it } from 'vitest';
import { countInside, mase, maseScale, msis, owa, smape } from '../src/metrics.ts';
import { formatForecastCsv, parseBenchmarkCsv } from '../src/csv.ts';

describe('M4 measures', () => {
  it('sMAPE: (200/2) * (10/210 + 0/200)', () => {
    expect(smape([100, 100], [110, 100])).toBeCloseTo(100 * (10 / 210), 12);
    expect(smape([0, 0], [0, 0])).toBe(0);
  });
  it('MASE scales by the mean absolute lag-1 difference of the history', () => {
    expect(maseScale([1, 3, 2, 6])).toBeCloseTo((2 + 1 + 4) / 3, 12);
    expect(mase([10, 12], [11, 11], [1, 3, 2, 6])).toBeCloseTo(1 / (7 / 3), 12);
  });
  it('OWA averages the two ratios', () => {
    expect(owa(10, 2, 20, 4)).toBe(0.5);
  });
  it('coverage and MSIS', () => {
    expect(countInside([1, 5, 10], [0, 0, 0], [2, 5, 9])).toBe(2);
    // widths 2 and 2; second value 1 above the upper bound: penalty 2/0.05 * 1 = 40
    expect(msis([1, 4], [0, 1], [2, 3], 2, 0.95)).toBeCloseTo((2 + 2 + 40) / 2 / 2, 12);
  });
});

describe('CSV', () => {
  it('parses the benchmark format and formats forecasts', () => {
    const s = parseBenchmarkCsv('id,train,test\nA,1 2 3,4 5\r\nB,7,8\n');
    expect(s).toEqual([
      { id: 'A', train: [1, 2, 3], test: [4, 5] },
      { id: 'B', train: [7], test: [8] },
    ]);
    expect(formatForecastCsv([{ id: 'A', mean: [1.5, 2] }])).toBe('id,f1,f2\nA,1.5,2\n');
  });
  it('rejects non-numeric values', () => {
    expect(() => parseBenchmarkCsv('id,train,test\nA,1 x,2\n')).toThrow(/not a number/);
  });
});
