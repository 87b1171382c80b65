import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO_PASSWORD, pickBarangay } from './helpers.ts';

/**
 * A browser set to Filipino gets SK Tanaw in Filipino. An officer signs in, proposes a
 * project and reads the forecast with its analysis; an administrator opens the raw data page;
 * no English sentence of the app is left on those pages (names, codes and official terms
 * aside). Switching to English then shows the spec's exact texts. axe is clean in both.
 *
 * The test finds Filipino texts through the catalogues: `fil('Welcome Back')` is the Filipino
 * text of the key whose English is 'Welcome Back', so the journey reads as the spec does and
 * fails when a text is not translated.
 */

test.describe.configure({ timeout: 240_000 });

const LOCALES = join(import.meta.dirname, '../apps/web/src/locales');
type Catalogue = Record<string, string>;
function catalogue(locale: string): Catalogue {
  return Object.assign(
    {},
    ...readdirSync(join(LOCALES, locale)).map(
      (file) => JSON.parse(readFileSync(join(LOCALES, locale, file), 'utf8')) as Catalogue,
    ),
  ) as Catalogue;
}
const EN = catalogue('en');
const FIL = catalogue('fil');

/** The Filipino text of the message whose English is `english` (values filled in). */
function fil(english: string, values: Record<string, string> = {}): string {
  const key = Object.keys(EN).find((k) => EN[k] === english);
  if (!key) {
    throw new Error(`No message says "${english}" in English`);
  }
  return fill(FIL[key] ?? '', values);
}
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/**
 * English sentences of the app that differ in Filipino: the parts of each English message
 * between its variables that hold at least three words (shorter bits, like 'Total' or
 * 'SK Chairperson', may be names or official terms).
 */
const ENGLISH_SENTENCES = [
  ...new Set(
    Object.keys(EN)
      // Centres of participation are also the categories of the raw budget data, which the
      // forecast and its analysis show as recorded (data, like names): only their labels in the
      // budget plan are translated.
      .filter((key) => !key.startsWith('plans.centre.'))
      .filter((key) => EN[key] !== FIL[key] && !/\{\w+, (plural|select)/.test(EN[key] ?? ''))
      .flatMap((key) => (EN[key] ?? '').split(/\{\w+\}|<\/?\d+>/))
      .map((part) => part.trim())
      .filter((part) => part.split(/\s+/).length >= 3 && /[a-z]/.test(part)),
  ),
];

async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
}

async function signIn(page: Page, username: string, barangay: string, home: RegExp) {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: fil('Main') })
    .getByRole('button', { name: fil('Login') })
    .click();
  const picker = page.getByRole('dialog', { name: fil('Select Your Barangay') });
  await pickBarangay(page, picker, barangay);
  const dialog = page.getByRole('dialog', { name: fil('Welcome Back') });
  await expect(dialog.getByText(fil('Logging in to: {barangay}', { barangay }))).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
  await dialog.getByLabel(fil('Username')).fill(username);
  await dialog.getByLabel(fil('Password'), { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: fil('Login'), exact: true }).click();
  await expect(page).toHaveURL(home);
}

test('a Filipino browser gets every page of the journey in Filipino, then English on request', async ({
  browser,
  baseURL,
}) => {
  // Its own context: the choice of language is remembered in the browser's storage, which the
  // other journeys (in English) must not share.
  const context = await browser.newContext({
    baseURL,
    locale: 'fil-PH',
    viewport: { width: 1366, height: 850 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const title = `Palihan sa Paggawa ng Website ${Date.now()}`;

  // The landing page, in Filipino from the first visit.
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('heading', { name: 'Tungkol sa SK Tanaw' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: fil('Language') }).getByRole('button', { name: 'Filipino' }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(await englishLeft(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // An officer signs in and proposes a project.
  await signIn(page, 'nn.official', 'Nagkaisang Nayon', /\/dashboard$/);
  expect(await englishLeft(page)).toEqual([]);
  await page
    .getByRole('navigation', { name: fil('Sidebar') })
    .getByRole('link', { name: fil('Projects') })
    .click();
  await expect(
    page.getByRole('heading', { name: fil('Proposed Project Submissions') }),
  ).toBeVisible();
  await page.getByRole('button', { name: fil('Propose Project') }).click();
  const form = page.getByRole('dialog', { name: fil('Propose a Project') });
  await form.getByLabel(fil('Title')).fill(title);
  await form.getByLabel(fil('Description')).fill('Apat na Sabado ng pag-aaral ng web programming.');
  await form
    .locator('input[type="file"]')
    .setInputFiles(join(import.meta.dirname, 'fixtures/youth-coding-bootcamp.pdf'));
  expect(await englishLeft(page)).toEqual([]);
  await form.getByRole('button', { name: fil('Submit Proposal') }).click();
  await expect(page.getByText(fil('Project submitted successfully!'))).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(fil('Pending Review'));
  expect(await englishLeft(page)).toEqual([]);

  // The forecast and its analysis, written in Filipino by the analyst.
  await page
    .getByRole('navigation', { name: fil('Sidebar') })
    .getByRole('link', { name: fil('Budget Forecasting') })
    .click();
  await expect(
    page.getByRole('heading', { name: fil('Budget Forecasting'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: fil('Executive Summary') })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByRole('heading', { name: fil('Recommendations') })).toBeVisible();
  const analysis = await page.locator('main').innerText();
  // The analyst's Filipino: its connecting words are there, its English ones are not.
  expect(analysis).toMatch(/\b(ang|ng|sa|mga)\b/);
  expect(analysis).not.toMatch(/\b(the|is expected|compared with|should)\b/);
  expect(await englishLeft(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: fil('Logout') }).click();
  await expect(page).toHaveURL(/\/home$/);

  // An administrator opens the raw data page.
  await signIn(page, 'nn.admin', 'Nagkaisang Nayon', /\/admin\/dashboard$/);
  await page
    .getByRole('navigation', { name: fil('Sidebar') })
    .getByRole('link', { name: fil('Raw Data Management') })
    .click();
  await expect(page.getByRole('heading', { name: fil('Raw Data Management') })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // English on request: the spec's exact texts, and the choice is remembered.
  await page
    .getByRole('group', { name: fil('Language') })
    .getByRole('button', { name: 'English' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Raw Data Management' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Raw Data Management' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Raw Data Management' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});
