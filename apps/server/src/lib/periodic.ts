import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from './background.ts';

/**
 * Upkeep that runs in the background (tracked by `BackgroundTasks`, so closing the app waits for
 * a run in progress): now, then every `everyMs`. A failed run is logged by its message only (no
 * request or credentials of a client's error object) and tried again after `retryMs`, doubling
 * up to `everyMs`: a failing sweep never stops the process, nor spins.
 */
export interface PeriodicJob {
  /** Starts the first run now (once; later calls do nothing). */
  start(): void;
  /** No run starts after this; one in progress sees `stopping` and finishes soon. */
  stop(): void;
  readonly stopping: boolean;
}

export interface PeriodicOptions {
  background: BackgroundTasks;
  logger: FastifyBaseLogger;
  /** What the log calls it. */
  what: string;
  /** One run. */
  run: () => Promise<unknown>;
  everyMs: number;
  retryMs: number;
  /** Stop after the first run that succeeds (work that is only needed until it is done). */
  untilDone?: boolean;
}

/** Names an error without its properties (an SDK error can carry request details). */
export const errorSummary = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };

export function createPeriodicJob(options: PeriodicOptions): PeriodicJob {
  const { background, logger, what } = options;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const schedule = (ms: number) => {
    if (stopped) {
      return;
    }
    timer = setTimeout(runOnce, ms);
    timer.unref();
  };

  function runOnce() {
    timer = undefined;
    background.run(`${what} failed`, async () => {
      try {
        await options.run();
        failures = 0;
        if (!options.untilDone) {
          schedule(options.everyMs);
        }
      } catch (error) {
        failures += 1;
        const retryInMs = Math.min(options.everyMs, options.retryMs * 2 ** (failures - 1));
        logger.warn({ task: what, error: errorSummary(error), retryInMs }, `${what} failed`);
        schedule(retryInMs);
      }
    });
  }

  return {
    start() {
      if (!started && !stopped) {
        started = true;
        runOnce();
      }
    },
    stop() {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    get stopping() {
      return stopped;
    },
  };
}
