/**
 * Benchmark evaluation in the M4 way: sMAPE, MASE and OWA against Naive2 on the same series, plus
 * interval coverage and MSIS. Pure: the caller supplies parsed series and a forecaster.
 */
import { countInside, mase, maseScale, msis, owa, smape } from './metrics.ts';
import { naiveForecast } from './models/simple.ts';

export interface EvalSeries {
  id: string;
  /** What the forecaster sees. */
  train: readonly number[];
  test: readonly number[];
  /** History whose lag-1 differences scale MASE/MSIS (default: train). */
  scaleHistory?: readonly number[];
}

export interface EvalForecast {
  mean: ArrayLike<number>;
  lower80?: ArrayLike<number>;
  upper80?: ArrayLike<number>;
  lower95?: ArrayLike<number>;
  upper95?: ArrayLike<number>;
}

export interface EvalReport {
  n: number;
  smape: number;
  mase: number;
  owa: number;
  naive2Smape: number;
  naive2Mase: number;
  /** Share of test values inside the 80% / 95% intervals (null if the forecaster has none). */
  coverage80: number | null;
  coverage95: number | null;
  /** Mean scaled interval score of the 95% interval (null if none). */
  msis: number | null;
  /** Wall time of the forecaster per series, milliseconds. */
  msPerSeries: number;
  /** Series left out of MASE because their scale is 0. */
  maseExcluded: number;
}

export function evaluate(
  series: readonly EvalSeries[],
  forecaster: (train: readonly number[], h: number) => EvalForecast,
  now: () => number = () => performance.now(),
): EvalReport {
  let sm = 0;
  let ms = 0;
  let smN = 0;
  let msN = 0;
  let inside80 = 0;
  let inside95 = 0;
  let points = 0;
  let msisSum = 0;
  let hasIntervals = true;
  let elapsed = 0;
  let maseCount = 0;
  for (const s of series) {
    const h = s.test.length;
    const t0 = now();
    const f = forecaster(s.train, h);
    elapsed += now() - t0;
    const scale = maseScale(s.scaleHistory ?? s.train);
    const naive2 = naiveForecast(s.train, h);
    sm += smape(s.test, f.mean);
    smN += smape(s.test, naive2);
    if (scale > 0) {
      ms += mase(s.test, f.mean, [], scale);
      msN += mase(s.test, naive2, [], scale);
      maseCount++;
    }
    if (f.lower80 && f.upper80 && f.lower95 && f.upper95) {
      inside80 += countInside(s.test, f.lower80, f.upper80);
      inside95 += countInside(s.test, f.lower95, f.upper95);
      if (scale > 0) {
        msisSum += msis(s.test, f.lower95, f.upper95, scale, 0.95);
      }
    } else {
      hasIntervals = false;
    }
    points += h;
  }
  const n = series.length;
  const smape_ = sm / n;
  const mase_ = ms / maseCount;
  const n2s = smN / n;
  const n2m = msN / maseCount;
  return {
    n,
    smape: smape_,
    mase: mase_,
    owa: owa(smape_, mase_, n2s, n2m),
    naive2Smape: n2s,
    naive2Mase: n2m,
    coverage80: hasIntervals ? inside80 / points : null,
    coverage95: hasIntervals ? inside95 / points : null,
    msis: hasIntervals ? msisSum / maseCount : null,
    msPerSeries: elapsed / n,
    maseExcluded: n - maseCount,
  };
}
