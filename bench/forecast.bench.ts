// Forecast engine benchmark: accuracy (sMAPE, MASE, OWA vs Naive2), interval coverage, MSIS and
// speed on the M4 Yearly dev set, M3 Yearly, Tourism Yearly and the M4 dev set cut to its last 6
// training values, with Naive2 / Theta / drift / Comb baselines on the same series.
// Exits non-zero when an accuracy, coverage or speed target is missed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  driftForecast,
  evaluate,
  fitDamped,
  fitHolt,
  fitSes,
  fitTheta,
  forecastSeries,
  naiveForecast,
  parseBenchmarkCsv,
} from '@sk-tanaw/forecast/bench';
import type { EvalReport, EvalSeries } from '@sk-tanaw/forecast/bench';
import { forecastYears } from '@sk-tanaw/forecast';

const dataDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/forecast/benchmark-data',
);
const load = (f: string): EvalSeries[] => parseBenchmarkCsv(readFileSync(join(dataDir, f), 'utf8'));

const m4 = load('m4-yearly-dev.csv');
const sets: { name: string; series: EvalSeries[] }[] = [
  { name: 'M4 yearly dev', series: m4 },
  { name: 'M3 yearly', series: load('m3-yearly.csv') },
  { name: 'Tourism yearly', series: load('tourism-yearly.csv') },
  {
    name: 'M4 dev, last 6',
    series: m4.map((s) => ({ ...s, train: s.train.slice(-6), scaleHistory: s.train })),
  },
];

type Forecaster = (train: readonly number[], h: number) => { mean: ArrayLike<number> };
const comb: Forecaster = (y, h) => {
  const a = fitSes(y, h).mean;
  const b = y.length >= 4 ? fitHolt(y, h).mean : driftForecast(y, h);
  const c = y.length >= 5 ? fitDamped(y, h).mean : driftForecast(y, h);
  return { mean: a.map((v, i) => (v + (b[i] as number) + (c[i] as number)) / 3) };
};
const methods: { name: string; f: Forecaster }[] = [
  { name: 'engine', f: (y, h) => forecastSeries(y, h) },
  { name: 'Naive2', f: (y, h) => ({ mean: naiveForecast(y, h) }) },
  { name: 'Theta', f: (y, h) => fitTheta(y, h) },
  { name: 'drift', f: (y, h) => ({ mean: driftForecast(y, h) }) },
  { name: 'Comb S-H-D', f: comb },
];

const fmt = (v: number | null, d: number): string => (v === null ? '-' : v.toFixed(d));
const pct = (v: number | null): string => (v === null ? '-' : `${(100 * v).toFixed(1)}%`);
const header = [
  'set',
  'method',
  'n',
  'sMAPE',
  'MASE',
  'OWA',
  'cov80',
  'cov95',
  'MSIS',
  'ms/series',
];
const widths = [16, 11, 5, 8, 7, 7, 7, 7, 7, 9];
const row = (cells: string[]): string =>
  cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 8) : c.padStart(widths[i] ?? 8))).join(' ');
console.log(row(header));

const results = new Map<string, EvalReport>();
for (const set of sets) {
  for (const m of methods) {
    // warm-up so the timing reflects steady-state JIT code
    if (m.name === 'engine') {
      evaluate(set.series.slice(0, 200), m.f);
    }
    const r = evaluate(set.series, m.f);
    results.set(`${set.name}/${m.name}`, r);
    console.log(
      row([
        set.name,
        m.name,
        String(r.n),
        fmt(r.smape, 3),
        fmt(r.mase, 3),
        fmt(r.owa, 3),
        pct(r.coverage80),
        pct(r.coverage95),
        fmt(r.msis, 2),
        fmt(r.msPerSeries, 4),
      ]),
    );
  }
}

// The product calls the year-aware API: on complete series it must give the benchmarked forecasts.
const yearsOf = (train: readonly number[]) => train.map((value, i) => ({ year: 2000 + i, value }));
const yearsReport = evaluate(m4, (train, h) => forecastYears(yearsOf(train), h));
let maxRelDiff = 0;
for (const s of m4) {
  const a = forecastSeries(s.train, s.test.length).mean;
  const b = forecastYears(yearsOf(s.train), s.test.length).mean;
  a.forEach((v, i) => {
    const d = Math.abs(v - (b[i] as number)) / Math.max(1, Math.abs(v));
    maxRelDiff = Math.max(maxRelDiff, d);
  });
}
console.log(
  `\nforecastYears (product API) on M4 yearly dev: OWA ${yearsReport.owa.toFixed(3)}, ` +
    `${yearsReport.msPerSeries.toFixed(4)} ms/series (incl. building the points), ` +
    `max relative difference from the engine ${maxRelDiff.toExponential(1)}`,
);

const get = (set: string): EvalReport => results.get(`${set}/engine`) as EvalReport;
const m4r = get('M4 yearly dev');
const targets: { what: string; value: number; ok: boolean }[] = [
  { what: 'M4 dev OWA <= 0.85', value: m4r.owa, ok: m4r.owa <= 0.85 },
  { what: 'M3 sMAPE <= 16.5', value: get('M3 yearly').smape, ok: get('M3 yearly').smape <= 16.5 },
  {
    what: 'Tourism MASE < 3.01 (Naive)',
    value: get('Tourism yearly').mase,
    ok: get('Tourism yearly').mase < 3.01,
  },
  {
    what: 'M4 dev last-6 OWA <= 0.88',
    value: get('M4 dev, last 6').owa,
    ok: get('M4 dev, last 6').owa <= 0.88,
  },
  {
    what: 'M4 dev 80% coverage in [75%, 85%]',
    value: m4r.coverage80 ?? Number.NaN,
    ok: (m4r.coverage80 ?? 0) >= 0.75 && (m4r.coverage80 ?? 1) <= 0.85,
  },
  {
    what: 'M4 dev 95% coverage in [90%, 98%]',
    value: m4r.coverage95 ?? Number.NaN,
    ok: (m4r.coverage95 ?? 0) >= 0.9 && (m4r.coverage95 ?? 1) <= 0.98,
  },
  {
    what: 'forecastYears = engine on M4 dev (max relative difference < 1e-12)',
    value: maxRelDiff,
    ok: maxRelDiff < 1e-12,
  },
  {
    what: 'M4 dev whole set < 2 s (ms/series < 0.87)',
    value: m4r.msPerSeries,
    ok: m4r.msPerSeries * m4r.n < 2000,
  },
];
console.log('\ntargets:');
let failed = false;
for (const t of targets) {
  console.log(`  ${t.ok ? 'ok  ' : 'FAIL'} ${t.what}: ${t.value.toFixed(4)}`);
  failed ||= !t.ok;
}
console.log(`\nM4 dev total engine time: ${(m4r.msPerSeries * m4r.n).toFixed(0)} ms`);
process.exit(failed ? 1 : 0);
