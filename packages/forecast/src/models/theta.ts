/**
 * The Theta method (Assimakopoulos & Nikolopoulos 2000) as in the M4 benchmark for non-seasonal
 * data: the theta=0 line is the least-squares linear trend, the theta=2 line is 2y - trend,
 * extrapolated by SES; the forecast is the equal-weight average of both extrapolations.
 */
import { linearFit } from './simple.ts';
import { fitSes, sesForecastWith } from './ets.ts';
import type { SesParams } from './ets.ts';

export interface ThetaFit {
  alpha: number;
  intercept: number;
  slope: number;
  mean: Float64Array;
}

/**
 * Theta forecast; `ses` fixes the smoothing of the theta line (otherwise fitted by least squares).
 */
export function fitTheta(y: ArrayLike<number>, h: number, theta = 2, ses?: SesParams): ThetaFit {
  const n = y.length;
  const { intercept, slope } = linearFit(y);
  const line = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const trend = intercept + slope * t;
    line[t] = theta * (y[t] as number) - (theta - 1) * trend;
  }
  const fitted = ses ? null : fitSes(line, h);
  const sesMean = fitted ? fitted.mean : sesForecastWith(line, ses as SesParams, h);
  const alpha = fitted ? fitted.params.alpha : (ses as SesParams).alpha;
  const w = 1 / theta;
  const mean = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    const trend = intercept + slope * (n - 1 + i + 1);
    mean[i] = (1 - w) * trend + w * (sesMean[i] as number);
  }
  return { alpha, intercept, slope, mean };
}
