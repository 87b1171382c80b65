import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout, signInToCity } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// Quezon City's youth development officer approves a proposal at the
// LGU step from the city dashboard, the dashboard shows the city's barangays, and the proposer
// sees the city's decision as any status.
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'test-results/city-screenshots';

test('qc.ydo approves a proposal at the LGU step; the dashboard and the proposer show it', async ({
  page,
}) => {
  await signInToCity(page, 'qc.ydo');
  await page.getByRole('link', { name: 'Open the city dashboard' }).click();
  await expect(page).toHaveURL(/\/city\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: 'Quezon City: SK plans and spending', level: 1 }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: "The city's barangays: plans and spending" });
  await expect(table.getByTestId('city-dashboard-SB')).toContainText('Posted');
  await expect(page.getByTestId('city-centre-chart')).toBeVisible();

  // The queue: the demo's San Bartolome proposal submitted to the LGU.
  const queue = page.getByRole('table', { name: 'Proposals submitted to the LGU' });
  const row = queue.locator('tr[data-testid^="city-queue-SB-"]').first();
  await expect(row).toBeVisible();
  const reference = ((await row.getAttribute('data-testid')) ?? '').replace('city-queue-', '');
  const waitingBefore = Number(
    await table.getByTestId('city-dashboard-SB').locator('td').nth(10).innerText(),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/dashboard-1366.png` });
  await table.scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/dashboard-table-1366.png` });

  await row.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: `The city's decision on ${reference}` });
  await expect(dialog.getByRole('combobox', { name: 'Decision' })).toContainText('LGU Approval');
  await dialog.getByLabel('Remarks for the barangay').fill('Approved by the city youth office.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Decision on ${reference} saved`)).toBeVisible();
  await expect(queue.getByTestId(`city-queue-${reference}`)).toHaveCount(0);
  await expect(table.getByTestId('city-dashboard-SB').locator('td').nth(10)).toHaveText(
    String(waitingBefore - 1),
  );

  // Late only: every row shown is marked late, and San Bartolome (posted) is not among them.
  await page.getByLabel('Late only').check();
  await expect(table.getByTestId('city-dashboard-SB')).toHaveCount(0);
  await reviewShot(page, { path: `${SHOTS}/dashboard-late-1366.png` });

  // The export answers a workbook.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  expect((await download).suggestedFilename()).toMatch(/^QC-city-dashboard-\d{4}\.xlsx$/);

  await logout(page);
  await loginAs(page, 'sb.official', { direct: true });
  await page.goto('/projects');
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByText('LGU Approval').first()).toBeVisible();
});

// The youth statistics across the city, for a city role: the barangays' KK
// registries counted together, small counts hidden, then one barangay picked.
test('qc.federation reads the youth statistics of the city and of one barangay', async ({
  page,
}) => {
  await signInToCity(page, 'qc.federation');
  await page.getByRole('link', { name: 'Youth statistics' }).click();
  await expect(page).toHaveURL(/\/city\/youth$/);
  await expect(
    page.getByRole('heading', { name: 'Quezon City: Katipunan ng Kabataan statistics', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'By age group' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members of the KK registry by barangay' });
  await expect(members.getByRole('row', { name: /San Bartolome/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/youth-1366.png` });
  await members.scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/youth-members-1366.png` });

  await page.getByRole('combobox', { name: 'Barangay' }).click();
  await page.getByRole('option', { name: 'San Bartolome' }).click();
  await expect(members).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'By sex' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/youth-sb-1366.png`, fullPage: true });
  // A window narrowed for a moment (the wide-screen note covers it) and widened again keeps the
  // barangay picked: the export answers for it, not for the whole city.
  await page.setViewportSize({ width: 900, height: 850 });
  await expect(
    page.getByRole('heading', { name: 'This screen needs a wider screen' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 850 });
  await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveText('San Bartolome');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^SB-kk-statistics-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
});
