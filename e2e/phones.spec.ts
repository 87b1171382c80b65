import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { findBarangay, fitsThePhone, phone, photoPng, signInFromLanding } from './phone.ts';
import { reviewShot } from './review-shots.ts';

/**
 * A council's field work on a phone (390 x 844, touch, slow 4G): the phone's landing page finds a
 * barangay of the district beyond the demo's two and opens its board; its official signs in,
 * proposes with a photo from the camera; its chair sees the proposal; a screen built for wide
 * tables says it needs a wider screen. Kaligayahan's accounts and proposals are this file's
 * alone.
 */
const SHOTS = 'test-results/phones';
const BARANGAY = 'Kaligayahan';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Signs in from the phone's landing page as one of the barangay's accounts. */
const signIn = (page: Page, username: string) => signInFromLanding(page, BARANGAY, username);

/** Opens the drawer behind the menu button and follows one of its links. */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: link }).click();
  await expect(drawer).toBeHidden();
}

test('the landing page on a phone finds any barangay and opens its board', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: /SK Tanaw: see ahead/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'All barangays' })).toHaveAttribute(
    'href',
    '/disclosure',
  );
  const code = await findBarangay(page, BARANGAY);
  const place = page.getByRole('region', { name: `${BARANGAY}, Quezon City` });
  await expect(place.getByRole('link', { name: 'Youth profiling form (KK)' })).toHaveAttribute(
    'href',
    `/kk/${code}`,
  );
  await fitsThePhone(page);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/landing-390.png`, fullPage: true });
  await place.getByRole('link', { name: 'Public disclosure board' }).click();
  await expect(page).toHaveURL(new RegExp(`/disclosure/${code}$`));
  await expect(page.getByRole('heading', { name: `Barangay ${BARANGAY}`, level: 1 })).toBeVisible();

  // Installable: the manifest is linked, names the app and its icons, and they are served.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await page.request.get(href ?? '');
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  const app = (await manifest.json()) as {
    name: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(app).toMatchObject({ name: 'SK Tanaw', display: 'standalone', start_url: '/' });
  expect(app.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of app.icons) {
    const answer = await page.request.get(icon.src);
    expect([icon.src, answer.status(), answer.headers()['content-type']]).toEqual([
      icon.src,
      200,
      'image/png',
    ]);
  }

  // In Filipino too.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Filipino' }).click();
  await expect(page.getByRole('heading', { name: 'Ang inyong barangay' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lahat ng barangay' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/landing-fil-390.png`, fullPage: true });
});

