import { defineProject } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { linguiOptions } from './vite.config.ts';

export default defineProject({
  plugins: [react(), lingui(linguiOptions)],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Typing through user-event in jsdom is slow when the whole suite shares two cores, and
    // slower still with another suite beside it (the plan editor's keyboard test took 50 s).
    testTimeout: 120_000,
  },
});
