// Calibrates the interval multipliers on rolling-origin backtests of the TRAINING parts only:
// each series' training history is cut h (and h+1, h+2) values before its end, the engine
// forecasts from the cut, and the errors against the held-back training values are expressed in
// units of the engine's sigma_k. The 80% / 95% quantiles of |error| / sigma_k are the multipliers.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchmarkCsv } from '../packages/forecast/src/csv.ts';
import { forecastCore } from '../packages/forecast/src/engine.ts';
import { horizonSigma } from '../packages/forecast/src/intervals.ts';

const dataDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../shared/data/forecast-benchmarks',
);
const file = process.argv[2] ?? 'm4-yearly-dev.csv';
const cut = process.argv[3] ? Number(process.argv[3]) : 0;
const series = parseBenchmarkCsv(readFileSync(join(dataDir, file), 'utf8'));
const ratios: number[] = [];
for (const s of series) {
  const h = s.test.length;
  const train = cut > 0 ? s.train.slice(-(cut + h)) : s.train;
  for (let back = h; back <= h + 2; back++) {
    const o = train.length - back;
    if (o < 3) {
      continue;
    }
    const y = Float64Array.from(train.slice(0, o));
    const H = Math.min(h, back);
    const r = forecastCore(y, H, true, false);
    const sig = horizonSigma(y, H);
    for (let k = 0; k < H; k++) {
      const e = Math.abs((train[o + k] as number) - (r.mean[k] as number));
      const sg = sig[k] as number;
      ratios.push(sg > 0 ? e / sg : e > 0 ? Infinity : 0);
    }
  }
}
ratios.sort((a, b) => a - b);
const q = (p: number): number => ratios[Math.floor(p * (ratios.length - 1))] as number;
console.log(`${file}${cut ? ` cut ${cut}` : ''}: ${ratios.length} backtest errors`);
console.log(
  `z80 = ${q(0.8).toFixed(3)}, z95 = ${q(0.95).toFixed(3)} (median ${q(0.5).toFixed(3)})`,
);
