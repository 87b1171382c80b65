/** Every percentage a text states ('12.5%' -> 12.5, '1,000%' -> 1000). */
export function statedPercents(texts: readonly string[]): number[] {
  return texts.flatMap((t) =>
    [...t.matchAll(/(\d[\d,]*(?:\.\d+)?)%/g)].map((m) => Number((m[1] ?? '').replace(/,/g, ''))),
  );
}
