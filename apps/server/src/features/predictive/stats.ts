/** Small descriptive statistics for the analyst. Pure functions. */
export interface Spread {
  n: number;
  median: number;
  min: number;
  max: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) {
    return null;
  }
  return {
    n: values.length,
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Sample standard deviation (n - 1); NaN below two values. */
export function stdev(values: readonly number[]): number {
  if (values.length < 2) {
    return Number.NaN;
  }
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

/** Percent, rounded to one decimal, as text: 12.5%. */
export function pct(ratio: number): string {
  return `${round1(ratio * 100)}%`;
}

/** Signed percent: +12.5%, -3%. */
export function signedPct(ratio: number): string {
  return `${ratio >= 0 ? '+' : ''}${pct(ratio)}`;
}

export function round1(value: number): number {
  const r = Math.round(value * 10) / 10;
  return r === 0 ? 0 : r;
}

const peso = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0 });

/** Pesos without centavos: ₱1,234,567. */
export function formatPesos(value: number): string {
  return `₱${peso.format(Math.round(value))}`;
}
