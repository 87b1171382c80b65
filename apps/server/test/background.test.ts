import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from '../src/lib/background.ts';
import { createPeriodicJob } from '../src/lib/periodic.ts';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(stream), lines };
}

describe('background tasks', () => {
  it('does not hold up the caller, and drain waits until every started task has settled', async () => {
    const { logger } = capturingLogger();
    const tasks = createBackgroundTasks(logger);
    let finished = false;
    let release: () => void = () => undefined;
    tasks.run('slow task failed', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    expect(finished).toBe(false);
    expect(tasks.pending).toBe(1);
    let drainedYet = false;
    const drained = tasks.drain().then(() => {
      drainedYet = true;
    });
    // One turn of the event loop runs everything already queued: drain still waits for the task.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drainedYet).toBe(false);
    release();
    await drained;
    expect(finished).toBe(true);
    expect(tasks.pending).toBe(0);
  });

  it('logs a failed task with its context instead of rejecting anywhere', async () => {
    const { logger, lines } = capturingLogger();
    const tasks = createBackgroundTasks(logger);
    tasks.run('status e-mail failed', () => Promise.reject(new Error('smtp down')), {
      project: 'SB-2026-001',
    });
    await tasks.drain();
    const line = lines.find((l) => l.msg === 'status e-mail failed');
    expect(line).toMatchObject({ project: 'SB-2026-001', err: { message: 'smtp down' } });
  });
});

describe('periodic upkeep jobs', () => {
  it('retries a failed run later, doubling the delay, and an until-done job stops once it succeeds', async () => {
    vi.useFakeTimers();
    try {
      const { logger, lines } = capturingLogger();
      const background = createBackgroundTasks(logger);
      let runs = 0;
      const job = createPeriodicJob({
        background,
        logger,
        what: 'plan values sync',
        everyMs: 60_000,
        retryMs: 5_000,
        untilDone: true,
        run: () => {
          runs += 1;
          return runs <= 2 ? Promise.reject(new Error(`down ${String(runs)}`)) : Promise.resolve();
        },
      });
      job.start();
      await background.drain();
      expect(runs).toBe(1);
      // No tight loop: nothing runs again before the delay.
      await vi.advanceTimersByTimeAsync(4_999);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await background.drain();
      expect(runs).toBe(2);
      await vi.advanceTimersByTimeAsync(10_000);
      await background.drain();
      expect(runs).toBe(3);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(runs).toBe(3);
      const failed = lines.filter((l) => l.msg === 'plan values sync failed');
      expect(failed.map((l) => l.retryInMs)).toEqual([5_000, 10_000]);
      expect(failed[0]).toMatchObject({ error: { name: 'Error', message: 'down 1' } });
      expect(failed[0]).not.toHaveProperty('err');
      job.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a repeating job again after its interval, and never after stop', async () => {
    vi.useFakeTimers();
    try {
      const { logger } = capturingLogger();
      const background = createBackgroundTasks(logger);
      let runs = 0;
      const job = createPeriodicJob({
        background,
        logger,
        what: 'document sweep',
        everyMs: 600_000,
        retryMs: 5_000,
        run: () => {
          runs += 1;
          return Promise.resolve();
        },
      });
      job.start();
      await background.drain();
      await vi.advanceTimersByTimeAsync(600_000);
      await background.drain();
      expect(runs).toBe(2);
      job.stop();
      await vi.advanceTimersByTimeAsync(1_200_000);
      expect(runs).toBe(2);
      expect(job.stopping).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
