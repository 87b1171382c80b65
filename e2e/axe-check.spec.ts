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

// Contrast is read once per set of identically styled table rows: a row styled differently,
// after several alike, is still read, and so is every row for the other rules (a button without
// a name in a row styled like the others is still found).
test('the accessibility check reads a differently styled table row, and every row for names', async ({
  page,
}) => {
  const row = (cells: string) => `<tr><td>Item</td><td>${cells}</td></tr>`;
  const alike = row('<button aria-label="Open" style="width:24px;height:24px"></button>');
  await page.setContent(
    `<html lang="en"><head><title>Check</title></head><body><main>
      <h1>Check</h1>
      <table><thead><tr><th>Name</th><th>Action</th></tr></thead><tbody>
        ${alike.repeat(4)}
        <tr><td style="color:#bbb;background:#fff" id="faint">Faint item</td><td></td></tr>
        ${alike.repeat(2)}
        ${row('<button id="nameless" style="width:24px;height:24px"></button>')}
      </tbody></table>
    </main></body></html>`,
  );
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast']);
  const nodes = (id: string) => found.find((v) => v.id === id)?.nodes.join('\n') ?? '';
  expect(nodes('color-contrast')).toContain('#faint');
  expect(nodes('button-name')).toContain('#nameless');
});
