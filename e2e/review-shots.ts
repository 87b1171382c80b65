import type {
  Locator,
  LocatorScreenshotOptions,
  Page,
  PageScreenshotOptions,
} from '@playwright/test';

/**
 * Screenshots taken for a person to look at (test-results/<journey>-screenshots/), at 1366 and
 * 390 px: what a change did to a screen. No assertion reads them, so `npm test` skips them (the
 * journeys took about a hundred, a second or more each on a busy 2-core machine);
 * `npm run test:e2e:shots` runs the journeys with them (E2E_SCREENSHOTS=1). The user guides'
 * pictures are taken apart from these, by `npm run docs:screenshots`.
 */
export async function reviewShot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions & { path: string },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') {
    return;
  }
  await target.screenshot(options);
}
