import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { logout, signInToCity } from './helpers.ts';
import { capturedFromMailsTo } from './outbox.ts';
import { reviewShot } from './review-shots.ts';

// The city's own staff: Quezon City's administrator makes a budget officer on the Accounts
// screen, deactivates and activates it again; the new budget officer opens the e-mailed link,
// which says for whom it is, sets a password and signs in on a sign-in filled in for it.
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'test-results/city-screenshots';
const USERNAME = 'qc.budget.e2e';
const EMAIL = 'qc.budget.e2e@gmail.com';
const NEW_PASSWORD = 'Badyet#2026';

test('qc.admin makes a budget officer, who sets a password by the link and signs in', async ({
  page,
}) => {
  await signInToCity(page, 'qc.admin');
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/city\/accounts$/);
  await expect(page.getByRole('heading', { name: "The city's accounts", level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: "The city's accounts" });
  await expect(table.getByTestId('city-account-qc.budget')).toContainText('Budget Officer (CBO)');
  await expect(table.getByTestId('city-account-qc.budget')).toContainText('Active');
  // No button on one's own account.
  await expect(table.getByTestId('city-account-qc.admin')).toContainText('Your account');
  await expect(table.getByTestId('city-account-qc.admin').getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'New account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account of the city' });
  await dialog.getByLabel('Full name').fill('Rosario Dimaculangan');
  await dialog.getByLabel('Username').fill(USERNAME);
  await dialog.getByLabel('Email address').fill(EMAIL);
  // Without a position the server says what to choose, and the form keeps its values.
  await dialog.getByRole('button', { name: 'Create and send the link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Choose the position');
  await dialog.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Budget Officer (CBO)' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/city-account-dialog-1366.png` });
  await dialog.getByRole('button', { name: 'Create and send the link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${USERNAME} was created`)).toBeVisible();
  const row = table.getByTestId(`city-account-${USERNAME}`);
  await expect(row).toContainText('Link sent, no password yet');
  await expect(row).toContainText('Budget Officer (CBO)');

  // Deactivated (asked first), then active again.
  await row.getByRole('button', { name: `Deactivate ${USERNAME}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${USERNAME}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');
  await row.getByRole('button', { name: `Activate ${USERNAME} again` }).click();
  await expect(row).toContainText('Link sent, no password yet');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/city-accounts-1366.png` });
  await logout(page);

  // The e-mailed link says for whom it is.
  await expect
    .poll(async () => (await capturedFromMailsTo(EMAIL, /\/city\?token=(\S+)/)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const [token] = await capturedFromMailsTo(EMAIL, /\/city\?token=(\S+)/);
  await page.goto(`/city?token=${token ?? ''}`);
  await expect(page.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
  await expect(page.getByTestId('set-password-for')).toHaveText(
    `You are setting the password of ${USERNAME}, an account of Quezon City.`,
  );
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/set-password-city-1366.png` });
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();

  // The sign-in comes filled in with the city and the username.
  await page.getByRole('link', { name: 'Sign in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login.getByLabel('Username')).toHaveValue(USERNAME);
  await login.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/city$/);
  await expect(page.getByRole('link', { name: 'Budget reviews' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);

  // A wrong link is refused before any form, naming no account.
  await logout(page);
  await page.goto('/city?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toContainText('This link is not valid.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});
