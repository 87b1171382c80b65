import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '@playwright/test';
import { manilaYear } from '@sk-tanaw/contract';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// A long journey through three people, with axe on three pages, on a busy machine.
test.describe.configure({ timeout: 240_000 });

const RESOLUTION_PDF = fileURLToPath(
  new URL('./fixtures/youth-coding-bootcamp.pdf', import.meta.url),
);

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));
const checks = (page: Page) => page.getByRole('list', { name: 'Checks' });
const check = (page: Page, rule: string) => checks(page).locator(`li[data-rule="${rule}"]`);

test('from the forecast to the public board: the treasurer plans, the chair approves and posts, anyone reads it', async ({
  page,
}) => {
  // The year after next: the demo data already has next year's draft, and no other journey
  // touches this year's plans.
  const year = manilaYear(new Date()) + 2;

  // --- The SK treasurer (an SK official) creates the plan from the forecast. ---
  await loginAs(page, 'sb.official');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget Planning' })
    .click();
  await expect(page).toHaveURL(/\/budget-planning$/);
  await expect(page.getByRole('heading', { name: 'Budget Planning', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Budget plans' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Fiscal year').fill(String(year));
  await page.getByRole('checkbox', { name: 'Accepted proposals' }).uncheck();
  await page.getByRole('checkbox', { name: "Last year's plan" }).uncheck();
  // The demo CBYDP covers this year too: this journey starts from the forecast alone.
  await page.getByRole('checkbox', { name: "The CBYDP's PPAs for the year" }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'The forecast' })).toBeChecked();
  await page.getByRole('button', { name: 'Create plan' }).click();
  // The toast says so at once; it closes after 5 s, while the editor (its own chunk) may still
  // be on its way on a busy machine.
  await expect(page.getByText(`Draft budget plan for ${String(year)} created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/budget-planning\/\d+$/);
  await expect(page.getByRole('heading', { name: `Budget plan ${String(year)}` })).toBeVisible();

  // One youth development line per centre, from its forecast, with the 80% range beside it.
  const lines = page.getByRole('table', { name: 'Lines of the plan' });
  await expect(lines.getByRole('textbox', { name: 'PPA, line 1', exact: true })).toHaveValue(
    /youth programs$/,
  );
  await expect(
    lines.getByRole('textbox', { name: 'Description, line 1', exact: true }),
  ).toHaveValue(/^From the forecast of past budgets/);
  await expect(lines.getByText(/\(80%: ₱[\d,.]+ – ₱[\d,.]+\)/).first()).toBeVisible();
  const forecastTotal = pesos(await page.getByTestId('summary-appropriations').innerText());
  expect(forecastTotal).toBeGreaterThan(0);
  await expect(check(page, 'receipts-certified')).toHaveAttribute('data-status', 'fail');

  // Receipts: the 10% share (₱4,000,000: personal services may take ₱1,000,000) as the barangay
  // treasurer's notice estimates it, the city or municipal treasurer's certification of income
  // behind it, and the unspent balance carried over, enough for the forecast and the honoraria.
  await page.getByLabel('10% share (₱)').fill('4000000');
  await page.getByLabel('Date of the certification of income').fill(`${String(year - 1)}-09-10`);
  await page.getByLabel('City or municipal treasurer', { exact: true }).fill('Teresita P. Lim');
  await page.getByRole('button', { name: 'Add receipt' }).click();
  // A new receipt starts on its row of Part I: a balance carried over is not fund raising.
  const row = page.getByRole('combobox', { name: 'Row of Part I of receipt 1', exact: true });
  await expect(row).toBeFocused();
  await row.selectOption({ label: 'Carried over' });
  await page.getByRole('textbox', { name: 'Receipt 1', exact: true }).click();
  await page.keyboard.type('Unspent balance carried over');
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('textbox', { name: 'Amount of receipt 1', exact: true }),
  ).toBeFocused();
  const carriedOver = Math.max(
    10_000,
    Math.ceil((forecastTotal + 1_000_000 - 4_000_000) / 1000) * 1000,
  );
  await page.keyboard.type(String(carriedOver));
  // Without the barangay treasurer's notice the share is not yet made known.
  await expect(check(page, 'receipts-certified')).toHaveAttribute('data-status', 'fail');
  await expect(check(page, 'receipts-certified')).toContainText(
    "the date of the barangay treasurer's notice, the barangay treasurer's name",
  );
  await page
    .getByLabel("Date of the barangay treasurer's notice", { exact: true })
    .fill(`${String(year - 1)}-09-12`);
  await page.getByLabel('Barangay treasurer', { exact: true }).fill('Rosario M. Aquino');
  await expect(check(page, 'receipts-certified')).toHaveAttribute('data-status', 'pass');

  // The honoraria schedule starts with every SK position, typed down the rate column with Enter:
  // the chairperson's ₱10,000 a month is the cap's reference (0 months, not paid from the SK
  // fund); the other nine ₱9,000 for 12 months each: ₱972,000.
  const positions = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      page
        .getByRole('combobox', { name: `Position, honorarium ${String(i + 1)}`, exact: true })
        .inputValue(),
    ),
  );
  const chair = positions.indexOf('chairperson') + 1;
  expect(chair).toBeGreaterThan(0);
  expect(positions.filter((p) => p === 'member')).toHaveLength(7);
  await expect(
    page.getByRole('textbox', { name: `Months, honorarium ${String(chair)}`, exact: true }),
  ).toHaveValue('0');
  await page.getByRole('textbox', { name: 'Monthly rate, honorarium 1', exact: true }).click();
  for (let row = 1; row <= 10; row += 1) {
    await expect(
      page.getByRole('textbox', { name: `Monthly rate, honorarium ${String(row)}`, exact: true }),
    ).toBeFocused();
    await page.keyboard.type(row === chair ? '10000' : '9000');
    if (row < 10) {
      await page.keyboard.press('Enter');
    }
  }
  await expect(page.getByText('Honoraria total: ₱972,000.00')).toBeVisible();
  await expect(check(page, 'personal-services-cap')).toHaveAttribute('data-status', 'pass');
  await expect(check(page, 'honoraria-cap')).toHaveAttribute('data-status', 'pass');

  // Line 1 names its object of expenditure from the chart of accounts (the common ones first);
  // the lines left as they came warn that they are not itemised.
  await expect(check(page, 'objects-itemised')).toHaveAttribute('data-status', 'warn');
  await lines
    .getByRole('button', { name: /^Objects of expenditure, line 1: Not itemised/ })
    .click();
  const objects = page.getByRole('dialog', { name: 'Objects of expenditure: line 1' });
  await objects.getByRole('combobox', { name: 'Object of expenditure' }).first().click();
  await page.getByRole('option', { name: /^Food Supplies Expenses/ }).click();
  await expect(objects.getByRole('combobox', { name: 'Object of expenditure' }).first()).toHaveText(
    /Food Supplies Expenses/,
  );
  await reviewShot(page, { path: 'test-results/plan-objects-1366.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await objects.getByRole('button', { name: 'Close' }).click();
  await expect(
    lines.getByRole('button', { name: /^Objects of expenditure, line 1: Food Supplies Expenses/ }),
  ).toBeVisible();

  // Charging the chairperson's row to the SK fund fails the honoraria check and pushes personal
  // services over 25% of the SK fund.
  await page
    .getByRole('textbox', { name: `Months, honorarium ${String(chair)}`, exact: true })
    .fill('12');
  await expect(check(page, 'honoraria-cap')).toHaveAttribute('data-status', 'fail');
  await expect(check(page, 'honoraria-cap')).toContainText('set its months to 0');
  await expect(check(page, 'personal-services-cap')).toHaveAttribute('data-status', 'fail');
  await expect(check(page, 'personal-services-cap')).toContainText(
    'Personal services of ₱1,092,000.00 exceed 25% of the SK fund (₱1,000,000.00) by ₱92,000.00.',
  );
  await expect(check(page, 'personal-services-cap')).toContainText('RA 11768');
  await expect(page.getByTestId('approval-blocked')).toBeVisible();

  // The treasurer fixes it: the chairperson's row back to 0 months. A member's seat is vacant,
  // budgeted all the same.
  await page
    .getByRole('textbox', { name: `Months, honorarium ${String(chair)}`, exact: true })
    .fill('0');
  const member = positions.lastIndexOf('member') + 1;
  await page
    .getByRole('checkbox', { name: `Vacant, honorarium ${String(member)}`, exact: true })
    .check();
  await expect(check(page, 'personal-services-cap')).toHaveAttribute('data-status', 'pass');
  await expect(check(page, 'honoraria-cap')).toHaveAttribute('data-status', 'pass');
  await expect(checks(page).locator('li[data-status="fail"]')).toHaveCount(0);
  await expect(page.getByTestId('approval-blocked')).toBeHidden();
  const grandTotal = await page.getByTestId('summary-appropriations').innerText();
  expect(pesos(grandTotal)).toBe(forecastTotal + 972_000);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Budget plan saved.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(
    page.getByRole('checkbox', { name: `Vacant, honorarium ${String(member)}`, exact: true }),
  ).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await logout(page);

  // --- The SK chairperson approves by resolution and posts. ---
  await loginAs(page, 'sb.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget Planning' })
    .click();
  await page.getByRole('link', { name: `${String(year)} plan`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Budget plan ${String(year)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve the budget plan' });
  const resolution = `SB-SK-${String(year - 1)}-E2E`;
  await approve.getByLabel(/SK resolution number/).fill(resolution);
  await approve.getByLabel('Signed resolution (PDF, optional)').setInputFiles(RESOLUTION_PDF);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Budget plan approved.')).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(page.getByTestId('approval-info')).toContainText(`SK Resolution No. ${resolution}`);
  await expect(page.getByRole('button', { name: 'Signed resolution' })).toBeVisible();

  await page.getByRole('button', { name: 'Post to the disclosure board' }).click();
  const postDialog = page.getByRole('dialog', { name: 'Post the budget plan' });
  // DILG MC 2023-068: the ABYIP goes up at the start of its fiscal year.
  await expect(postDialog).toContainText(`DILG MC 2023-068: post it by Jan 1, ${String(year)}.`);
  await postDialog.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Budget plan posted to the public disclosure board.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New version' })).toBeVisible();

  // The chair's planning page: what the council posted, and what it must post next (the toast
  // closed first: axe reads its colours mid-animation).
  await page.getByText('Budget plan posted to the public disclosure board.').click();
  await expect(page.getByText('Budget plan posted to the public disclosure board.')).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget Planning' })
    .click();
  const chairPosted = page.getByRole('list', { name: 'Posted documents' });
  await expect(
    chairPosted.getByRole('listitem').filter({ hasText: `SK annual budget ${String(year)}` }),
  ).toContainText(`Stays posted until Dec 31, ${String(year)}`);
  await expect(
    page
      .getByRole('list', { name: 'What must be posted next' })
      .getByRole('listitem')
      .filter({ hasText: `ABYIP ${String(year - 1)}` }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await logout(page);

  // --- Anyone: the landing page links to the board, which shows the plan and its PDF. ---
  await page.getByRole('link', { name: 'Public disclosure board of San Bartolome' }).click();
  await expect(page).toHaveURL(/\/disclosure\/SB$/);
  await expect(
    page.getByRole('heading', { name: 'Barangay San Bartolome', level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Budget ${String(year)}`, level: 2 }),
  ).toBeVisible();
  await expect(page.getByText(`Approved by SK Resolution No. ${resolution}`)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `Annual Barangay Youth Investment Program ${String(year)}` })
      .getByRole('row', { name: /Grand total/ }),
  ).toContainText(grandTotal);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `ABYIP ${String(year)} (PDF)` }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(grandTotal);
  expect(text).toContain('SK Chairperson');

  // MC 2023-068: the posting with its date and how long it stays; next year's plan due next.
  const posted = page.getByRole('list', { name: 'Posted documents' });
  const posting = posted.getByRole('listitem').filter({ hasText: `ABYIP ${String(year)}` });
  await expect(posting).toContainText('Posted on');
  await expect(posting).toContainText(`Stays posted until Dec 31, ${String(year)}`);
  await expect(posting).toContainText('Must stay posted');
  await expect(posting).toContainText('DILG MC No. 2023-068');
  const nextDue = page.getByRole('list', { name: 'What must be posted next' });
  await expect(
    nextDue.getByRole('listitem').filter({ hasText: `ABYIP ${String(year - 1)}` }),
  ).toContainText(`Post by Jan 1, ${String(year - 1)}.`);
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the board is itself, not 'Coming Soon', and nothing spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('heading', { name: 'Barangay San Bartolome', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeHidden();
  await expect(page.getByRole('link', { name: `ABYIP ${String(year)} (PDF)` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  const postings = page.getByRole('region', { name: 'Public disclosure (DILG MC 2023-068)' });
  await postings.scrollIntoViewIfNeeded();
  await reviewShot(postings, { path: 'test-results/disclosure-postings-390.png' });
});
