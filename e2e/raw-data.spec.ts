import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

const CSV = [
  'PPA,Category,Committee,Target 2024,Budget 2024,Target 2025,Budget 2025',
  'E2E Lantern Workshop,Active Citizenship,Gender and Development,3 workshops,"₱12,500.00",4 workshops,15000',
  'E2E Lantern Parade,Active Citizenship,Youth Empowerment,1 parade,8000,,',
  ',Active Citizenship,Youth Empowerment,1,1,1,1',
  'E2E River Watch,Environment,Environmental Protection,,,"2 patrols",-300',
].join('\n');

/**
 * A PPA of Nagkaisang Nayon's demo data: the first template, which the seeded generator always
 * includes (its first draw), whatever the current year.
 */
const DEMO_PPA = ['Adolescent Health and Wellness Caravan', 'Health', 'Health'];

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

test('an administrator uploads a CSV, sees the counts and skipped rows, then filters the table', async ({
  page,
}) => {
  await loginAs(page, 'nn.admin', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Raw Data Management' })
    .click();
  await expect(page).toHaveURL(/\/admin\/raw-data$/);
  await expect(page.getByRole('heading', { name: 'Raw Data Management' })).toBeVisible();
  // The demo data is there before the upload.
  await expect(page.getByLabel('Total Records')).toHaveText(/^\d+$/);
  await expect(page.getByRole('table', { name: 'Raw budget data' })).not.toContainText(
    'No data available',
  );

  const input = page.getByTestId('raw-data-file');
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(page.getByText('Please select a CSV file.')).toBeVisible();

  await input.setInputFiles({
    name: 'e2e-upload.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(
    page.getByText(
      'Update Complete! Processed 2 of 4 rows, 3 data points inserted for years 2024-2025. (2 rows had errors and were skipped)',
    ),
  ).toBeVisible();
  const skipped = page.getByRole('list', { name: 'Skipped rows' });
  await expect(skipped).toContainText('Line 4: No PPA');
  await expect(skipped).toContainText('Line 5: Negative budget in "Budget 2025": -300');
  await expect(page.getByText('Data refreshed successfully!')).toBeVisible();
  await expect(page.getByText('2 rows were skipped; see the list of skipped lines.')).toBeVisible();

  await page.getByLabel('Search PPA').fill('e2e lantern');
  const table = page.getByRole('table', { name: 'Raw budget data' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Total Records')).toHaveText('2');
  const workshop = rows.filter({ hasText: 'E2E Lantern Workshop' });
  await expect(workshop).toContainText('2024: 3 workshops | 2025: 4 workshops');
  await expect(workshop).toContainText('2024: ₱12,500 | 2025: ₱15,000');
  await expect(rows.filter({ hasText: 'E2E Lantern Parade' })).toContainText('2025: None');

  await page.getByRole('combobox', { name: 'Committee' }).click();
  await page.getByRole('option', { name: 'Gender and Development', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('E2E Lantern Workshop');

  await page.getByRole('combobox', { name: 'Committee' }).click();
  await page.getByRole('option', { name: 'Environmental Protection', exact: true }).click();
  await expect(table).toContainText('No data available');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search PPA')).toHaveValue('');
  await expect(rows.first()).not.toContainText('No data available');

  // The CSV export: the spec's header row, the demo data and the upload, as they were entered.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('raw_data_export.csv');
  const [header = [], ...records] = parse(await bytesOf(csv), { bom: true });
  expect(header.slice(0, 5)).toEqual([
    'PPA',
    'Category',
    'Committee',
    'Target 2019',
    'Budget 2019',
  ]);
  expect(header).toEqual(expect.arrayContaining(['Target 2024', 'Budget 2024', 'Budget 2025']));
  const column = (name: string) => header.indexOf(name);
  expect(records.some((r) => DEMO_PPA.every((cell, i) => r[i] === cell))).toBe(true);
  const uploaded = records.find((r) => r[0] === 'E2E Lantern Workshop');
  expect(uploaded?.slice(1, 3)).toEqual(['Active Citizenship', 'Gender and Development']);
  expect(uploaded?.[column('Target 2024')]).toBe('3 workshops');
  expect(uploaded?.[column('Budget 2024')]).toBe('12500');
  expect(uploaded?.[column('Budget 2025')]).toBe('15000');

  // The Excel export: a workbook a spreadsheet opens, with the same header and cells.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: 'Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('raw_data_export.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.getWorksheet('Raw Data');
  if (!sheet) {
    throw new Error('no Raw Data sheet in the workbook');
  }
  const headerRow = sheet.getRow(1);
  expect(headerRow.getCell(1).value).toBe('PPA');
  expect(headerRow.getCell(column('Budget 2024') + 1).value).toBe('Budget 2024');
  const rowOf = (ppa: string) => {
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      if (sheet.getRow(r).getCell(1).value === ppa) {
        return sheet.getRow(r);
      }
    }
    throw new Error(`no row for ${ppa} in the workbook`);
  };
  expect(rowOf(DEMO_PPA[0] ?? '').getCell(3).value).toBe(DEMO_PPA[2]);
  const workshopRow = rowOf('E2E Lantern Workshop');
  expect(workshopRow.getCell(column('Target 2024') + 1).value).toBe('3 workshops');
  // Budgets are numbers in the workbook, not text.
  expect(workshopRow.getCell(column('Budget 2024') + 1).value).toBe(12500);
});
