import { fitDamped, fitHolt, fitSes } from './ets.ts';
import { driftForecast, naiveForecast } from './simple.ts';
import { fitTheta } from './theta.ts';

export type BaseModel = 'naive' | 'drift' | 'ses' | 'holt' | 'damped' | 'theta';

export const BASE_MODELS: readonly BaseModel[] = [
  'naive',
  'drift',
  'ses',
  'holt',
  'damped',
  'theta',
];

/** Minimum number of values each model needs to be identifiable. */
export const MIN_POINTS: Readonly<Record<BaseModel, number>> = {
  naive: 1,
  drift: 2,
  ses: 2,
  holt: 4,
  damped: 5,
  theta: 3,
};

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
  }
}

export { fitDamped, fitHolt, fitSes } from './ets.ts';
export { driftForecast, naiveForecast, linearFit, driftSlope } from './simple.ts';
export { fitTheta } from './theta.ts';