test('an official proposes with a photo on a phone and the chair reviews it', async ({
  browser,
}) => {
  // Two phones signing in one after the other, on two shared cores.
  test.setTimeout(150_000);
  const title = `Clean-up drive ${String(Date.now())}`;
  const official = await phone(browser);
  await signIn(official, 'official');
  await fitsThePhone(official);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/dashboard-390.png`, fullPage: true });

  await openFromMenu(official, 'Projects');
  await expect(
    official.getByRole('heading', { name: 'Proposed Project Submissions' }),
  ).toBeVisible();
  await official.getByRole('button', { name: 'Propose Project' }).click();
  const form = official.getByRole('dialog', { name: 'Propose a Project' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('The creek behind the court, photographed today.');
  // A reload (a dropped connection, a tab put to sleep) keeps what was typed.
  await official.reload();
  await official.getByRole('button', { name: 'Propose Project' }).click();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Description')).toHaveValue(
    'The creek behind the court, photographed today.',
  );
  const camera = form.getByLabel('Take a photo');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*,application/pdf');
  await camera.setInputFiles({ name: 'creek.png', mimeType: 'image/png', buffer: photoPng() });
  await expect(form.getByText('creek.pdf')).toBeVisible();
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/propose-390.png` });
  await form.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(official.getByText('Project submitted successfully!')).toBeVisible();
  const card = official.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Pending Review');
  await fitsThePhone(official);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/projects-390.png`, fullPage: true });

  // A screen built for wide tables says so, and leads back to the dashboard.
  await official.goto('/forecast');
  await expect(
    official.getByRole('heading', { name: 'This screen needs a wider screen' }),
  ).toBeVisible();
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/wide-screen-390.png` });
  await official.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(official).toHaveURL(/\/dashboard$/);
  await official.context().close();

  // The chair, on a phone too, sees it with its photo as a PDF and can review it.
  const chair = await phone(browser);
  await signIn(chair, 'chair');
  await openFromMenu(chair, 'Projects');
  await expect(chair.getByRole('heading', { name: 'Project Review' })).toBeVisible();
  const review = chair.getByRole('listitem').filter({ hasText: title });
  await expect(review).toContainText('Pending Review');
  await expect(review.getByRole('button', { name: /Update Status of/ })).toBeVisible();
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/review-390.png`, fullPage: true });
  // The chair reviews it: the review's sheet at the thumb, a status and remarks.
  await review.getByRole('button', { name: /Update Status of/ }).click();
  const sheet = chair.getByRole('dialog', { name: 'Update Status' });
  await sheet.getByRole('combobox', { name: 'Status' }).click();
  await chair.getByRole('option', { name: 'Proposal Accepted' }).click();
  await sheet.getByRole('textbox', { name: 'Remarks (optional)' }).fill('Seen on site; go ahead.');
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/review-sheet-390.png` });
  await sheet.getByRole('button', { name: 'Update Status' }).click();
  await expect(chair.getByText('Project status updated successfully!')).toBeVisible();
  await expect(review).toContainText('Proposal Accepted');
  await fitsThePhone(chair);
  // In Filipino: the review list and a proposal's history in the reader's language.
  await chair.getByRole('button', { name: 'Filipino' }).click();
  await expect(chair.getByRole('heading', { level: 1 })).not.toHaveText('Project Review');
  await review.getByRole('button').first().click();
  await expect(chair.getByRole('dialog')).toBeVisible();
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/review-sheet-fil-390.png` });
  await chair.keyboard.press('Escape');
  await expect(chair.getByRole('dialog')).toHaveCount(0);
  await reviewShot(chair, { path: `${SHOTS}/review-fil-390.png`, fullPage: true });
  await chair.getByRole('button', { name: 'English' }).click();
  // The same page at 1366 px keeps its table.
  await chair.setViewportSize({ width: 1366, height: 850 });
  await expect(chair.getByRole('row').filter({ hasText: title })).toContainText(
    'Proposal Accepted',
  );
  await reviewShot(chair, { path: `${SHOTS}/review-1366.png` });
  await chair.context().close();
});

test("the chair's tracker, youth registry and plans fit a phone", async ({ browser }) => {
  const chair = await phone(browser);
  // What a phone downloads in JavaScript from the landing page to the signed-in dashboard.
  let scriptBytes = 0;
  chair.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      void response
        .request()
        .sizes()
        .then((sizes) => {
          scriptBytes += sizes.responseBodySize;
        });
    }
  });
  await signIn(chair, 'chair');
  await chair.waitForLoadState('networkidle');
  console.log(
    `Phone: landing, sign-in and dashboard: ${(scriptBytes / 1024).toFixed(1)} KB of JavaScript`,
  );
  for (const [link, heading] of [
    ['Project Tracker', /Project Tracker/],
    ['Youth Registry', /Katipunan ng Kabataan|Youth/],
    ['Budget Planning', /Budget Planning/],
  ] as const) {
    await openFromMenu(chair, link);
    await expect(chair.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await chair.waitForLoadState('networkidle');
    await fitsThePhone(chair);
    expect(await seriousViolations(chair)).toEqual([]);
    await reviewShot(chair, {
      path: `${SHOTS}/${link.toLowerCase().replaceAll(' ', '-')}-390.png`,
      fullPage: true,
    });
  }
  // A plan's own page on a phone: its status, approval and posting; the grid needs a wide screen.
  await chair.getByRole('link', { name: /plan$/ }).first().click();
  await expect(chair).toHaveURL(/\/budget-planning\/\d+$/);
  await expect(chair.getByRole('heading', { name: 'Status' })).toBeVisible();
  await expect(chair.getByText(/edited on a wide screen/)).toBeVisible();
  await chair.context().close();
});
