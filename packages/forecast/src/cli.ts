/**
 * Command line: `npm run -s forecast -- predict IN.csv OUT.csv` and `... eval IN.csv`.
 * IN.csv is the benchmark format `id,train,test`; the horizon is the number of test values.
 * This is the only module that touches the file system.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluate, forecastSeries, formatForecastCsv, parseBenchmarkCsv } from './bench.ts';
import type { EvalReport } from './bench.ts';

export interface CliIo {
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  out(line: string): void;
  err(line: string): void;
  cwd: string;
}

export const nodeIo: CliIo = {
  readFile: (p) => readFileSync(p, 'utf8'),
  writeFile: (p, t) => writeFileSync(p, t),
  out: (l) => process.stdout.write(l + '\n'),
  err: (l) => process.stderr.write(l + '\n'),
  cwd: process.cwd(),
};

const USAGE = [
  'usage:',
  '  forecast predict IN.csv OUT.csv   forecast each series of IN.csv (id,train,test),',
  '                                    horizon = number of test values; writes id,f1,...,fh',
  '  forecast eval IN.csv              sMAPE, MASE, OWA vs Naive2, 80/95% coverage, MSIS, time',
].join('\n');

export function formatReport(r: EvalReport): string[] {
  const pct = (v: number | null): string => (v === null ? 'n/a' : `${(100 * v).toFixed(1)}%`);
  return [
    `n            ${r.n}`,
    `sMAPE        ${r.smape.toFixed(3)}   (Naive2 ${r.naive2Smape.toFixed(3)})`,
    `MASE         ${r.mase.toFixed(3)}   (Naive2 ${r.naive2Mase.toFixed(3)})`,
    `OWA          ${r.owa.toFixed(3)}   (vs Naive2 on the same series)`,
    `coverage80   ${pct(r.coverage80)}`,
    `coverage95   ${pct(r.coverage95)}`,
    `MSIS95       ${r.msis === null ? 'n/a' : r.msis.toFixed(3)}`,
    `ms/series    ${r.msPerSeries.toFixed(4)}`,
    ...(r.maseExcluded > 0
      ? [`(${r.maseExcluded} series with zero MASE scale left out of MASE)`]
      : []),
  ];
}

/** Run the CLI; returns the process exit code. */
export function runCli(args: readonly string[], io: CliIo = nodeIo): number {
  const [cmd, ...rest] = args;
  try {
    if (cmd === 'predict' && rest.length === 2) {
      const series = parseBenchmarkCsv(io.readFile(resolve(io.cwd, rest[0] as string)));
      const rows = series.map((s) => {
        const h = s.test.length;
        if (h < 1) {
          throw new Error(`series ${s.id} has no test values, so no horizon`);
        }
        return { id: s.id, mean: forecastSeries(s.train, h).mean };
      });
      io.writeFile(resolve(io.cwd, rest[1] as string), formatForecastCsv(rows));
      io.err(`wrote ${rows.length} forecasts to ${rest[1]}`);
      return 0;
    }
    if (cmd === 'eval' && rest.length === 1) {
      const series = parseBenchmarkCsv(io.readFile(resolve(io.cwd, rest[0] as string)));
      for (const s of series) {
        if (s.test.length < 1) {
          throw new Error(`series ${s.id} has no test values to evaluate against`);
        }
      }
      const report = evaluate(series, (train, h) => forecastSeries(train, h));
      for (const line of formatReport(report)) {
        io.out(line);
      }
      return 0;
    }
    io.err(USAGE);
    return 2;
  } catch (e) {
    io.err(`error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  process.exitCode = runCli(process.argv.slice(2));
}
