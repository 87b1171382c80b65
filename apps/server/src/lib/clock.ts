/** Time source; tests pass a controllable clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * For journeys only (`E2E_CLOCK_START`, never with NODE_ENV=production): a clock that reads
 * `start` when made and runs on from there, so a journey's own server can stand after a term's
 * end. Undefined when unset, invalid, or in production.
 */
export function journeyClock(env: NodeJS.ProcessEnv = process.env): Clock | undefined {
  const start = Date.parse(env.E2E_CLOCK_START ?? '');
  if (Number.isNaN(start) || env.NODE_ENV === 'production') {
    return undefined;
  }
  const offset = start - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function manualClock(start = new Date('2026-06-01T00:00:00.000Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export const minutes = (n: number) => n * 60_000;
export const iso = (d: Date) => d.toISOString();
