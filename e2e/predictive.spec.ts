import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { loginAs } from './helpers.ts';

// The analysis runs on a busy machine and axe walks the whole page.
test.describe.configure({ timeout: 120_000 });

async function openPredictive(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Predictive Project Analysis' })
    .click();
  await expect(page).toHaveURL(/\/predictive-analytics$/);
  await expect(page.getByRole('heading', { name: 'Predictive Analysis', level: 1 })).toBeVisible();
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Project Analysis runs the general analysis on load, then a customized one', async ({
  page,
}) => {
  await loginAs(page, 'sb.chair');
  await openPredictive(page);
  await expect(page.getByRole('tab', { name: 'Project Analysis' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Customize Response' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'General Analysis Summary' });
  await expect(summary).toContainText('proposals on record in all categories were analysed');
  await expect(summary).toContainText('Internet sources consulted: 0');
  for (const section of [
    'Success Factors',
    'Recommendations',
    'Risks & Mitigation Strategies',
    'Predicted Trends',
    'Budget Analysis',
    'Implementation Timeline',
    'Project Duration Analysis',
    'Expected Community Feedback',
  ]) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: 'Mitigation Strategy' })).toBeVisible();
  await expect(page.getByText(/^Generated: /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The detail select opens only with a period, and a period change clears it.
  await expect(page.getByRole('combobox', { name: 'Time Period Detail' })).toBeDisabled();
  await choose(page, 'Time Period', 'Quarterly');
  await choose(page, 'Time Period Detail', 'Q4');
  await page.getByRole('checkbox', { name: 'Budget Analysis' }).uncheck();
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByRole('heading', { name: 'Customized Analysis' })).toBeVisible();
  await expect(page.getByText('Analysis type: customized')).toBeVisible();
  await expect(page.getByText(/^Projects analysed: \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Budget Analysis', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Implementation Timeline' })).toContainText('Q4');
});

test('Project Trends ranks forecast trends and screens the custom category', async ({ page }) => {
  await loginAs(page, 'nn.official');
  await openPredictive(page);
  await page.getByRole('tab', { name: 'Project Trends' }).click();
  await expect(page.getByRole('heading', { name: 'Customize Project Trends' })).toBeVisible();
  const trends = page.getByRole('list', { name: 'Trends' });
  await expect(trends.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  await expect(trends.getByRole('listitem').first()).toContainText(/^#1/);
  await expect(trends.getByRole('listitem').first()).toContainText(/Confidence: \d+%/);
  await expect(
    page.getByText(/This forecast for \d{4} is based on (70|100)% primary data/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Forecast details' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Internet sources used: 0');
  expect(await seriousViolations(page)).toEqual([]);

  await choose(page, 'Forecast Year', '2030');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(trends.getByRole('listitem').first()).toContainText('in 2030');

  await choose(page, 'Category', 'Others');
  const custom = page.getByRole('textbox', { name: 'Custom Category' });
  await custom.fill('Chess');
  await expect(page.getByText('it will be forecast as "Youth Chess"')).toBeVisible();
  await custom.fill('');
  await expect(
    page.getByText("Please enter a custom category when 'Others' is selected."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Filter' })).toBeDisabled();
  await custom.fill('putangina');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByText('Inappropriate word detected. Cannot be processed.')).toBeVisible();
  await expect(
    page.getByText('Please use appropriate terms related to SK youth development programs.'),
  ).toBeVisible();
});
