import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { loginAs, logout } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The chairperson designates the Budget Monitoring Officer, records a commitment
// (a purchase order) and a payment against it, and downloads the RBCPB of MOOE holding both.
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'test-results/registry-screenshots';
/** The first peso amount of a text: `Available to commit: ₱11,040.00.` -> 11040. */
const pesos = (text: string) => Number(/₱([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);

test('the chairperson records a commitment and a payment against it and downloads the RBCPB', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const po = `PO-E2E-${stamp}`;
  const cheque = `CHK-E2E-${stamp}`;

  await loginAs(page, 'sb.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Project Tracker' })
    .click();
  await page.getByRole('link', { name: 'Registry (RBCPB)' }).click();
  await expect(
    page.getByRole('heading', {
      name: 'Registry of Budget, Commitments, Payments and Balances',
      level: 1,
    }),
  ).toBeVisible();

  // --- The chairperson designates an SK official (not the treasurer) as the officer: the demo's
  // officer, whom the vouchers', treasurer's and procurement journeys running beside this one
  // need to hold the duty (another official would take it from them mid-journey). ---
  await page.getByRole('combobox', { name: 'Designate an SK official' }).click();
  await page.getByRole('option', { name: 'Paolo Navarro' }).click();
  await page.getByRole('button', { name: 'Save designation' }).click();
  await expect(page.getByText('Paolo Navarro keeps this registry')).toBeVisible();

  // --- A commitment against the first MOOE line with budget available. ---
  const mooe = page.getByRole('table', {
    name: 'Maintenance and other operating expenses (MOOE)',
  });
  const line = mooe.locator('tr[data-line]').filter({
    has: page.getByRole('button', { name: 'Record commitment' }),
  });
  const first = line.first();
  const code = (await first.getAttribute('data-line')) ?? '';
  await first.getByRole('button', { name: 'Record commitment' }).click();
  const commitDialog = page.getByRole('dialog', { name: /Record a MOOE commitment/ });
  const available = pesos(await commitDialog.getByText(/Available to commit/).innerText());
  expect(available).toBeGreaterThan(0);
  const amount = Math.min(1_250.5, available);
  await commitDialog.getByLabel('Amount (PHP)').fill(amount.toFixed(2));
  await commitDialog.getByLabel('Reference', { exact: false }).first().fill(po);
  await commitDialog.getByLabel('Payee').fill('Ligtas Trading');
  await commitDialog.getByLabel('Particulars').fill('Supplies for the activity');
  await commitDialog.getByRole('button', { name: 'Save commitment' }).click();
  await expect(commitDialog).toBeHidden();
  const committed = mooe.locator(`tr[data-commitment="${po}"]`);
  await expect(committed).toBeVisible();

  // --- A payment against it: the whole amount, by cheque. ---
  await committed.getByRole('button', { name: 'Record payment' }).click();
  const payDialog = page.getByRole('dialog', { name: `Record a payment against ${po}` });
  await expect(payDialog.getByLabel('Amount (PHP)')).toHaveValue(amount.toFixed(2));
  await payDialog.getByLabel('Cheque or ADA number').fill(cheque);
  await payDialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(payDialog).toBeHidden();
  await expect(committed).toContainText(cheque);
  await expect(committed.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Budget Monitoring Officer' }).scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/registry.png`, fullPage: false });

  // --- The RBCPB of MOOE as a workbook holds the commitment and the payment. ---
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'MOOE registry (Excel)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^SB-\d{4}-RBCPB-MOOE\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  const commitmentRow = rows.find((r) => r[1] === po);
  const paymentRow = rows.find((r) => r[1] === cheque);
  expect(commitmentRow?.[2]).toBe('Ligtas Trading: Supplies for the activity');
  expect(commitmentRow?.[4]).toBe(amount);
  expect(paymentRow?.[5]).toBe(amount);
  // The object's unpaid balance falls by the payment (the commitment shares its object with the
  // demo's and other journeys' commitments, so it need not fall to nothing).
  const before = rows[rows.indexOf(paymentRow ?? []) - 1]?.[7];
  expect(typeof before).toBe('number');
  expect(paymentRow?.[7]).toBeCloseTo(Number(before) - amount, 2);
  expect(rows.some((r) => typeof r[0] === 'string' && r[0].startsWith(code))).toBe(true);
  await logout(page);
});
