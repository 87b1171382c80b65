import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, openLoginModal } from './helpers.ts';

// axe walks the whole page; give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('/home has no serious or critical violation', async ({ page }) => {
  // Reduced motion (the run's setting) shows every section at once, without scrolling.
  await page.goto('/home');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the login modal has no serious or critical violation', async ({ page }) => {
  await openLoginModal(page, 'San Bartolome');
  expect(await seriousViolations(page)).toEqual([]);
});

test('/dashboard has no serious or critical violation', async ({ page }) => {
  await loginAs(page, 'nn.chair', { direct: true });
  await expect(page.getByText('Login successful.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/admin/dashboard has no serious or critical violation', async ({ page }) => {
  await loginAs(page, 'nn.admin', { direct: true });
  await expect(page.getByTestId('admin-cards')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/forecast, with a chart bar focused and its tooltip open, has no serious or critical violation', async ({
  page,
}) => {
  await loginAs(page, 'sb.chair', { direct: true });
  await page.goto('/forecast');
  const chart = page.getByTestId('forecast-chart');
  // The chart is one Tab stop: its first bar segment, named by year, series and amount.
  const tabStop = chart.locator('rect[tabindex="0"]');
  await expect(tabStop).toHaveCount(1, { timeout: 30_000 });
  await expect(tabStop).toHaveAccessibleName(/^\d{4}, .+: ₱[\d,]+$/);
  await tabStop.focus();
  await page.keyboard.press('ArrowRight');
  // The tooltip is the focused bar's year (wherever the pointer happens to rest).
  const focusedName = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const year = /^(\d{4})/.exec(focusedName ?? '')?.[1] ?? 'no focused bar';
  await expect(chart.getByRole('status')).toContainText(year);
  await expect(chart.getByRole('status')).toContainText(/Total: ₱[\d,]+/);
  expect(await seriousViolations(page)).toEqual([]);
});
