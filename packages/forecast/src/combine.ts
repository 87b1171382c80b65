/** Combinations of base models: equal-weight mean or median of point forecasts. */
import { baseForecast } from './models/index.ts';
import type { BaseModel } from './models/index.ts';

export interface Recipe {
  name: string;
  models: readonly BaseModel[];
  combine: 'mean' | 'median';
}

export function recipe(models: readonly BaseModel[], combine: 'mean' | 'median' = 'mean'): Recipe {
  const name = models.length === 1 ? (models[0] as string) : `${combine}(${models.join(',')})`;
  return { name, models, combine };
}

/** Memoises base-model forecasts for one history and horizon. */
export class BaseCache {
  private readonly memo = new Map<BaseModel, Float64Array>();
  constructor(
    readonly y: ArrayLike<number>,
    readonly h: number,
  ) {}
  get(model: BaseModel): Float64Array {
    let f = this.memo.get(model);
    if (f === undefined) {
      f = baseForecast(model, this.y, this.h);
      this.memo.set(model, f);
    }
    return f;
  }
}

export function applyRecipe(r: Recipe, cache: BaseCache): Float64Array {
  const h = cache.h;
  const k = r.models.length;
  const parts: Float64Array[] = r.models.map((m) => cache.get(m));
  const out = new Float64Array(h);
  if (k === 1) {
    out.set(parts[0] as Float64Array);
    return out;
  }
  if (r.combine === 'mean') {
    for (const p of parts) {
      for (let i = 0; i < h; i++) {
        out[i] = (out[i] as number) + (p[i] as number) / k;
      }
    }
    return out;
  }
  const buf = new Float64Array(k);
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < k; j++) {
      buf[j] = (parts[j] as Float64Array)[i] as number;
    }
    buf.sort();
    out[i] =
      k % 2 === 1
        ? (buf[(k - 1) / 2] as number)
        : ((buf[k / 2 - 1] as number) + (buf[k / 2] as number)) / 2;
  }
  return out;
}
