import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate, forecastSeries, parseBenchmarkCsv } from '../src/bench.ts';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../benchmark-data');
const load = (f: string) => parseBenchmarkCsv(readFileSync(join(dataDir, f), 'utf8'));
const engine = (train: readonly number[], h: number) => forecastSeries(train, h);

describe('accuracy on public yearly benchmarks', () => {
  it('M4 yearly dev: OWA <= 0.80 (target 0.85), 80% and 95% coverage in range', () => {
    const r = evaluate(load('m4-yearly-dev.csv'), engine);
    expect(r.n).toBe(2300);
    expect(r.owa).toBeLessThanOrEqual(0.8);
    expect(r.coverage80).toBeGreaterThanOrEqual(0.75);
    expect(r.coverage80).toBeLessThanOrEqual(0.85);
    expect(r.coverage95).toBeGreaterThanOrEqual(0.9);
    expect(r.coverage95).toBeLessThanOrEqual(0.98);
  });
  it('M4 yearly dev cut to the last 6 training values: OWA <= 0.88', () => {
    const cut = load('m4-yearly-dev.csv').map((s) => ({
      ...s,
      train: s.train.slice(-6),
      scaleHistory: s.train,
    }));
    expect(evaluate(cut, engine).owa).toBeLessThanOrEqual(0.88);
  });
  it('M3 yearly sMAPE <= 16.5 and Tourism yearly MASE below Naive (3.01)', () => {
    expect(evaluate(load('m3-yearly.csv'), engine).smape).toBeLessThanOrEqual(16.5);
    const t = evaluate(load('tourism-yearly.csv'), engine);
    expect(t.naive2Mase).toBeCloseTo(3.01, 1);
    expect(t.mase).toBeLessThan(3.01);
  });
});
