import { fitDamped, fitHolt, fitSes } from './ets.ts';
import { driftForecast, naiveForecast } from './simple.ts';
import { fitTheta } from './theta.ts';

/**
 * Base models. `logTheta` and `logDrift` are Theta and drift fitted to log(y) and transformed
 * back (constant growth rates instead of constant steps); for series with a zero or negative
 * value they fall back to their linear versions.
 */
export type BaseModel =
  | 'naive'
  | 'drift'
  | 'ses'
  | 'holt'
  | 'damped'
  | 'theta'
  | 'logTheta'
  | 'logDrift';

export const BASE_MODELS: readonly BaseModel[] = [
  'naive',
  'drift',
  'ses',
  'holt',
  'damped',
  'theta',
  'logTheta',
  'logDrift',
];

function allPositive(y: ArrayLike<number>): boolean {
  for (let t = 0; t < y.length; t++) {
    if (!((y[t] as number) > 0)) {
      return false;
    }
  }
  return true;
}

/** Fit `fit` on log(y) and exponentiate, or fit on y when y has a value <= 0. */
function onLogScale(
  y: ArrayLike<number>,
  h: number,
  fit: (x: ArrayLike<number>, h: number) => Float64Array,
): Float64Array {
  if (!allPositive(y)) {
    return fit(y, h);
  }
  const logY = new Float64Array(y.length);
  for (let t = 0; t < y.length; t++) {
    logY[t] = Math.log(y[t] as number);
  }
  const f = fit(logY, h);
  for (let i = 0; i < h; i++) {
    f[i] = Math.exp(f[i] as number);
  }
  return f;
}

/** Point forecasts of one base model for horizons 1..h. */
export function baseForecast(model: BaseModel, y: ArrayLike<number>, h: number): Float64Array {
  switch (model) {
    case 'naive':
      return naiveForecast(y, h);
    case 'drift':
      return driftForecast(y, h);
    case 'ses':
      return fitSes(y, h).mean;
    case 'holt':
      return fitHolt(y, h).mean;
    case 'damped':
      return fitDamped(y, h).mean;
    case 'theta':
      return fitTheta(y, h).mean;
    case 'logTheta':
      return onLogScale(y, h, (x, k) => fitTheta(x, k).mean);
    case 'logDrift':
      return onLogScale(y, h, driftForecast);
  }
}

export { fitDamped, fitHolt, fitSes } from './ets.ts';
export { driftForecast, naiveForecast, linearFit, driftSlope } from './simple.ts';
export { fitTheta } from './theta.ts';
