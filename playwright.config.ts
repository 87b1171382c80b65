import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A port per run (set once; workers inherit it), so parallel runs on one machine do not collide.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 10_000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// One fresh database per run. The config is also loaded by the workers, which inherit the
// variable, so they agree on the folder and no extra folders are made.
process.env.SK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sk-tanaw-e2e-'));
const dataDir = process.env.SK_E2E_DATA_DIR;
const webRoot = join(dataDir, 'web');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  // The user guides' screenshots run only through playwright.guide.config.ts.
  testIgnore: 'guide/**',
  // Per-run output folder, so runs side by side do not delete each other's traces.
  outputDir: `test-results/run-${port}`,
  fullyParallel: true,
  forbidOnly: true,
  // Journeys change the database (the forced credential change), so they do not retry.
  retries: 0,
  workers: 2,
  // Sized for a busy two-core machine (a second suite beside this one: the youth registry's
  // verification journey once ran past 60 s there); a passing journey ends when it is done.
  timeout: 180_000,
  // A first paint can take several seconds when CI's two cores also build and run the other
  // worker's journey (stop 28's CI: the showcase heading missed a 7.5 s wait once), so waits
  // for what a page shows get 30 s; a passing wait returns as soon as the element is there.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    viewport: { width: 1366, height: 850 },
    // The app honours reduced motion (no transitions), which also keeps the journeys quick.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed journey keeps its trace (actions, DOM snapshots, network, console) and a
    // screenshot. The trace's screencast is left out: encoding a frame of every paint of every
    // journey cost about a third of the journeys' time on this 2-core machine (four journey
    // files, two workers: 122 s with it, 86 s without, 84 s with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } },
    },
  ],
  webServer: {
    // `npm test` builds first; a lone `playwright test` builds when no build exists yet. The
    // server serves a private copy of the build, so a rebuild during the run cannot break it.
    command: [
      'test -f apps/web/dist/index.html || npm run build',
      `rm -rf "${webRoot}" && cp -r apps/web/dist "${webRoot}"`,
      'exec node --import tsx apps/server/src/main.ts',
    ].join(' && '),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
      // Every browser of the run shares 127.0.0.1, so all their API calls count against one
      // address's limit (static files do not count); the run would throttle itself.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
