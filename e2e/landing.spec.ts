import { expect, test } from './fixtures.ts';
import { revealWholePage } from './helpers.ts';

test('the landing page has its navigation, sections and contact details', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute(
    'href',
    '/project-list',
  );
  const highlights = page.getByRole('definition');
  await expect(highlights).toHaveText(['Barangays', 'Powered', 'Web-Based']);
  // The served count comes from the installation's data (the demo: Quezon City's barangays).
  const served = (await (await page.request.get('/api/site-info')).json()) as {
    barangayCount: number;
  };
  expect(served.barangayCount).toBeGreaterThan(2);
  await expect(page.getByRole('term')).toHaveText([String(served.barangayCount), 'AI', '100%']);
  // The demo keeps the spec's texts.
  await expect(page.getByText('SANGGUNIANG KABATAAN · DISTRICT 5')).toBeVisible();
  await expect(page.locator('.particle')).toHaveCount(50);

  // Reduced motion (the run's setting) shows every section at once.
  await expect(page.getByRole('heading', { name: 'About SK Tanaw' })).toBeVisible();
  await expect(page.getByTestId('feature-card')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Token-Based Security' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The people behind the product' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get In Touch' })).toBeVisible();
  // Contact details come from the server's configuration (/api/site-info).
  const site = (await (await page.request.get('/api/site-info')).json()) as {
    contact: { email: string };
  };
  await expect(page.getByRole('link', { name: site.contact.email })).toBeVisible();
});

test('sections are revealed as they scroll into view', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/home');
  const about = page.locator('[data-revealed]').first();
  await expect(about).toHaveAttribute('data-revealed', 'false');
  await revealWholePage(page);
  await expect(about).toHaveAttribute('data-revealed', 'true');
});

test('the barangay picker searches the barangays and offers password recovery', async ({
  page,
}) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Your Barangay' });
  // More than four barangays (Quezon City's 142): a search, each option with city and district.
  await picker.getByRole('combobox', { name: 'Search your barangay' }).fill('nagkaisang');
  await expect(page.getByRole('option')).toHaveText(['Nagkaisang NayonQuezon City · District 5']);
  await picker.getByRole('combobox').fill('');
  // The emptied search may list barangays again over the link: leaving the field closes the
  // list (Escape would close the dialog itself when the list is already shut).
  await picker.getByRole('heading', { name: 'Select Your Barangay' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await picker.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('below 1024 px: the phone landing page, and a note over the screens built for wide tables', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Your barangay' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toHaveCount(0);
  // Sign-in opens over the phone's landing page.
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/project-list');
  const note = page.getByRole('heading', { name: 'This screen needs a wider screen' });
  await expect(note).toBeVisible();
  await expect(page.getByText(/at least 1024 pixels wide/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
    'href',
    '/home',
  );
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(note).toBeHidden();
});
