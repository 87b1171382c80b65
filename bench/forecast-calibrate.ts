// Calibrates the interval multipliers (Z_TABLE in packages/forecast/src/intervals.ts) on
// rolling-origin backtests of the TRAINING parts of the M4 yearly dev set only. For every series
// and origin (training history cut h, h+1 and h+2 values before its end) and every band of
// history lengths, the engine forecasts from the last L values before the origin and the errors
// against the held-back training values are expressed in units of sigma_k; the 80% and 95%
// quantiles of |error| / sigma_k are the band's multipliers.
// Usage: npx tsx bench/forecast-calibrate.ts [file.csv]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forecastCore, horizonSigma, parseBenchmarkCsv, Z_TABLE } from '@sk-tanaw/forecast/bench';

const dataDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/forecast/benchmark-data',
);
const file = process.argv[2] ?? 'm4-yearly-dev.csv';
const series = parseBenchmarkCsv(readFileSync(join(dataDir, file), 'utf8'));

const quantile = (sorted: number[], p: number): number =>
  sorted[Math.floor(p * (sorted.length - 1))] as number;

let lowN = 1;
const rows: string[] = [];
for (const band of Z_TABLE) {
  const highN = band[0];
  const ratios: number[] = [];
  let idx = 0;
  for (const s of series) {
    const h = s.test.length;
    for (let back = h; back <= h + 2; back++) {
      const origin = s.train.length - back;
      // cycle through the band's lengths; the open-ended band uses the whole history
      const span = Number.isFinite(highN) ? highN - lowN + 1 : 0;
      const len = span > 0 ? lowN + (idx++ % span) : origin;
      if (origin - len < 0 || len < lowN) {
        continue;
      }
      const y = Float64Array.from(s.train.slice(origin - len, origin));
      const H = Math.min(h, back);
      const r = forecastCore(y, H, true, false);
      const sig = horizonSigma(y, H);
      for (let k = 0; k < H; k++) {
        const e = Math.abs((s.train[origin + k] as number) - (r.mean[k] as number));
        const sg = sig[k] as number;
        ratios.push(sg > 0 ? e / sg : e > 0 ? Number.POSITIVE_INFINITY : 0);
      }
    }
  }
  ratios.sort((a, b) => a - b);
  const z80 = quantile(ratios, 0.8);
  const z95 = quantile(ratios, 0.95);
  rows.push(
    `  [${Number.isFinite(highN) ? highN : 'Number.POSITIVE_INFINITY'}, ${z80.toFixed(2)}, ${z95.toFixed(2)}], // n ${lowN}-${Number.isFinite(highN) ? highN : ''}: ${ratios.length} errors`,
  );
  lowN = highN + 1;
}
console.log(`Z_TABLE calibrated on training backtests of ${file}:`);
console.log(rows.join('\n'));
