import { describe, expect, it, vi } from 'vitest';
import { watchGeneration } from '../src/lib/generation-watch.ts';

function watcher(start: number) {
  let generation = start;
  const onChange = vi.fn();
  const watch = watchGeneration({
    read: () => Promise.resolve(generation),
    initial: start,
    onChange,
    onError: () => undefined,
    everyMs: 60_000,
  });
  return {
    watch,
    onChange,
    set: (value: number) => {
      generation = value;
    },
  };
}

describe('restore generation watch', () => {
  it("runs onChange for another process's restore, once per move", async () => {
    const w = watcher(3);
    await w.watch.check();
    expect(w.onChange).not.toHaveBeenCalled();
    w.set(4);
    await w.watch.check();
    await w.watch.check();
    expect(w.onChange).toHaveBeenCalledTimes(1);
    w.watch.stop();
  });

  it("does not take this process's own restore for another's", async () => {
    const w = watcher(3);
    w.watch.expectOwn(4);
    w.set(4);
    await w.watch.check();
    expect(w.onChange).not.toHaveBeenCalled();
    // The next restore, by another process, is noticed.
    w.set(5);
    await w.watch.check();
    expect(w.onChange).toHaveBeenCalledTimes(1);
    w.watch.stop();
  });

  it('notices a restore to the number an own restore that failed would have had', async () => {
    const w = watcher(3);
    const undo = w.watch.expectOwn(4);
    undo();
    w.set(4);
    await w.watch.check();
    expect(w.onChange).toHaveBeenCalledTimes(1);
    w.watch.stop();
  });
});
