/**
 * The benchmark CSV format `id,train,test` (values separated by single spaces) and the forecast
 * output format `id,f1,...,fh`. Pure string functions; the CLI does the file I/O.
 */

export interface BenchmarkSeries {
  id: string;
  train: number[];
  test: number[];
}

function parseValues(field: string, line: number, what: string): number[] {
  const trimmed = field.trim();
  if (trimmed === '') {
    return [];
  }
  const parts = trimmed.split(/\s+/);
  const out = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const v = Number(parts[i]);
    if (!Number.isFinite(v)) {
      throw new Error(`line ${line}: ${what} value ${JSON.stringify(parts[i])} is not a number`);
    }
    out[i] = v;
  }
  return out;
}

/** Parse `id,train,test` text (a header line starting with `id,` is skipped). */
export function parseBenchmarkCsv(text: string): BenchmarkSeries[] {
  const lines = text.split(/\r?\n/);
  const out: BenchmarkSeries[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '') {
      continue;
    }
    const cols = raw.split(',');
    if (i === 0 && cols[0]?.trim() === 'id') {
      continue;
    }
    if (cols.length < 2 || cols.length > 3) {
      throw new Error(`line ${i + 1}: expected id,train,test but got ${cols.length} columns`);
    }
    const id = (cols[0] as string).trim();
    const train = parseValues(cols[1] as string, i + 1, 'train');
    const test = cols.length === 3 ? parseValues(cols[2] as string, i + 1, 'test') : [];
    if (train.length === 0) {
      throw new Error(`line ${i + 1}: series ${id} has no training values`);
    }
    out.push({ id, train, test });
  }
  return out;
}

function formatNumber(v: number): string {
  // shortest round-trip text, without exponent noise for ordinary magnitudes
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12)));
}

/** Format forecasts as `id,f1,...,fh` with a header sized to the longest horizon. */
export function formatForecastCsv(
  rows: readonly { id: string; mean: ArrayLike<number> }[],
): string {
  let h = 0;
  for (const r of rows) {
    h = Math.max(h, r.mean.length);
  }
  const header = ['id'];
  for (let i = 1; i <= h; i++) {
    header.push(`f${i}`);
  }
  const lines = [header.join(',')];
  for (const r of rows) {
    const cells = [r.id];
    for (let i = 0; i < r.mean.length; i++) {
      cells.push(formatNumber(r.mean[i] as number));
    }
    lines.push(cells.join(','));
  }
  return lines.join('\n') + '\n';
}
