import config from './playwright.config.ts';
import { defineConfig } from '@playwright/test';

// The user guides' screenshots (`npm run docs:screenshots`): the journeys' server and browser
// (playwright.config.ts: a fresh database with the demo data, Chromium at /usr/bin/chromium), but
// only e2e/guide/, one worker, so the pictures are taken in a fixed order. Not part of `npm test`:
// the journeys' own config matches e2e/*.spec.ts only.
export default defineConfig({
  ...config,
  testDir: './e2e/guide',
  testMatch: '*.spec.ts',
  testIgnore: [],
  fullyParallel: false,
  workers: 1,
  reporter: 'list',
});
