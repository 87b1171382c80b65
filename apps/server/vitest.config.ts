import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Sized for a busy two-core machine (another suite beside this one): a passing test returns
    // as soon as it is done, so a long limit costs nothing; it only keeps a slow machine green.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
