import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test('an installation administrator creates a backup and finds it in the list', async ({
  page,
}) => {
  await loginAs(page, 'sb.admin');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Database Backup' })
    .click();
  await expect(page).toHaveURL(/\/admin\/backup$/);
  await expect(page.getByRole('heading', { name: 'Database Backup' })).toBeVisible();

  // Run Restore without a file: the spec's message, nothing sent.
  await page.getByRole('button', { name: 'Run Restore' }).click();
  await expect(page.getByRole('status')).toContainText('Please select a backup file to install.');

  await page.getByRole('button', { name: 'Create Backup' }).click();
  await expect(page.getByRole('status')).toContainText('Backup created successfully.');
  await expect(page.getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const table = page.getByRole('table', { name: 'Stored backups' });
  const row = table.getByRole('row').filter({ hasText: 'Manual' }).first();
  await expect(row).toContainText(/sk-tanaw-\d{8}-\d{9}-manual\.bak/);
  await expect(row).toContainText(/KB|MB/);
  // The date is Manila time in the app's format, e.g. 'Nov 21, 2026, 3:02 PM'.
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/-manual\.bak$/);
});

test("another barangay's administrator is told backups belong to the installation administrators", async ({
  page,
}) => {
  await loginAs(page, 'nn.admin');
  await page.goto('/admin/backup');
  await expect(page.getByText(/only the installation administrators/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Backup' })).toBeDisabled();
});
