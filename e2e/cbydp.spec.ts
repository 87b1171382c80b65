import { join } from 'node:path';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The chairperson records a KK assembly with its minutes, fills a CBYDP row,
// approves the CBYDP with the assembly's concurrence, and pre-fills an ABYIP from it.
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'test-results/cbydp-screenshots';
const MINUTES = join(import.meta.dirname, 'fixtures', 'youth-coding-bootcamp.pdf');

test('the chairperson records an assembly, fills and approves a CBYDP, and pre-fills the ABYIP from it', async ({
  page,
}) => {
  const ppa = `Youth health caravan E2E ${String(Date.now()).slice(-5)}`;
  await loginAs(page, 'sb.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Youth Plan (CBYDP)' })
    .click();
  await expect(page).toHaveURL(/\/cbydp$/);
  await expect(
    page.getByRole('heading', {
      name: 'Comprehensive Barangay Youth Development Plan (CBYDP)',
      level: 1,
    }),
  ).toBeVisible();

  // --- A KK assembly, its attendance as a count, its minutes as a PDF. ---
  await page.getByRole('link', { name: 'KK assemblies' }).click();
  await expect(
    page.getByRole('heading', { name: 'Katipunan ng Kabataan assemblies', level: 1 }),
  ).toBeVisible();
  await page.getByLabel('Date held').fill('2030-02-10');
  await page.getByRole('textbox', { name: 'Attendance' }).fill('75');
  await page.getByRole('textbox', { name: 'Agenda' }).fill('Consultation on the CBYDP 2030-2032');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText('KK assembly recorded.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Assemblies' });
  const row = table.getByRole('row').filter({ hasText: 'Consultation on the CBYDP 2030-2032' });
  await expect(row).toContainText('Feb 10, 2030');
  await page.getByLabel('Minutes of the assembly of Feb 10, 2030 (PDF)').setInputFiles(MINUTES);
  await expect(page.getByText('Minutes uploaded.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'youth-coding-bootcamp.pdf' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/assemblies.png`, fullPage: true });

  // --- A CBYDP 2030-2032 with one row, saved and approved with the assembly's concurrence. ---
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Youth plan (CBYDP)', exact: true })
    .click();
  await page.getByLabel('First year').fill('2030');
  await page.getByLabel('SK officials assumed office on').fill('2030-01-02');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Draft CBYDP 2030-2032 created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CBYDP 2030-2032', level: 2 })).toBeVisible();
  await expect(page.getByText(/Due by Apr 2, 2030\./)).toBeVisible();
  await page.getByRole('button', { name: 'Add row' }).click();
  const cell = (column: string) =>
    page.getByRole('textbox', { name: `${column}, row 1, Health`, exact: true });
  await cell('Youth development concern').fill('Little access to health services');
  await cell('Objective').fill('Bring health services to the youth');
  await cell('Performance indicator').fill('Youths served');
  await cell('Target 2030').fill('150 youths');
  await cell('PPAs').fill(ppa);
  await cell('Budget 2030').fill('15000');
  await cell('Person or committee responsible').fill('Committee on Health');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cbydp-draft.png`, fullPage: true });
  // A window narrowed for a moment and widened again keeps the unsaved row.
  await page.setViewportSize({ width: 900, height: 850 });
  await expect(
    page.getByRole('heading', { name: 'This screen needs a wider screen' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 850 });
  await expect(cell('PPAs')).toHaveValue(ppa);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('CBYDP saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Record approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve the CBYDP 2030-2032' });
  await dialog.getByLabel('SK resolution number').fill('SB-SK-2030-004');
  await dialog.getByLabel('Date of the resolution').fill('2030-02-15');
  await dialog.getByRole('combobox', { name: 'KK assembly that concurred' }).click();
  await page.getByRole('option', { name: 'Feb 10, 2030, 75 attended' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('CBYDP approved.')).toBeVisible();
  await expect(page.getByText(/Approved through SK Resolution No\. SB-SK-2030-004/)).toBeVisible();
  await expect(page.getByText(/Approved within the period: due by Apr 2, 2030\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cbydp.png`, fullPage: true });

  // --- The 2030 ABYIP pre-filled from the CBYDP's PPAs for 2030 only. ---
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget Planning' })
    .click();
  await page.getByLabel('Fiscal year').fill('2030');
  await page.getByRole('checkbox', { name: 'Accepted proposals' }).uncheck();
  await page.getByRole('checkbox', { name: "Last year's plan" }).uncheck();
  await page.getByRole('checkbox', { name: 'The forecast' }).uncheck();
  await expect(page.getByRole('checkbox', { name: "The CBYDP's PPAs for the year" })).toBeChecked();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/budget-planning\/\d+$/);
  const lines = page.getByRole('table', { name: 'Lines of the plan' });
  await expect(lines.getByRole('textbox', { name: 'PPA, line 1', exact: true })).toHaveValue(ppa);
  await expect(page.locator('[data-rule="cbydp-alignment"]')).toHaveAttribute(
    'data-status',
    'pass',
  );
  await expect(
    page.getByText(`Every youth development line is a PPA of the CBYDP 2030-2032 for 2030.`),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // --- The same pages in Filipino. ---
  await page.goto('/cbydp');
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'Filipino' })
    .click();
  await expect(page.getByRole('heading', { name: 'Magsimula ng CBYDP' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', {
      name: 'Plano ng Kabataan (CBYDP)',
    }),
  ).toBeVisible();
  await expect(
    page.getByText(/Pinagmulan: RA 10742 s\. 8\(a\) na sinusugan ng RA 11768/).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cbydp-fil.png`, fullPage: true });
});
