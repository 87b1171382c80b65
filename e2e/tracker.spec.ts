import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { manilaParts } from '@sk-tanaw/contract';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// A long journey with uploads, downloads, screenshots and axe on three pages, on a busy machine.
test.describe.configure({ timeout: 240_000 });

const SHOTS = 'test-results/tracker-screenshots';

/** Today in Manila as 'YYYY-MM-DD', and a day some days later. */
function manilaDay(offsetDays = 0): string {
  const { year, month, day } = manilaParts(new Date(Date.now() + offsetDays * 86_400_000));
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A small real JPEG: a sky, a field and a sun, drawn by sharp. */
async function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="300" fill="#7cb9e8"/><rect y="300" width="640" height="180" fill="#3f8f3f"/>
    <circle cx="520" cy="90" r="50" fill="#f5b301"/><rect x="120" y="220" width="180" height="110" fill="#8a5a00"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));

async function chooseOption(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test('an officer starts a late item, records its progress, spending and a photo; the alert clears; the public board shows it', async ({
  page,
}) => {
  const year = manilaParts(new Date()).year;

  // --- The dashboard shows this year's alerts. ---
  await loginAs(page, 'sb.official', { direct: true });
  const dashboardAlerts = page.getByRole('list', { name: `Project alerts ${String(year)}` });
  await expect(dashboardAlerts).toBeVisible();

  // --- The tracker: an item still not started late in its period. ---
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Project Tracker' })
    .click();
  await expect(page.getByRole('heading', { name: 'Project Tracker', level: 1 })).toBeVisible();
  const alerts = page.getByRole('list', { name: `Alerts, ${String(year)}` });
  const late = alerts.locator('li[data-kind="not-started-late"]').first();
  await expect(late).toBeVisible();
  const alertLink = late.getByRole('link');
  const ppa = (await alertLink.innerText()).trim();
  const reference = (await late.getAttribute('data-reference')) ?? '';
  expect(reference).not.toBe('');
  const itemAlerts = (list: Locator) => list.locator(`li[data-reference="${reference}"]`);
  const itemRow = page.locator(`tr[data-item="${reference}"]`);
  await expect(itemRow).toContainText('Not started');
  await expect(page.getByTestId('spending-chart').getByRole('img')).toBeVisible();
  await reviewShot(page, { path: `${SHOTS}/tracker-page.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await alertLink.click();
  await expect(page.getByRole('heading', { name: ppa, level: 1 })).toBeVisible();

  // --- Progress: ongoing from today. ---
  const progress = page.getByRole('form', { name: 'Progress' });
  await chooseOption(page, progress, 'Status', 'Ongoing');
  await progress.getByLabel('Actual start').fill(manilaDay());
  await progress
    .getByRole('textbox', { name: 'Accomplishment' })
    .fill('Started with the orientation (e2e).');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('Item updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: ppa, level: 1 }).locator('..')).toContainText(
    'Ongoing',
  );

  // --- A checkpoint. ---
  await page.getByRole('button', { name: 'Add checkpoint' }).click();
  const checkpoint = page.getByRole('dialog', { name: 'Add a checkpoint' });
  await checkpoint.getByRole('textbox', { name: 'Title' }).fill('Speakers confirmed (e2e)');
  await checkpoint.getByLabel('Due date').fill(manilaDay(14));
  await checkpoint.getByRole('button', { name: 'Save checkpoint' }).click();
  await expect(checkpoint).toBeHidden();
  await expect(
    page
      .getByRole('table', { name: 'Checkpoints' })
      .getByRole('row', { name: /Speakers confirmed \(e2e\)/ }),
  ).toContainText('Not yet');

  // --- A photo, shown on the public board. ---
  const caption = `Orientation of ${ppa} (e2e)`;
  await page.getByRole('button', { name: 'Upload evidence' }).click();
  const uploadDialog = page.getByRole('dialog', { name: 'Upload evidence' });
  await uploadDialog.getByLabel('Evidence file').setInputFiles({
    name: 'orientation.jpg',
    mimeType: 'image/jpeg',
    buffer: await samplePhoto(),
  });
  await uploadDialog.getByRole('textbox', { name: 'Caption' }).fill(caption);
  await uploadDialog.getByRole('checkbox', { name: 'Show on the public disclosure board' }).check();
  await uploadDialog.getByRole('button', { name: 'Upload' }).click();
  await expect(uploadDialog).toBeHidden();
  const thumbnail = page
    .getByRole('list', { name: 'Evidence' })
    .getByRole('img', { name: caption });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // --- Disbursements: 60% of each class's appropriation, which lifts the line over half. ---
  const byClass = page.getByRole('table', { name: 'Spending by class' });
  for (const expenseClass of ['PS', 'MOOE', 'CO']) {
    const cells = byClass.locator(`tr[data-class="${expenseClass}"] td`);
    const appropriated = pesos(await cells.nth(0).innerText());
    const disbursed = pesos(await cells.nth(1).innerText());
    const amount = Math.round((appropriated * 0.6 - disbursed) * 100) / 100;
    if (amount <= 0) {
      continue;
    }
    await page.getByRole('button', { name: 'Record a disbursement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a disbursement' });
    await chooseOption(page, dialog, 'Class', new RegExp(`\\(${expenseClass}\\)$`));
    await dialog.getByRole('textbox', { name: 'Amount (PHP)' }).fill(amount.toFixed(2));
    await dialog.getByRole('textbox', { name: 'Reference' }).fill(`DV-E2E-${expenseClass}`);
    await dialog.getByRole('button', { name: 'Save disbursement' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`tr[data-reference="DV-E2E-${expenseClass}"]`)).toBeVisible();
  }
  const utilisation = (await page.getByTestId('item-utilisation').innerText()).trim();
  expect(Number.parseFloat(utilisation)).toBeGreaterThanOrEqual(50);
  await reviewShot(page, { path: `${SHOTS}/item-page.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // --- The alerts of the item are gone, on the tracker and on the dashboard. ---
  await page.getByRole('link', { name: 'Back to the tracker' }).click();
  await expect(itemRow).toContainText('Ongoing');
  await expect(alerts).toBeVisible();
  const showAll = page.getByRole('button', { name: /^Show all \d+ alerts$/ });
  if (await showAll.isVisible()) {
    await showAll.click();
  }
  await expect(itemAlerts(alerts)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Welcome to SK Tanaw Dashboard' })).toBeVisible();
  const dashboard = page.getByRole('list', { name: `Project alerts ${String(year)}` });
  await expect(dashboard).toBeVisible();
  if (await showAll.isVisible()) {
    await showAll.click();
  }
  await expect(itemAlerts(dashboard)).toHaveCount(0);

  // --- The quarterly accomplishment report. ---
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Project Tracker' })
    .click();
  await page.getByRole('button', { name: 'Reports' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Q3 report (Excel)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await file.path());
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await logout(page);

  // --- Anyone: the public board shows the new utilisation and the photo. ---
  await page.goto('/disclosure/SB');
  // Other journeys may have posted a later year, which the board then opens first (in tabs).
  await expect(page.getByRole('heading', { name: /^Budget \d{4}/ })).toBeVisible({
    timeout: 30_000,
  });
  const yearTab = page.getByRole('tab', { name: String(year), exact: true });
  if ((await yearTab.count()) > 0) {
    await yearTab.click();
  }
  const section = page.getByTestId('public-tracker');
  // The board loads the plan, then its implementation: room for a busy machine.
  await expect(section).toBeVisible({ timeout: 30_000 });
  const publicRow = section.locator(`tr[data-item="${reference}"]`);
  await expect(publicRow).toContainText('Ongoing');
  await expect(publicRow.locator('td').last()).toHaveText(utilisation);
  const photo = section.getByRole('list', { name: 'Photos' }).getByRole('img', { name: caption });
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await reviewShot(section, { path: `${SHOTS}/disclosure-tracker.png` });
  expect(await seriousViolations(page)).toEqual([]);
});
