import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';

// The accessibility check itself finds what it must: a page with an image without a text
// alternative, a button without a name and low-contrast text answers those findings.
test('the accessibility check reports serious findings', async ({ page }) => {
  await page.setContent(
    `<html lang="en"><head><title>Check</title></head><body><main>
      <h1>Check</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <button></button>
      <p style="color:#bbb;background:#fff">Faint text</p>
    </main></body></html>`,
  );
  const found = (await seriousViolations(page)).map((v) => v.id).sort();
  expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
});
