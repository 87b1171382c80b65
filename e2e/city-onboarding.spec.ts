import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { logout, signInToCity, submitLogin } from './helpers.ts';
import { capturedFromMailsTo } from './outbox.ts';
import { reviewShot } from './review-shots.ts';

// Quezon City's administrator stops serving a barangay the demo has no accounts
// for (Payatas), serves it again, creates its first administrator, who opens the e-mailed link,
// sets a password and signs in to Payatas.
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'test-results/city-screenshots';
const BARANGAY = 'Payatas';
const USERNAME = 'payatas.admin';
const EMAIL = 'payatas.admin.e2e@gmail.com';
const NEW_PASSWORD = 'Payatas#2026';

test('qc.admin onboards Payatas; its new administrator sets a password and signs in', async ({
  page,
}) => {
  await signInToCity(page, 'qc.admin');
  await expect(
    page.getByRole('heading', { name: 'Barangays of Quezon City', level: 1 }),
  ).toBeVisible();

  await page.getByLabel('Search by name or district').fill(BARANGAY);
  const table = page.getByRole('table', { name: "The city's barangays" });
  const row = table.locator('tr[data-testid^="city-barangay-"]', {
    has: page.getByText(BARANGAY, { exact: true }),
  });
  await expect(row).toHaveCount(1);
  const code = ((await row.getAttribute('data-testid')) ?? '').replace('city-barangay-', '');
  expect(code).not.toBe('');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Not yet');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/city-home-1366.png` });

  // Stop serving it, then serve it again.
  await row.getByRole('button', { name: `Deactivate ${BARANGAY}` }).click();
  await expect(page.getByText(`${BARANGAY} is no longer served`)).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(
    row.getByRole('button', { name: `Create the administrator of ${BARANGAY}` }),
  ).toHaveCount(0);
  await row.getByRole('button', { name: `Activate ${BARANGAY}` }).click();
  await expect(page.getByText(`${BARANGAY} is served again`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Deactivate ${BARANGAY}` })).toBeVisible();

  // Its first administrator.
  await row.getByRole('button', { name: `Create the administrator of ${BARANGAY}` }).click();
  const dialog = page.getByRole('dialog', { name: `First administrator of ${BARANGAY}` });
  await dialog.getByLabel('Full name').fill('Lorna Villanueva');
  await dialog.getByLabel('Username').fill(USERNAME);
  await dialog.getByLabel('Email address').fill(EMAIL);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create and send the link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${USERNAME} was created`)).toBeVisible();
  await expect(row).toContainText('Yes');
  await expect(row.getByRole('button', { name: /Create the administrator/ })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, { path: `${SHOTS}/city-home-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
  await logout(page);

  // The e-mailed link.
  await expect
    .poll(async () => (await capturedFromMailsTo(EMAIL, /\/city\?token=(\S+)/)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const [token] = await capturedFromMailsTo(EMAIL, /\/city\?token=(\S+)/);
  await page.goto(`/city?token=${token ?? ''}`);
  await expect(page.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
  await expect(page.getByTestId('set-password-for')).toHaveText(
    `You are setting the password of ${USERNAME}, an account of Barangay ${BARANGAY}.`,
  );
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Payatas#2027');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/set-password-1366.png` });
  await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Its sign-in comes filled in: the barangay by its code, and the username.
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?barangay=${code}&username=${USERNAME}`,
  );

  // The link works once: opened again, it says so before any form.
  await page.goto(`/city?token=${token ?? ''}`);
  await expect(page.getByRole('alert')).toContainText('This link was used already');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

  // The new administrator signs in to Payatas.
  await page.goto(`/login?barangay=${code}`);
  await expect(page.getByText(`Logging in to: ${BARANGAY}`)).toBeVisible();
  await submitLogin(page, USERNAME, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
