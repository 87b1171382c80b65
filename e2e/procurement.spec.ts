import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout, type DemoUsername } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// From an ABYIP line to the payment in San Bartolome: the BAC's secretariat (the demo's Budget
// Monitoring Officer) turns a line of the plan into a purchase request and records three
// quotations and the abstract, the BAC's chair records the resolution, the SK chairperson approves
// the purchase order, the BAC's inspector accepts the delivery, and the voucher of the order's
// commitment is prepared, certified, approved and paid by check; the registry then shows the
// order committed and paid. Names and numbers carry a stamp, so the journey runs again on the same
// server and after the other journeys.
test.describe.configure({ timeout: 300_000 });

const SHOTS = 'test-results/procurement-screenshots';
const OFFICER = 'Paolo Navarro';
/** The demo's BAC (SEED_DEMO_PROCUREMENT), constituted here when it is not there. */
const BAC = {
  members: [
    'Jerome Villaruel',
    'Kristine Dimaculangan',
    'Mark Anthony Salonga',
    'Bea Dela Cruz',
    'Lara Bautista',
  ],
  chair: 'Jerome Villaruel',
  viceChair: 'Kristine Dimaculangan',
  secretariat: OFFICER,
  inspector: 'Angelica Pangilinan',
};
/** The first peso amount of a text: `Available on this line: ₱11,040.00 (...)` -> 11040. */
const pesos = (text: string) => Number(/₱([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);

async function openProcurement(page: Page, who: DemoUsername) {
  await loginAs(page, who, { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Procurement' })
    .click();
  await expect(page.getByRole('heading', { name: 'Procurement', level: 1 })).toBeVisible();
}

/** The request's details, opened from its row of the list. */
async function openRequest(page: Page, number: string): Promise<Locator> {
  const row = page.locator(`tr[data-request="${number}"]`);
  await row.getByRole('button', { name: `Show details ${number}` }).click();
  const detail = page.getByRole('region', { name: `Purchase request ${number}` });
  await expect(detail).toBeVisible();
  return detail;
}

async function choose(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an ABYIP item is procured, delivered and paid', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const stamp = String(Date.now()).slice(-6);
  const suppliers = ['Alpha', 'Bravo', 'Charlie'].map((n) => `${n} Trading ${stamp}`);
  const description = `Journey snack packs ${stamp}`;
  const po = `J-${stamp}`;

  // --- The chairperson: the demo's officer holds the officer's duty, and the BAC is there. ---
  await loginAs(page, 'sb.chair', { direct: true });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Council Duties' }).click();
  const bmo = page.getByRole('region', { name: 'Budget Monitoring Officer' });
  const holder = page.getByTestId('duty-bmo-holder');
  await expect(holder).toHaveText(/^(Vacant|Held by .+)$/);
  if ((await holder.innerText()) !== `Held by ${OFFICER}`) {
    await bmo.getByRole('combobox', { name: 'Holder of Budget Monitoring Officer' }).click();
    await page.getByRole('option', { name: OFFICER }).click();
    await bmo.getByRole('button', { name: 'Save' }).click();
    await expect(bmo.getByText(`Held by ${OFFICER}`)).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Procurement' }).click();
  await page.getByRole('tab', { name: 'BAC' }).click();
  const bacState = page.getByText(/^(Constituted by order no\.|There is no BAC yet)/);
  await expect(bacState).toBeVisible();
  if ((await bacState.innerText()).startsWith('There is no BAC yet')) {
    const form = page.getByRole('form', { name: 'Constitute the BAC' });
    await form.getByLabel('Order number').fill(`SK-BAC-${stamp}`);
    const members = form.getByRole('group', { name: /^Members/ });
    for (const name of BAC.members) {
      await members.getByRole('checkbox', { name }).check();
    }
    await choose(page, form, 'BAC chair', BAC.chair);
    await choose(page, form, 'BAC vice chair', BAC.viceChair);
    await choose(page, form, 'Inspector', BAC.inspector);
    await form.getByRole('checkbox', { name: `Secretariat: ${BAC.secretariat}` }).check();
    await form.getByRole('button', { name: 'Save the order' }).click();
    await expect(bacState).toHaveText(/^Constituted by order no\./);
  }
  await expect(page.getByRole('table', { name: 'Bids and Awards Committee' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/bac-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Bids and Awards Committee' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/bac-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logout(page);

  // --- The secretariat: three suppliers, then a request from a line of the plan. ---
  await openProcurement(page, 'sb.bmo');
  await page.getByRole('tab', { name: 'Suppliers' }).click();
  for (const [i, name] of suppliers.entries()) {
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'New supplier' });
    await dialog.getByLabel('Business name').fill(name);
    await dialog.getByLabel('Address').fill('Quezon City');
    await dialog.getByLabel('PhilGEPS registration number').fill(`PG-${stamp}-${String(i)}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }

  await page.getByRole('tab', { name: 'Purchase requests' }).click();
  // On a phone the request's form fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'New purchase request' }).click();
  const dialog = page.getByRole('dialog', { name: /^New purchase request/ });
  await expect(dialog.getByText(/^Available on this line:/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/new-request-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  // A line with at least ₱1,500.00 of MOOE left (the options say each line's balance).
  await dialog.getByRole('combobox', { name: 'Line of the operative plan' }).click();
  const lines = page.getByRole('option');
  await expect(lines.first()).toBeVisible();
  const balances = (await lines.allInnerTexts()).map((text) =>
    pesos(/\(MOOE (₱[\d,.]+)/.exec(text)?.[1] ?? ''),
  );
  const pick = balances.findIndex((b) => b >= 1_500);
  expect(pick).toBeGreaterThanOrEqual(0);
  await lines.nth(pick).click();
  const available = pesos(await dialog.getByText(/^Available on this line:/).innerText());
  expect(available).toBe(balances[pick]);
  await dialog.getByLabel('Purpose').fill(`Snacks of the youth assembly, ${stamp}`);
  await dialog.getByLabel('Item description').fill(description);
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByRole('textbox', { name: /^Unit\W*$/ }).fill('box');
  await choose(page, dialog, 'Object of expenditure', /^5-02-03-050 /);
  // Above the line's balance: the page warns, and the server's refusal is shown.
  await dialog.getByLabel('Unit cost (₱)').fill((available + 1_000).toFixed(2));
  await expect(dialog.getByText(/is above the line's available balance/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Make the request' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /The request \(₱[\d,.]+\) is above the line’s available balance \(₱[\d,.]+: the appropriation/,
  );
  await dialog.getByLabel('Quantity').fill('10');
  await dialog.getByLabel('Unit cost (₱)').fill('150');
  await expect(dialog.getByText('Total of the request: ₱1,500.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Make the request' }).click();
  const made = page.getByText(/Purchase request \S+ is made\./);
  await expect(made).toBeVisible();
  await expect(dialog).toBeHidden();
  const number = /Purchase request (\S+) is made\./.exec(await made.innerText())?.[1] ?? '';
  const detail = page.getByRole('region', { name: `Purchase request ${number}` });
  await expect(detail).toBeVisible();

  // Three quotations; Bravo's is the lowest and the abstract awards it.
  const quotations = detail.getByRole('region', { name: '1. Quotations' });
  const amounts = ['1495', '1450', '1480'];
  for (const [i, name] of suppliers.entries()) {
    await choose(page, quotations, `Supplier ${String(i + 1)}`, name);
    await quotations.getByLabel(`Quoted amount ${String(i + 1)} (₱)`).fill(amounts[i] ?? '');
  }
  await quotations.getByRole('button', { name: 'Save the quotations' }).click();
  await expect(quotations.getByText(`${suppliers[1] ?? ''} · ₱1,450.00`)).toBeVisible();
  await expect(quotations.getByText('Lowest', { exact: true })).toBeVisible();
  const abstract = detail.getByRole('region', { name: '2. Abstract of quotations' });
  await abstract.getByRole('button', { name: 'Make the abstract' }).click();
  await expect(abstract.getByText(`Awarded to ${suppliers[1] ?? ''} for ₱1,450.00`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await logout(page);

  // --- The BAC's chair: the splitting warning answered if raised, then the resolution. ---
  await openProcurement(page, 'sb.kagawad1');
  const forChair = await openRequest(page, number);
  const splitting = forChair.getByLabel("The BAC's written answer");
  if (await splitting.isVisible()) {
    await splitting.fill('Separate activities of the year, each bought when it was planned.');
    await forChair.getByRole('button', { name: 'Record the answer' }).click();
    await expect(splitting).toBeHidden();
  }
  const resolution = forChair.getByRole('region', { name: '3. BAC resolution' });
  await resolution.getByLabel('Resolution number').fill(`BAC-J${stamp}`);
  await resolution.getByRole('button', { name: 'Record the resolution' }).click();
  await expect(resolution.getByText(new RegExp(`^Resolution BAC-J${stamp} of `))).toBeVisible();
  await logout(page);

  // --- The chairperson approves the purchase order: a commitment in the registry. ---
  await openProcurement(page, 'sb.chair');
  const forHope = await openRequest(page, number);
  const order = forHope.getByRole('region', { name: '4. Purchase order' });
  await order.getByLabel('Purchase order number').fill(po);
  await order.getByRole('button', { name: 'Approve the purchase order' }).click();
  await expect(
    order.getByText(new RegExp(`^Purchase order ${po} of .+ for ₱1,450.00`)),
  ).toBeVisible();
  await expect(
    forHope.getByText(/^Copy of J-\d+ to the COA auditor by: .+ days? left$/),
  ).toBeVisible();

  // --- The chairperson approves the year's Annual Procurement Plan; the monitoring report. ---
  await page.getByRole('tab', { name: 'Plan and reports' }).click();
  const plan = page.getByRole('region', { name: 'Annual Procurement Plan' });
  await expect(plan.getByRole('table', { name: 'Annual Procurement Plan' })).toBeVisible();
  const approveApp = plan.getByRole('button', { name: 'Approve the plan' });
  if (await approveApp.isVisible()) {
    await approveApp.click();
  }
  await expect(plan.getByTestId('app-approval')).toHaveText(/^Approved by .+ on \d{4}-\d{2}-\d{2}/);
  const pmr = page.waitForEvent('download');
  const half =
    new Date(Date.now() + 8 * 3_600_000).getUTCMonth() < 6 ? 'January to June' : 'July to December';
  await plan.getByRole('button', { name: new RegExp(`^${half} \\d{4} \\(\\.pdf\\)$`) }).click();
  expect((await pmr).suggestedFilename()).toMatch(/\.pdf$/);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/plan-1366.png`, fullPage: true });
  await logout(page);

  // --- The inspector accepts the whole delivery. ---
  await openProcurement(page, 'sb.kagawad4');
  const forInspector = await openRequest(page, number);
  const inspection = forInspector.getByRole('region', { name: '5. Inspection and acceptance' });
  await expect(inspection.getByLabel(`Accepted quantity: ${description}`)).toHaveValue('10');
  await inspection.getByRole('button', { name: 'Accept the delivery' }).click();
  await expect(inspection.getByText('Every item is delivered and accepted.')).toBeVisible();
  await expect(
    forInspector.getByText(/^Report of the delivery of .+ to the COA auditor by/),
  ).toBeVisible();
  await expect(
    forInspector.getByRole('button', { name: 'Inspection and acceptance report 1 (PDF)' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/request-1366.png`, fullPage: true });
  // Every document of the request downloads as a PDF.
  for (const name of [
    'Purchase request (PDF)',
    'Request for quotation (PDF)',
    'Abstract of quotations (PDF)',
    'BAC resolution (PDF)',
    'Purchase order (PDF)',
    'Inspection and acceptance report 1 (PDF)',
  ]) {
    const download = page.waitForEvent('download');
    await forInspector.getByRole('button', { name }).click();
    expect((await download).suggestedFilename(), name).toMatch(/\.pdf$/);
  }

  // On a phone the page reflows and its tables scroll inside their regions.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Procurement', level: 1 })).toBeVisible();
  await expect(forInspector).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/request-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logout(page);

  // --- The voucher of the order: prepared, certified, approved, paid by check. ---
  const openVouchers = async (who: DemoUsername) => {
    await loginAs(page, who, { direct: true });
    await sidebar.getByRole('link', { name: 'Vouchers' }).click();
    await expect(
      page.getByRole('heading', { name: 'Disbursement vouchers', level: 1 }),
    ).toBeVisible();
  };
  await openVouchers('sb.treasurer');
  await page.getByRole('button', { name: 'New voucher' }).click();
  const voucher = page.getByRole('dialog', { name: 'New disbursement voucher' });
  await choose(page, voucher, 'Commitment paid', new RegExp(`^PO ${po} · `));
  await expect(voucher.getByLabel('Amount (₱)')).toHaveValue('1450.00');
  await expect(voucher.getByLabel('Payee')).toHaveValue(suppliers[1] ?? '');
  await voucher.getByRole('textbox', { name: 'TIN', exact: true }).fill('123-456-789-000');
  await voucher.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByText(/Disbursement voucher \d{4}-\d{2}-\d{4} saved as a draft\./);
  await expect(saved).toBeVisible();
  const dv = /(\d{4}-\d{2}-\d{4})/.exec(await saved.innerText())?.[1] ?? '';
  const row = page.locator(`tr[data-voucher="${dv}"]`);
  await expect(row).toContainText('Draft');
  await logout(page);

  await openVouchers('sb.bmo');
  await row.getByRole('button', { name: `Certify ${dv}` }).click();
  await expect(row).toContainText('Certified');
  await logout(page);

  await openVouchers('sb.chair');
  await row.getByRole('button', { name: `Approve ${dv}` }).click();
  await expect(row).toContainText('Approved');
  await logout(page);

  await openVouchers('sb.treasurer');
  await row.getByRole('button', { name: `Pay ${dv}` }).click();
  const pay = page.getByRole('dialog', { name: `Pay voucher ${dv}` });
  await pay.getByLabel('Check number').fill(`C${stamp}`);
  await pay.getByLabel('Bank').fill('Land Bank of the Philippines');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay).toBeHidden();
  await expect(row).toContainText('Paid');
  await logout(page);

  // --- The registry: the order committed and paid. ---
  await loginAs(page, 'sb.chair', { direct: true });
  await sidebar.getByRole('link', { name: 'Project Tracker' }).click();
  await page.getByRole('link', { name: 'Registry (RBCPB)' }).click();
  const commitment = page.locator(`tr[data-commitment="PO ${po}"]`);
  await expect(commitment).toContainText(`PO ${po} · ${suppliers[1] ?? ''}`);
  await expect(commitment).toContainText(/Paid ₱1,450\.00 on .+\(/);
  await commitment.scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/registry-1366.png`, fullPage: false });
});
