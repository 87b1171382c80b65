import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, loginAs, logout, type DemoUsername } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The SK treasurer's month in San Bartolome, the books joined: the treasurer records last
// month's transfer of the SK share; a disbursement voucher is prepared, certified by the Budget
// Monitoring Officer, approved by the chairperson and paid by check; the check is in this
// month's Register of Cash in Bank and its cash position; the Report of Checks Issued downloads;
// and last month is reconciled with the bank statement. axe clean; screenshots at 1366 px.
test.describe.configure({ timeout: 240_000 });

const SHOTS = 'test-results/treasurer-screenshots';
const OFFICER = 'Paolo Navarro';
const pad = (n: number) => String(n).padStart(2, '0');

/** Manila's month and last month, as YYYY-MM. */
function months() {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const last = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  return { last: `${String(last.y)}-${pad(last.m)}` };
}

/** The chairperson gives the Budget Monitoring Officer's duty to the demo's officer (API). */
async function officerHoldsDuty(page: Page) {
  const api = page.context().request;
  const signIn = await api.post('/api/login', {
    data: { username: 'sb.chair', password: DEMO_PASSWORD, barangay: 'SB' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const duties = (await (await api.get('/api/council/duties', { headers })).json()) as {
    candidates: { userId: number; name: string }[];
  };
  const officer = duties.candidates.find((c) => c.name === OFFICER);
  expect(officer).toBeTruthy();
  const put = await api.put('/api/council/duties/bmo', {
    headers,
    data: { userId: officer?.userId },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.post('/api/logout', { headers });
}

async function open(page: Page, who: DemoUsername, link: 'Vouchers' | 'Cash Book') {
  await loginAs(page, who, { direct: true });
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: link }).click();
  await expect(
    page.getByRole('heading', {
      name: link === 'Vouchers' ? 'Disbursement vouchers' : 'Cash book',
      level: 1,
    }),
  ).toBeVisible();
}

test('the treasurer records the SK share, pays a voucher by check and reconciles last month', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await officerHoldsDuty(page);
  const { last } = months();
  const stamp = String(Date.now()).slice(-6);
  const check = `7${stamp}`;

  // --- Last month's transfer of the SK share. ---
  await open(page, 'sb.treasurer', 'Cash Book');
  const form = page.getByRole('region', { name: 'Record an entry' });
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Transfer of the SK share' }).click();
  await form.getByLabel(/^Date/).fill(`${last}-06`);
  await form.getByLabel('Reference').fill(`CM-${stamp}`);
  await form.getByLabel('Particulars').fill('SK share of the month');
  await form.getByLabel('Amount (₱)').fill('150000');
  await form.getByLabel('Allotment credited on').fill(`${last}-02`);
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Entries this year' })
      .getByRole('cell', { name: `CM-${stamp}`, exact: true }),
  ).toBeVisible();
  await logout(page);

  // --- A voucher, prepared, certified, approved and paid by check. ---
  await open(page, 'sb.treasurer', 'Vouchers');
  await page.getByRole('button', { name: 'New voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'New disbursement voucher' });
  await dialog.getByLabel('Amount (₱)').fill('321.45');
  await dialog.getByLabel('TIN').fill('123-456-789-000');
  await dialog.getByLabel('Particulars').fill(`Snacks for the clean-up drive ${stamp}`);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByText(/Disbursement voucher \d{4}-\d{2}-\d{4} saved as a draft\./);
  await expect(saved).toBeVisible();
  const number = /(\d{4}-\d{2}-\d{4})/.exec(await saved.innerText())?.[1] ?? '';
  const row = page.locator(`tr[data-voucher="${number}"]`);
  await logout(page);
  await open(page, 'sb.bmo', 'Vouchers');
  await row.getByRole('button', { name: `Certify ${number}` }).click();
  await expect(row).toContainText('Certified');
  await logout(page);
  await open(page, 'sb.chair', 'Vouchers');
  await row.getByRole('button', { name: `Approve ${number}` }).click();
  await expect(row).toContainText('Approved');
  await logout(page);
  await open(page, 'sb.treasurer', 'Vouchers');
  await row.getByRole('button', { name: `Pay ${number}` }).click();
  const pay = page.getByRole('dialog', { name: `Pay voucher ${number}` });
  await pay.getByLabel('Check number').fill(check);
  await pay.getByLabel('Bank').fill('Land Bank of the Philippines');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay).toBeHidden();
  await expect(row).toContainText('Paid');

  // --- The check in this month's RCB and cash position; the report of checks issued. ---
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Cash Book' })
    .click();
  const registers = page.getByRole('region', { name: 'Registers of the month' });
  await expect(registers.getByRole('cell', { name: check, exact: true })).toBeVisible();
  const reports = page.getByRole('region', { name: 'Monthly reports' });
  const inBank = (await reports.getByTestId('position-inBank').textContent()) ?? '';
  const carried = (await registers.getByTestId('carried-forward').textContent()) ?? '';
  expect(inBank).toBe(carried);
  const download = page.waitForEvent('download');
  await reports.getByRole('button', { name: 'Report of Checks Issued (.pdf)' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^San-Bartolome-Checks-Issued-\d{4}-\d{2}\.pdf$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cash-book-1366.png`, fullPage: true });

  // --- Last month reconciled with the bank statement. ---
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: last }).click();
  await expect(registers.getByRole('cell', { name: `CM-${stamp}`, exact: true })).toBeVisible();
  const shown = (await registers.getByTestId('carried-forward').textContent()) ?? '';
  const balance = Number(shown.replace(/[^0-9.-]/g, ''));
  expect(balance).toBeGreaterThan(150_000 - 0.01);
  const reconcile = page.getByRole('region', { name: 'Bank reconciliation' });
  await reconcile.getByLabel(/Bank statement balance/).fill(balance.toFixed(2));
  await reconcile.getByRole('button', { name: 'Reconcile' }).click();
  // The newest reconciliation of the month is this one (the demo may have reconciled it before).
  await expect(
    reconcile
      .getByText(`Reconciled: statement ${shown}, register ${shown}`, { exact: false })
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/reconciled-1366.png`, fullPage: true });
});
