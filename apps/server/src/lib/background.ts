import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up an answer (e.g. a status e-mail after a review), tracked so it is
 * never lost: a failure is logged, and closing the app waits until every started task settles.
 */
export interface BackgroundTasks {
  /** Starts `task` now without waiting for it; a failure is logged with `what` and `context`. */
  run(what: string, task: () => Promise<unknown>, context?: Record<string, unknown>): void;
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>;
  /** Tasks still running. */
  readonly pending: number;
}

export function createBackgroundTasks(logger: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(what, task, context = {}) {
      const tracked: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => {
            logger.error({ err: error, ...context }, what);
          },
        )
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async drain() {
      while (running.size > 0) {
        await Promise.all(running);
      }
    },
    get pending() {
      return running.size;
    },
  };
}
