import { expect, test } from './fixtures.ts';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  loginAs,
  loginThroughUi,
  logout,
  openLoginModal,
  submitLogin,
} from './helpers.ts';

test.describe('post-login routing', () => {
  for (const [index, user] of Object.values(DEMO_USERS).entries()) {
    test(`${user.username} (${user.position}) lands on ${user.home}`, async ({ page }) => {
      // Where a user lands does not depend on how they reached the form: the first comes through
      // the landing page and the barangay picker, the others open /login with their barangay.
      await loginAs(page, user.username, { direct: index > 0 });
      if (user.home === '/admin/dashboard') {
        await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Database Backup' })).toBeVisible();
      } else {
        await expect(
          page.getByRole('heading', { name: 'Welcome to SK Tanaw Dashboard' }),
        ).toBeVisible();
      }
      await expect(page.getByTestId('sidebar-identity')).toContainText(user.position);
    });
  }
});

test('the user area sidebar has thirteen links with the active one highlighted', async ({
  page,
}) => {
  await loginAs(page, 'sb.official', { direct: true });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Projects',
    'Predictive Project Analysis',
    'Budget Forecasting',
    'Youth Plan (CBYDP)',
    'Budget Planning',
    'Project Tracker',
    'Procurement',
    'Vouchers',
    'Cash Book',
    'Youth Registry',
    'Council Duties',
    'Turnover',
  ]);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await sidebar.getByRole('link', { name: 'Budget Forecasting' }).click();
  await expect(page).toHaveURL(/\/forecast$/);
  await expect(sidebar.getByRole('link', { name: 'Budget Forecasting' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await loginThroughUi(page, 'sb.official', 'Wrong#Pass1', 'San Bartolome');
  // As a toast, and inside the dialog, where screen readers can reach it.
  await expect(page.locator('.Toastify')).toContainText('Invalid username, password, or barangay.');
  await expect(page.getByTestId('login-error')).toHaveText(
    'Invalid username, password, or barangay.',
  );
  await expect(page).toHaveURL(/\/login/);
});

test('toasts sit top-right and Alt+T focuses them', async ({ page }) => {
  await loginAs(page, 'sb.chair', { direct: true });
  const toast = page.getByRole('alert').filter({ hasText: 'Login successful.' });
  // The pointer on the toast pauses its 5 s auto-close (the toaster pauses on hover), so it is
  // still there for Alt+T however slow the machine is.
  await toast.hover();
  const box = await toast.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box && box.y < 120 && box.x + box.width > width - 80).toBe(true);
  await page.keyboard.press('Alt+KeyT');
  await expect(toast).toBeFocused();
});

for (const [width, control] of [
  [390, 'Open the menu'],
  [1366, 'Filipino'],
] as const) {
  test(`at ${String(width)} px a toast opens below the header, whose controls stay within reach`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await loginAs(page, 'sb.chair', { direct: true });
    const toast = page.getByRole('alert').filter({ hasText: 'Login successful.' });
    await expect(toast).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box && box.y >= header.y + header.height - 1).toBe(true);
    // A trial click checks that the control itself would take the click (nothing over it),
    // while the 5 s toast still shows.
    await page.getByRole('button', { name: control }).click({ trial: true, timeout: 2_000 });
    await expect(toast).toBeVisible();
  });
}

test('empty fields show the required messages', async ({ page }) => {
  await openLoginModal(page, 'Nagkaisang Nayon');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('/login opened directly asks for the barangay', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, '  sb.chair  ', DEMO_PASSWORD);
  await expect(page.getByText('Barangay is required')).toBeVisible();
  // 142 barangays: the field is a search; the request names "San Bartolome, Quezon City".
  await page.getByRole('combobox', { name: 'Barangay' }).fill('bartol');
  await page.getByRole('option', { name: 'San Bartolome' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The username was trimmed before sending.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sb.new must change its default credentials, then logs in again', async ({ page }) => {
  await loginThroughUi(page, 'sb.new', DEMO_PASSWORD, 'San Bartolome');
  const dialog = page.getByRole('dialog', { name: 'Change Default Credentials' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Please change your default credentials to continue.'),
  ).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Change Credentials' });
  await expect(submit).toBeDisabled();

  await dialog.getByLabel('New Username').fill('sb.newcomer');
  const password = dialog.getByLabel('New Password', { exact: true });
  await password.fill('Fresh#Start2026xyz');
  // Input beyond 16 characters is ignored.
  await expect(password).toHaveValue('Fresh#Start2026x');
  await password.fill('Fresh#Start26');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Fresh#Start26');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(
    page.getByText('Credentials successfully changed. Please log in again.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login/);

  await submitLogin(page, 'sb.newcomer', 'Fresh#Start26');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-identity')).toContainText('SKO');
});

test('an SKO opening /admin/dashboard is sent to /dashboard', async ({ page }) => {
  await loginAs(page, 'nn.official', { direct: true });
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome to SK Tanaw Dashboard' })).toBeVisible();
});

test('unknown paths redirect by role', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/home$/);
  await loginAs(page, 'nn.admin', { direct: true });
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('anonymous visitors of the user area are sent to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('logout returns to the site root, which shows the landing page', async ({ page }) => {
  await loginAs(page, 'sb.chair', { direct: true });
  const rootVisit = page.waitForRequest((request) => new URL(request.url()).pathname === '/');
  await logout(page);
  await rootVisit;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('see ahead');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin dashboard shows real figures and quick actions', async ({ page }) => {
  await loginAs(page, 'sb.admin', { direct: true });
  const cards = page.getByTestId('admin-cards');
  await expect(cards).toContainText('Projects by status');
  await expect(cards).toContainText('Reviews pending');
  await expect(cards).toContainText('Sign-ins today');
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('sb.admin');
  await page.getByRole('link', { name: 'System Backup' }).click();
  await expect(page).toHaveURL(/\/admin\/backup$/);
  await expect(page.getByRole('heading', { name: 'Database Backup' })).toBeVisible();
});

test('the unauthorized page', async ({ page }) => {
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});
