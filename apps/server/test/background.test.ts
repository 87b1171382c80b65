import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from '../src/lib/background.ts';

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
