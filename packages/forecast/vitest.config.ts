import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'forecast',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
