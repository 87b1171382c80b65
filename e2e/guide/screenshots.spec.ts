import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { manilaYear } from '@sk-tanaw/contract';
import { DEMO_PASSWORD, openLoginModalDirect, signInToCity, submitLogin } from '../helpers.ts';

/**
 * The pictures of the user guides (docs/guide/<language>/*.md), taken on the demo data by
 * `npm run docs:screenshots` (playwright.guide.config.ts). Each is the top of a screen as its
 * reader sees it: 1366 px wide (a council's or city's computer) or 390 px (a phone), saved as an
 * 8-bit palette PNG so each stays small. A renamed screen fails here, before a guide goes stale.
 */
const IMG = join(import.meta.dirname, '..', '..', 'docs', 'guide', 'img');
const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const RESOLUTION_PDF = fileURLToPath(
  new URL('../fixtures/youth-coding-bootcamp.pdf', import.meta.url),
);

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Fonts and charts settle; the app honours reduced motion, so nothing is mid-transition.
  await page.evaluate(async () => document.fonts.ready);
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const png = await sharp(raw)
    .png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 })
    .toBuffer();
  mkdirSync(IMG, { recursive: true });
  writeFileSync(join(IMG, `${name}.png`), png);
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
}

async function signInCouncil(page: Page, username: string): Promise<void> {
  await openLoginModalDirect(page, 'San Bartolome');
  await submitLogin(page, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/(dashboard|admin\/dashboard)$/);
  // A fresh load, so the sign-in's notice is not in the pictures.
  await page.reload();
}

async function signInCity(page: Page, username: string): Promise<void> {
  await signInToCity(page, username);
  await page.reload();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(WIDE);
});

test('the public: landing, directory, disclosure board, youth form', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await shoot(page, 'public-landing');
  await page.goto('/disclosure');
  await heading(page, 'Barangay directory');
  await shoot(page, 'public-directory');
  await page.goto('/disclosure/SB');
  await heading(page, /San Bartolome/);
  await shoot(page, 'public-board');
  await page.setViewportSize(PHONE);
  await page.goto('/kk/SB');
  await heading(page, /Katipunan ng Kabataan profiling/);
  await shoot(page, 'public-kk-form-phone');
  await page.goto('/home');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await shoot(page, 'public-landing-phone');
});

test('the chairperson', async ({ page }) => {
  await signInCouncil(page, 'sb.chair');
  await heading(page, 'Dashboard');
  await shoot(page, 'chair-dashboard');
  await page.goto('/projects');
  await heading(page, 'Project Review');
  await shoot(page, 'chair-project-review');
  await page.goto('/budget-planning');
  await heading(page, 'Budget Planning');
  await shoot(page, 'chair-budget-planning');
  // This year's posted plan, then its submission to the city (the budget officer's picture).
  await page
    .getByRole('link', { name: `${String(manilaYear(new Date()))} plan`, exact: true })
    .click();
  const panel = page.getByRole('region', { name: 'City review of the budget' });
  await expect(panel).toBeVisible();
  await shoot(page, 'chair-plan');
  const file = panel.locator('input[type="file"]');
  if ((await file.count()) > 0) {
    await file.setInputFiles(RESOLUTION_PDF);
  }
  await panel.getByRole('button', { name: 'Submit to the city' }).click();
  await expect(panel.getByTestId('review-state')).toHaveText('Submitted to the city');
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'chair-plan-submitted');
  await page.goto('/council');
  await heading(page, 'Council Duties');
  await shoot(page, 'chair-council-duties');
  await page.goto('/cbydp');
  await heading(page, /CBYDP/);
  await shoot(page, 'chair-cbydp');
  await page.goto('/turnover');
  await heading(page, 'Inventory and Turnover');
  await shoot(page, 'chair-turnover');
});

test('the treasurer and the Budget Monitoring Officer', async ({ page }) => {
  await signInCouncil(page, 'sb.chair');
  await page.goto('/tracker');
  await heading(page, 'Project Tracker');
  await shoot(page, 'treasurer-tracker');
  await page.goto('/tracker/registry');
  await heading(page, 'Registry of Budget, Commitments, Payments and Balances');
  await shoot(page, 'treasurer-registry');
});

test('the secretary: the youth registry', async ({ page }) => {
  await signInCouncil(page, 'sb.chair');
  await page.goto('/kk');
  await heading(page, 'Youth Registry (Katipunan ng Kabataan)');
  await shoot(page, 'secretary-youth-registry');
});

test('an SK official (BAC and inspector): proposals and a tracked item', async ({ page }) => {
  await signInCouncil(page, 'sb.official');
  await page.goto('/projects');
  await heading(page, 'Proposed Project Submissions');
  await shoot(page, 'official-proposals');
  await page.goto('/tracker');
  await heading(page, 'Project Tracker');
  const firstItem = page.locator('a[href^="/tracker/items/"]').first();
  await firstItem.click();
  await expect(page).toHaveURL(/\/tracker\/items\/\d+$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await shoot(page, 'official-tracker-item');
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await shoot(page, 'official-dashboard-phone');
});

test('the administrator', async ({ page }) => {
  await signInCouncil(page, 'sb.admin');
  await heading(page, 'Admin Dashboard');
  await shoot(page, 'admin-dashboard');
  await page.goto('/admin/account-creation');
  await heading(page, 'Account Creation');
  await shoot(page, 'admin-account-creation');
  await page.goto('/admin/roles');
  await heading(page, 'User Role Management');
  await shoot(page, 'admin-roles');
  await page.goto('/admin/raw-data');
  await heading(page, 'Raw Data Management');
  await shoot(page, 'admin-raw-data');
  await page.goto('/admin/backup');
  await heading(page, 'Database Backup');
  await shoot(page, 'admin-backup');
});

test('the city administrator', async ({ page }) => {
  await signInCity(page, 'qc.admin');
  await heading(page, /Barangays of Quezon City/);
  await shoot(page, 'city-admin-barangays');
  await page.goto('/city/accounts');
  await heading(page, "The city's accounts");
  await shoot(page, 'city-admin-accounts');
});

test('the budget officer', async ({ page }) => {
  await signInCity(page, 'qc.budget');
  await page.goto('/city/reviews');
  await heading(page, 'Budget reviews');
  await shoot(page, 'budget-officer-reviews');
  await page.getByRole('link', { name: 'San Bartolome' }).first().click();
  await heading(page, /SK budget \d{4} of San Bartolome/);
  await shoot(page, 'budget-officer-review');
});

test('the youth development officer', async ({ page }) => {
  await signInCity(page, 'qc.ydo');
  await heading(page, /Barangays of Quezon City/);
  await shoot(page, 'ydo-city-home');
  await page.goto('/city/youth');
  await heading(page, /Katipunan ng Kabataan statistics/);
  await shoot(page, 'ydo-youth-statistics');
});

test('the SK Federation president', async ({ page }) => {
  await signInCity(page, 'qc.federation');
  await page.goto('/city/dashboard');
  await heading(page, /SK plans and spending/);
  await shoot(page, 'federation-city-dashboard');
});
