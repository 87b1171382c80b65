import { describe, expect, it } from 'vitest';
import { planOrigins } from '../src/backtest.ts';
import { applyRecipe, BaseCache, recipe } from '../src/combine.ts';
import { DEFAULT_POLICY, forecastCore } from '../src/engine.ts';
import { buildIntervals, changeScale, horizonSigma, zFor } from '../src/intervals.ts';

describe('combinations', () => {
  it('median and mean of member forecasts', () => {
    const cache = new BaseCache([1, 2, 5], 2);
    // naive 5, 5; drift 7, 9
    expect(Array.from(applyRecipe(recipe(['naive', 'drift']), cache))).toEqual([6, 7]);
    expect(Array.from(applyRecipe(recipe(['naive', 'drift', 'naive'], 'median'), cache))).toEqual([
      5, 5,
    ]);
    expect(recipe(['naive', 'drift'], 'median').name).toBe('median(naive,drift)');
  });
  it('the policy: naive for 1 value, five-member medians with three level members after', () => {
    expect(DEFAULT_POLICY.candidates(1)[0]?.name).toBe('naive');
    expect(DEFAULT_POLICY.candidates(2)[0]?.models).toContain('naive');
    for (const n of [2, 3, 6, 20]) {
      const r = DEFAULT_POLICY.candidates(n)[0];
      expect(r?.combine).toBe('median');
      const level = r?.models.filter((m) => !m.startsWith('log')) ?? [];
      expect(level).toHaveLength(3);
      expect(r?.models).toHaveLength(5);
    }
    expect(DEFAULT_POLICY.candidates(3)[0]?.models).toContain('damped');
  });
});

describe('rolling origins', () => {
  it('three origins leaving h values when the history allows', () => {
    expect(planOrigins(20, 6)).toEqual({ origins: [14, 13, 12], horizon: 6 });
  });
  it('shorter horizons and fewer origins for short histories', () => {
    expect(planOrigins(5, 6)).toEqual({ origins: [3], horizon: 2 });
    expect(planOrigins(3, 6)).toEqual({ origins: [], horizon: 0 });
  });
  it('a perfectly linear series: conservative (between naive and the line), small backtest error', () => {
    const y = Float64Array.from({ length: 12 }, (_, t) => 10 + 2 * t);
    const r = forecastCore(y, 3, true, true);
    // members: theta 33 (half the trend), drift 34, damped, and two growth-rate members
    expect(r.mean[0]).toBeGreaterThan(32.5);
    expect(r.mean[0]).toBeLessThanOrEqual(34 + 1e-9);
    expect(r.backtest?.mase).toBeGreaterThan(0);
    expect(r.backtest?.mase).toBeLessThan(0.5);
  });
});

describe('intervals', () => {
  it('sigma_k = RMS change * sqrt(k (1 + k / (n - 1)))', () => {
    // changes 2, -1, 3: RMS sqrt(14 / 3)
    const y = [1, 3, 2, 5];
    const s = Math.sqrt(14 / 3);
    expect(changeScale(y)).toBeCloseTo(s, 12);
    const sig = horizonSigma(y, 2);
    expect(sig[0]).toBeCloseTo(s * Math.sqrt(1 * (1 + 1 / 3)), 12);
    expect(sig[1]).toBeCloseTo(s * Math.sqrt(2 * (1 + 2 / 3)), 12);
  });
  it('constant series get a floor of 2% of the level; one value 10%', () => {
    expect(changeScale([50, 50, 50])).toBeCloseTo(1, 12);
    expect(changeScale([200])).toBeCloseTo(20, 12);
  });
  it('nested bounds, clipped at zero for non-negative series', () => {
    const mean = Float64Array.from([10, -1]);
    const iv = buildIntervals(mean, Float64Array.from([4, 4]), true, 1, 2);
    expect(Array.from(mean)).toEqual([10, 0]);
    expect(Array.from(iv.lower80)).toEqual([6, 0]);
    expect(Array.from(iv.lower95)).toEqual([2, 0]);
    expect(Array.from(iv.upper80)).toEqual([14, 4]);
    expect(Array.from(iv.upper95)).toEqual([18, 8]);
  });
  it('multipliers widen from 80% to 95% for every history length', () => {
    for (const n of [1, 2, 3, 6, 9, 12, 40]) {
      const [z80, z95] = zFor(n);
      expect(z80).toBeGreaterThan(0);
      expect(z95).toBeGreaterThan(z80);
    }
  });
});
