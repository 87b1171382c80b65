import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Vitest 4 runs `cpus - 1` test files at once: one on a 2-core machine, where most of the
    // suite's time is spent waiting (PostgreSQL, child processes, crash and restore tests), so
    // the whole suite ran one file after another (1,188 s). Two at a time on any machine with
    // two cores or more.
    maxWorkers: 2,
  },
});
