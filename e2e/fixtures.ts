import { test as base } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';

/**
 * `test` whose pages share one browser context per worker, so the app's immutable assets come
 * from the HTTP cache after the first test. Each test still gets a fresh tab (the app keeps its
 * session in sessionStorage, which is per tab) whose first page finds localStorage empty, and
 * the cookies are cleared before it.
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
    // The shared context keeps localStorage, where the app keeps the chosen language: a test
    // that switched to Filipino would start the next one in Filipino. Each tab's first page
    // starts from an empty localStorage; a reload within the test keeps what the test chose.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-fresh-tab') === null) {
        localStorage.clear();
        sessionStorage.setItem('e2e-fresh-tab', '1');
      }
    });
    await use(page);
    await page.close();
  },
});

export { expect } from '@playwright/test';
