import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, submitLogin } from './helpers.ts';
import { ownServer } from './own-server.ts';
import { reviewShot } from './review-shots.ts';

// A new council takes office. On a server of its own whose clock stands at 2 December 2026 (the
// 2023-2026 term has ended; its outgoing chairperson is in the read-only window): Quezon City's
// administrator imports the proclaimed officials of three barangays from a file; a new
// chairperson opens the e-mailed link, sets a password, signs in and invites a member; the
// outgoing chairperson of San Bartolome prints the turnover form pre-filled; the city sees who
// is in. Axe on each page; screenshots at 1366 and 390 px.
test.describe.configure({ timeout: 300_000, mode: 'serial' });

const SHOTS = 'test-results/turnover-screenshots';
const BARANGAYS = ['Bagbag', 'Capri', 'Fairview'];
const CHAIR = { name: 'Rosa Magbanua', email: 'rosa.magbanua.e2e@gmail.com' };
const PASSWORD = 'Bagbag#2026new';

const server = ownServer(5, {
  SEED_DEMO: 'true',
  E2E_CLOCK_START: '2026-12-02T01:00:00Z',
});

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

async function desktop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 1366, height: 850 },
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  return context.newPage();
}

/** Axe finds nothing serious; screenshots at 1366 and 390 px. */
async function clean(page: Page, shot: string) {
  expect(await seriousViolations(page), shot).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/${shot}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page), `${shot} at 390 px`).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/${shot}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

test('the city imports the new officials, a new chair sets a password and invites a member', async ({
  browser,
}) => {
  const page = await desktop(browser);
  await page.goto('/login?city=Quezon%20City');
  await submitLogin(page, 'qc.admin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/city$/);
  await page.goto('/city/turnover');
  await expect(page.getByRole('heading', { name: 'Officials of the new council' })).toBeVisible();

  // A file with a bad row is refused as a whole, each problem said.
  const dir = join(server.dataDir, 'files');
  mkdirSync(dir, { recursive: true });
  const bad = join(dir, 'bad.csv');
  writeFileSync(
    bad,
    'Barangay,Position,Name,E-mail,Mobile\r\nBagbag,Mayor,Someone,someone.e2e@gmail.com,\r\n',
  );
  await page.getByTestId('officials-file').setInputFiles(bad);
  await expect(page.getByRole('table', { name: 'Problems in the file' })).toContainText(
    'The position is SK chairperson or SK member (kagawad).',
  );

  const rows = ['Barangay,Position,Name,E-mail,Mobile'];
  BARANGAYS.forEach((name, i) => {
    const chair =
      i === 0
        ? CHAIR
        : { name: `Chair ${name}`, email: `chair.${name.toLowerCase()}.e2e@gmail.com` };
    rows.push(`${name},SK chairperson,${chair.name},${chair.email},`);
    rows.push(`${name},SK kagawad,Member ${name},member.${name.toLowerCase()}.e2e@gmail.com,`);
  });
  const good = join(dir, 'officials.csv');
  writeFileSync(good, `${rows.join('\r\n')}\r\n`);
  await page.getByTestId('officials-file').setInputFiles(good);
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: '6 officials added' }),
  ).toBeVisible();
  await expect(
    page.locator('tr', { has: page.getByText('Bagbag', { exact: true }) }),
  ).toContainText('Yes');
  await expect(page.getByTestId('city-turnover-incoming')).toContainText('2026-12-01');
  await clean(page, 'city-turnover');

  // The new chairperson of Bagbag: the e-mailed link, a password, sign-in.
  await expect
    .poll(() => server.mailTo(CHAIR.email, /\/city\?token=(\S+)/), { timeout: 15_000 })
    .not.toBeNull();
  const token = (await server.mailTo(CHAIR.email, /\/city\?token=(\S+)/)) ?? '';
  const chairPage = await desktop(browser);
  await chairPage.goto(`/city?token=${token}`);
  await expect(
    chairPage.getByRole('heading', { name: 'Set your password', level: 1 }),
  ).toBeVisible();
  await chairPage.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await chairPage.getByLabel('Repeat the new password', { exact: true }).fill(PASSWORD);
  await chairPage.getByRole('button', { name: 'Set password' }).click();
  await expect(chairPage.getByText('Your password is set.')).toBeVisible();
  await chairPage.getByRole('link', { name: 'Sign in' }).click();
  await submitLogin(chairPage, 'rosa.magbanua.e2e', PASSWORD);
  await expect(chairPage).toHaveURL(/\/dashboard$/);
  await chairPage.goto('/turnover');
  await expect(chairPage.getByRole('heading', { name: 'The new council' })).toBeVisible();
  const officials = chairPage.getByRole('table', {
    name: 'Officials of the new term and their requirements',
  });
  await expect(officials).toContainText('Member Bagbag');
  const invite = chairPage.locator('form', {
    has: chairPage.getByRole('button', { name: 'Send the invitation' }),
  });
  await invite.getByLabel('Name').fill('Toni Salazar');
  await invite.getByLabel('E-mail').fill('toni.salazar.e2e@gmail.com');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(chairPage.getByText('1 official added').first()).toBeVisible();
  await expect(officials).toContainText('Toni Salazar');
  await clean(chairPage, 'new-chair-turnover');
  await chairPage.context().close();

  // The city sees Bagbag's new chairperson in, with the password set.
  await page.reload();
  const bagbag = page.locator('tr', { has: page.getByText('Bagbag', { exact: true }) });
  await expect(bagbag).toContainText('Yes');
  await expect(bagbag).toContainText('2 of 7');
  await bagbag.getByRole('button', { name: 'Requirements before office: Bagbag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Requirements before office: Bagbag' });
  await expect(dialog).toContainText('Rosa Magbanua');
  await expect(dialog).toContainText('password set');
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('the outgoing chair of San Bartolome prints the turnover form pre-filled', async ({
  browser,
}) => {
  const page = await desktop(browser);
  await page.goto('/login?barangay=SB');
  await submitLogin(page, 'sb.chair.prev', DEMO_PASSWORD);
  await page.waitForURL(/\/(dashboard|turnover)/);
  await page.goto('/turnover');
  await expect(page.getByTestId('turnover-state')).toContainText('in progress');
  await expect(page.getByText('Sound system (speakers and mixer)')).toBeVisible();
  await clean(page, 'outgoing-chair-turnover');
  await page.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Turnover form (PDF)' }).click();
  const download = await downloading;
  const text = await pdfText(await readFile(await download.path()));
  expect(text).toContain('San Bartolome');
  expect(text).toContain('Laptop computer');
  expect(text).toContain('Sound system');
  await page.context().close();
});
