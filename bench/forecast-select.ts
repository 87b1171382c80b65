// Design-time model choice on TRAINING data only: every candidate recipe forecasts the last h
// values of each series' training history from the values before them (the benchmark's test
// values are never read), for histories cut to several lengths. The engine's recipes were chosen
// from this table. Usage: npx tsx bench/forecast-select.ts [file.csv]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyRecipe,
  BaseCache,
  mase,
  maseScale,
  parseBenchmarkCsv,
  recipe,
  smape,
} from '@sk-tanaw/forecast/bench';
import type { Recipe } from '@sk-tanaw/forecast/bench';

const dataDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/forecast/benchmark-data',
);
const file = process.argv[2] ?? 'm4-yearly-dev.csv';
const series = parseBenchmarkCsv(readFileSync(join(dataDir, file), 'utf8'));

const candidates: Recipe[] = [
  recipe(['naive']),
  recipe(['drift']),
  recipe(['theta']),
  recipe(['damped']),
  recipe(['ses', 'holt', 'damped']),
  recipe(['theta', 'drift']),
  recipe(['theta', 'damped', 'drift', 'holt', 'ses'], 'median'),
  recipe(['theta', 'drift', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'naive', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'damped', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'ses', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'damped', 'naive', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'damped', 'ses', 'logTheta', 'logDrift'], 'median'),
  recipe(['theta', 'drift', 'damped', 'naive', 'ses', 'logTheta', 'logDrift'], 'median'),
];
const lengths: (number | 'all')[] = [2, 3, 4, 5, 6, 8, 10, 12, 16, 'all'];
console.log(`training-only holdout (last h training values) on ${file}; OWA vs naive`);
console.log(['recipe'.padEnd(50), ...lengths.map((l) => String(l).padStart(6)), '  mean'].join(''));
const table = candidates.map(() => lengths.map(() => 0));
lengths.forEach((len, j) => {
  const sm = candidates.map(() => 0);
  const ms = candidates.map(() => 0);
  for (const s of series) {
    const h = s.test.length;
    const end = s.train.length - h;
    const start = len === 'all' ? 0 : end - len;
    if (start < 0 || end < 2) {
      continue;
    }
    const hist = s.train.slice(start, end);
    const actual = s.train.slice(end);
    const scale = maseScale(s.train.slice(0, end));
    if (!(scale > 0)) {
      continue;
    }
    const cache = new BaseCache(hist, h);
    candidates.forEach((c, i) => {
      const f = applyRecipe(c, cache);
      sm[i] = (sm[i] as number) + smape(actual, f);
      ms[i] = (ms[i] as number) + mase(actual, f, [], scale);
    });
  }
  candidates.forEach((_, i) => {
    (table[i] as number[])[j] =
      ((sm[i] as number) / (sm[0] as number) + (ms[i] as number) / (ms[0] as number)) / 2;
  });
});
candidates.forEach((c, i) => {
  console.log(
    [
      c.name.padEnd(50),
      ...(table[i] as number[]).map((v) => v.toFixed(3).padStart(6)),
      ((table[i] as number[]).reduce((a, b) => a + b, 0) / lengths.length).toFixed(3).padStart(6),
    ].join(''),
  );
});
