// Notices a restore made by another server process of the installation: the restore bumps a
// generation number in the database (install_state), and every process reads it every
// `everyMs` (one indexed read of one row) and drops what it cached when it moved.

export interface GenerationWatch {
  /** Reads the generation now; `onChange` runs when it moved since the last read. */
  check(): Promise<void>;
  /**
   * Marks `generation` as this process's own restore, before it commits: reaching it does not
   * run `onChange` (the restore drops its caches itself). Returns the undo for a restore that
   * did not commit, so another process's restore to the same number is still noticed.
   */
  expectOwn(generation: number): () => void;
  stop(): void;
}

export function watchGeneration(options: {
  read: () => Promise<number>;
  initial: number;
  onChange: () => void;
  onError: (error: unknown) => void;
  everyMs: number;
}): GenerationWatch {
  let seen = options.initial;
  const own = new Set<number>();
  let running: Promise<void> | undefined;
  const check = () =>
    (running ??= options
      .read()
      .then((generation) => {
        if (generation !== seen) {
          seen = generation;
          if (!own.delete(generation)) {
            options.onChange();
          }
        }
      }, options.onError)
      .finally(() => {
        running = undefined;
      }));
  const timer = setInterval(() => void check(), options.everyMs);
  timer.unref();
  return {
    check,
    expectOwn: (generation) => {
      own.add(generation);
      return () => {
        own.delete(generation);
      };
    },
    stop: () => {
      clearInterval(timer);
    },
  };
}
