/**
 * Seeds of the property-based tests (fast-check). Every property runs twice:
 * - with FIXED_SEED, named in the test: the same cases on every run, so CI is deterministic and a
 *   failure there comes back by running the test again;
 * - with a fresh random seed: new cases on every run. fast-check's failure message names the seed
 *   and the path of the (shrunk) failing case; replay it with
 *   `PROPERTY_SEED=<seed> PROPERTY_PATH=<path> npx vitest run <file>`.
 * `PROPERTY_RUNS=<n>` gives the random run n cases, to search many seeds locally.
 */

/** The seed of the deterministic run. Any value will do; it only has to stay the same. */
export const FIXED_SEED = 42;

/** The part of fast-check's `Parameters` the runs set (assignable to any property's). */
export interface PropertyParams {
  seed: number;
  numRuns: number;
  path?: string;
  endOnFailure?: boolean;
}

/** A run's name for the test title ('seed 42', 'random seed') and its parameters. */
export type PropertyRun = [label: string, params: PropertyParams];

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') {
    return undefined;
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`${name} must be an integer, got "${raw}"`);
  }
  return value;
}

/** The fixed-seed run's parameters. */
export function fixedRun(numRuns: number): PropertyParams {
  return { seed: FIXED_SEED, numRuns };
}

/** A random seed (or PROPERTY_SEED/PROPERTY_PATH to replay a failure), PROPERTY_RUNS cases if set. */
export function randomRun(numRuns: number): PropertyParams {
  const path = process.env.PROPERTY_PATH;
  return {
    seed: envNumber('PROPERTY_SEED') ?? Math.floor(Math.random() * 2 ** 31),
    numRuns: envNumber('PROPERTY_RUNS') ?? numRuns,
    ...(path ? { path, endOnFailure: true } : {}),
  };
}

/** The two runs of a property with `numRuns` cases each, for `it.each(...)('... (%s)')`. */
export function propertyRuns(numRuns: number): PropertyRun[] {
  return [
    [`seed ${FIXED_SEED}`, fixedRun(numRuns)],
    ['random seed', randomRun(numRuns)],
  ];
}
