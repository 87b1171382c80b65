import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout, type DemoUsername } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// A disbursement voucher from start to payment in San Bartolome: the treasurer prepares it from
// an open commitment, the Budget Monitoring Officer certifies it, the chairperson approves it and
// the treasurer pays it by check. The chairperson first gives the officer's duty back to the
// demo's officer (the registry journey gives it to another official).
test.describe.configure({ timeout: 240_000 });

const SHOTS = 'test-results/books-screenshots';
const OFFICER = 'Paolo Navarro';

async function openVouchers(page: Page, who: DemoUsername) {
  await loginAs(page, who, { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Vouchers' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Disbursement vouchers', level: 1 }),
  ).toBeVisible();
}

test('a voucher is prepared, certified, approved and paid by check', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });

  // --- The chairperson makes sure the demo's officer holds the duty. ---
  await loginAs(page, 'sb.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Council Duties' })
    .click();
  const bmo = page.getByRole('region', { name: 'Budget Monitoring Officer' });
  const holder = page.getByTestId('duty-bmo-holder');
  await expect(holder).toHaveText(/^(Vacant|Held by .+)$/);
  if ((await holder.innerText()) !== `Held by ${OFFICER}`) {
    await bmo.getByRole('combobox', { name: 'Holder of Budget Monitoring Officer' }).click();
    await page.getByRole('option', { name: OFFICER }).click();
    await bmo.getByRole('button', { name: 'Save' }).click();
    await expect(bmo.getByText(`Held by ${OFFICER}`)).toBeVisible();
  }
  await logout(page);

  // --- The treasurer prepares a voucher of the first open commitment. ---
  await openVouchers(page, 'sb.treasurer');
  await page.getByRole('button', { name: 'New voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'New disbursement voucher' });
  await dialog.getByLabel('Amount (₱)').fill('125.50');
  await dialog.getByLabel('TIN').fill('123-456-789-000');
  await dialog.getByLabel('Particulars').fill('Snacks for the volunteers, journey voucher');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByText(/Disbursement voucher \d{4}-\d{2}-\d{4} saved as a draft\./);
  await expect(saved).toBeVisible();
  const number = /(\d{4}-\d{2}-\d{4})/.exec(await saved.innerText())?.[1] ?? '';
  const row = page.locator(`tr[data-voucher="${number}"]`);
  await expect(row).toContainText('Draft');
  await logout(page);

  // --- The Budget Monitoring Officer certifies it. ---
  await openVouchers(page, 'sb.bmo');
  await row.getByRole('button', { name: `Certify ${number}` }).click();
  await expect(row).toContainText('Certified');
  await logout(page);

  // --- The chairperson approves it. ---
  await openVouchers(page, 'sb.chair');
  await row.getByRole('button', { name: `Approve ${number}` }).click();
  await expect(row).toContainText('Approved');
  await logout(page);

  // --- The treasurer pays it by check. ---
  await openVouchers(page, 'sb.treasurer');
  await row.getByRole('button', { name: `Pay ${number}` }).click();
  const pay = page.getByRole('dialog', { name: `Pay voucher ${number}` });
  await pay.getByLabel('Check number').fill('0098765');
  await pay.getByLabel('Bank').fill('Land Bank of the Philippines');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay).toBeHidden();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Check 0098765, Land Bank of the Philippines');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/vouchers-1366.png`, fullPage: false });

  // --- Its print in COA's layout. ---
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download voucher ${number} as PDF` }).click();
  expect((await download).suggestedFilename()).toBe(`dv-SB-${number}.pdf`);

  // --- On a phone the list scrolls sideways inside its region. ---
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('heading', { name: 'Disbursement vouchers', level: 1 }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/vouchers-390.png`, fullPage: false });
});
