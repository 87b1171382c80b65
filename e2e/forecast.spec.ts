import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { loginAs } from './helpers.ts';

// The analysis and axe walk a long page; give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openForecast(page: Page): Promise<void> {
  await loginAs(page, 'sb.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget Forecasting' })
    .click();
  await expect(page).toHaveURL(/\/forecast$/);
  await expect(page.getByRole('heading', { name: 'Budget Forecasting', level: 1 })).toBeVisible();
}

test('an officer reads the forecast chart with its ranges, toggles the view and reads the analysis', async ({
  page,
}) => {
  await openForecast(page);
  const chart = page.getByTestId('forecast-chart');
  await expect(
    chart.getByRole('heading', { name: 'Stacked Budget by Committee and Year' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByText('Budget Amount (PHP)')).toBeVisible();
  await expect(chart.getByText(/^Total: ₱[\d,]+$/).first()).toBeVisible();

  // Recorded years then three forecast years, each forecast year with its range whiskers.
  const forecastYears = chart.locator('[data-forecast="true"]');
  await expect(forecastYears).toHaveCount(3);
  const firstForecast = (await forecastYears.first().getAttribute('data-year')) ?? '';
  expect(firstForecast).toMatch(/^\d{4}$/);
  await expect(chart.getByTestId(`range-${firstForecast}`)).toBeVisible();
  await expect(chart.getByText('forecast', { exact: true })).toHaveCount(3);

  // The tooltip of a forecast year names the total and its 80% and 95% ranges in pesos.
  const box = await forecastYears.first().boundingBox();
  if (!box) {
    throw new Error('forecast bar not drawn');
  }
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = chart.getByRole('status');
  await expect(tooltip).toContainText(`${firstForecast} (forecast)`);
  await expect(tooltip).toContainText(/Total: ₱[\d,]+/);
  await expect(tooltip).toContainText(/80% range: ₱[\d,]+ – ₱[\d,]+/);
  await expect(tooltip).toContainText(/95% range: ₱[\d,]+ – ₱[\d,]+/);

  // The same details by keyboard: a focused bar segment opens its year's tooltip, Escape hides it.
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  const forecastBar = forecastYears.first().getByRole('img').first();
  await expect(forecastBar).toHaveAccessibleName(
    new RegExp(`^${firstForecast} \\(forecast\\), .+: ₱[\\d,]+$`),
  );
  await forecastBar.focus();
  await expect(tooltip).toContainText(`${firstForecast} (forecast)`);
  await expect(tooltip).toContainText(/80% range: ₱[\d,]+ – ₱[\d,]+/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(forecastBar).toBeFocused();

  // The plan for next year, downloadable as CSV.
  await expect(page.getByRole('heading', { name: `Planning for ${firstForecast}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const plan = await download;
  expect(plan.suggestedFilename()).toBe(`budget_plan_${firstForecast}_by_committee.csv`);
  const [header, ...records] = parse(await readFile(await plan.path()), { bom: true });
  expect(header).toEqual([
    'Committee',
    `Forecast ${firstForecast} (PHP)`,
    'Lower 80% (PHP)',
    'Upper 80% (PHP)',
    'Share (%)',
  ]);
  // A row per committee with a forecast in pesos, then the total at 100%.
  expect(records.length).toBeGreaterThan(1);
  expect(records.at(-1)?.[0]).toBe('Total');
  expect(records.at(-1)?.[4]).toBe('100.0');
  expect(records[0]?.[1]).toMatch(/^\d+(\.\d+)?$/);

  // The analysis of the committee view.
  await expect(page.getByRole('heading', { name: 'Executive Summary' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { name: 'Key Trends' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  await expect(page.getByText(/^Confidence: \d+%$/)).toBeVisible();
  await expect(
    page.getByText(/^Generated: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();
  await expect(page.getByText(`Outlook for ${firstForecast}`)).toBeVisible();

  // Toggle: the category view redraws the chart and re-runs the analysis for categories.
  await page.getByRole('button', { name: 'View by Category' }).click();
  await expect(
    chart.getByRole('heading', { name: 'Stacked Budget by Category and Year' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'View by Category' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText(/Largest category: /)).toBeVisible({ timeout: 60_000 });
});

test('the Budget Forecasting page has no serious or critical accessibility violation', async ({
  page,
}) => {
  await openForecast(page);
  await expect(page.getByTestId('forecast-chart')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Executive Summary' })).toBeVisible({
    timeout: 60_000,
  });
  const serious = await seriousViolations(page);
  expect(serious).toEqual([]);
});
