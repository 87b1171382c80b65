import type { ReadyComponent, ReadyResponse } from '@sk-tanaw/contract';

/** One component a readiness check asks (the database; Redis and the bucket when configured). */
export interface ReadinessCheck {
  component: ReadyComponent;
  /** Resolves when the component answers; rejects (or does not settle) when it does not. */
  ping: () => Promise<unknown>;
}

/** How long a component may take to answer a readiness check before it counts as failed. */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout(ping: () => Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    Promise.resolve()
      .then(ping)
      .then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
  });
}

/** Asks every component at once; the answer names those that failed. */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READY_TIMEOUT_MS,
): Promise<ReadyResponse> {
  const results = await Promise.all(checks.map((c) => withTimeout(c.ping, timeoutMs)));
  const answer: ReadyResponse = { status: 'ready', checks: {}, failed: [] };
  checks.forEach((c, i) => {
    const ok = results[i] === true;
    answer.checks[c.component] = ok ? 'ok' : 'failed';
    if (!ok) {
      answer.failed.push(c.component);
    }
  });
  answer.status = answer.failed.length === 0 ? 'ready' : 'not-ready';
  return answer;
}
