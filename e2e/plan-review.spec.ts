import { fileURLToPath } from 'node:url';
import { manilaYear } from '@sk-tanaw/contract';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout, signInToCity } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The chair submits the approved budget to the city, the city's budget officer declares one item
// inoperative with its reason and rule, and the chair reads why; the tracker then refuses a
// payment on that line, with the city's reason, in the chair's language. Nagkaisang Nayon's
// budget: no other journey spends on its lines, which this one closes.
test.describe.configure({ timeout: 240_000 });

const RESOLUTION_PDF = fileURLToPath(
  new URL('./fixtures/youth-coding-bootcamp.pdf', import.meta.url),
);
const REASON = 'Not a youth development programme of the PYDP.';

test('the chair submits, qc.budget declares one item inoperative, the chair reads the reason and cannot pay on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const year = manilaYear(new Date());

  // --- The chair: this year's posted plan goes to the city. ---
  await loginAs(page, 'nn.chair', { direct: true });
  await page.goto('/budget-planning');
  await page.getByRole('link', { name: `${String(year)} plan`, exact: true }).click();
  const panel = page.getByRole('region', { name: 'City review of the budget' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('deadline-review-submit-days')).toBeVisible();
  const file = panel.locator('input[type="file"]');
  if ((await file.count()) > 0) {
    await file.setInputFiles(RESOLUTION_PDF);
  }
  await panel.getByRole('button', { name: 'Submit to the city' }).click();
  await expect(panel.getByTestId('review-state')).toHaveText('Submitted to the city');
  await expect(panel.getByTestId('deadline-review-days')).toContainText('60 days left');
  expect(await seriousViolations(page)).toEqual([]);
  await logout(page);

  // --- The city's budget officer reviews it. ---
  await signInToCity(page, 'qc.budget');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget reviews' })
    .click();
  await expect(page.getByRole('heading', { name: 'Budget reviews', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Nagkaisang Nayon' }).first().click();
  await expect(
    page.getByRole('heading', { name: `SK budget ${String(year)} of Nagkaisang Nayon` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start the review' }).click();
  await expect(page.getByTestId('review-state')).toHaveText('Under review');
  const declare = page.getByRole('checkbox', { name: /^Declare .+ inoperative$/ }).first();
  const closed = /^Declare (.+) inoperative$/.exec(
    (await declare.getAttribute('aria-label')) ?? '',
  )?.[1];
  expect(closed).toBeTruthy();
  await declare.check();
  await page
    .getByRole('textbox', { name: /^Reason for / })
    .first()
    .fill(REASON);
  await page
    .getByRole('textbox', { name: /^Rule broken by / })
    .first()
    .fill('RA 10742 s. 20(b)');
  await page.getByRole('button', { name: 'Decide', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Decide the review' });
  await dialog.getByLabel('Sanggunian resolution number').fill('SP-2026-118');
  // The sanggunian acted today (Manila): a resolution is never dated in the future.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Resolution date').fill(today);
  await dialog.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByTestId('review-state')).toHaveText(
    'Reviewed — Items declared inoperative',
  );
  await expect(page.getByTestId('review-findings')).toContainText(REASON);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: 'test-results/plan-review-city.png', fullPage: false });
  await logout(page);

  // --- The chair reads why, and that a new version is needed. ---
  await loginAs(page, 'nn.chair', { direct: true });
  await page.goto('/budget-planning');
  await page.getByRole('link', { name: `${String(year)} plan`, exact: true }).click();
  const review = page.getByRole('region', { name: 'City review of the budget' });
  await expect(review.getByTestId('review-findings')).toContainText(REASON);
  await expect(review.getByTestId('review-findings')).toContainText('RA 10742 s. 20(b)');
  await expect(review).toContainText('prepare a new version of the budget');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: 'test-results/plan-review-chair.png', fullPage: false });

  // --- The tracker marks the line and refuses a payment on it, quoting the city. ---
  await page.goto('/tracker');
  const row = page.locator(`tr[data-item="${closed ?? ''}"]`);
  await expect(row).toContainText('Declared inoperative by the city');
  await row.getByRole('link').first().click();
  await expect(page.getByTestId('item-inoperative')).toContainText(REASON);
  await page.getByRole('button', { name: 'Record a disbursement' }).click();
  const pay = page.getByRole('dialog', { name: 'Record a disbursement' });
  await pay.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: /\(MOOE\)$/ }).click();
  await pay.getByRole('textbox', { name: 'Amount (PHP)' }).fill('100.00');
  await pay.getByRole('textbox', { name: 'Reference' }).fill('DV-E2E-CLOSED');
  await pay.getByRole('button', { name: 'Save disbursement' }).click();
  await expect(pay).toContainText(`The city declared line ${closed ?? ''} inoperative`);
  await expect(pay).toContainText(REASON);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: 'test-results/plan-review-tracker-refused.png', fullPage: false });
});
