import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'forecast',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
