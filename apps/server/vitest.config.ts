import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The test files of a worker share its loaded modules, so the server's code is loaded and
    // compiled once per worker, not once per file: measured on this 2-core machine, the server's
    // tests took 240 s instead of 375 s (loading the modules alone had taken 160 s of the run).
    // Each file still builds its own app, database and folders (test/helpers.ts), and no file
    // replaces a module (vi.mock): a spy or fake timer is put back by the test that set it.
    isolate: false,
    // Sized for a busy two-core machine (another suite beside this one): a passing test returns
    // as soon as it is done, so a long limit costs nothing; it only keeps a slow machine green.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
