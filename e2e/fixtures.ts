import { test as base } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';

/**
 * `test` whose pages share one browser context per worker, so the app's immutable assets come
 * from the HTTP cache after the first test. Each test still gets a fresh tab (the app keeps its
 * session in sessionStorage, which is per tab) and the cookies are cleared before it.
 */
export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? ''}`,
        viewport: { width: 1366, height: 850 },
        reducedMotion: 'reduce',
      });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ workerContext }, use) => {
    await workerContext.clearCookies();
    await use(workerContext);
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
    await page.close();
  },
});

export { expect } from '@playwright/test';
