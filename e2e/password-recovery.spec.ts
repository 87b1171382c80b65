import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { seriousViolations } from './axe.ts';
import { loginThroughUi } from './helpers.ts';
import { capturedFromMailsTo, dataDir } from './outbox.ts';

/**
 * An account of the journey's own in San Bartolome, so resetting its password (which ends its
 * sessions) never disturbs journeys that sign in with the demo accounts in parallel. There is no
 * account-creation API in this part yet, so the fixture writes the row into the server's SQLite
 * database; its password hash is unusable, as the journey only ever uses the recovered one.
 */
function createAccount(username: string, email: string): void {
  const db = new SQLite(join(dataDir(), 'tanaw.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const barangay = db.prepare('select id from barangays where code = ?').get('SB') as
      | { id: number }
      | undefined;
    if (!barangay) {
      throw new Error('barangay SB is not seeded');
    }
    const stamp = new Date().toISOString();
    db.prepare(
      `insert into users (barangay_id, username, username_key, password_hash, full_name, position,
         email, phone, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      barangay.id,
      username,
      username.toLowerCase(),
      '!unusable',
      'Rica Mallari',
      'SKO',
      email,
      '09170000099',
      stamp,
      stamp,
    );
  } finally {
    db.close();
  }
}

/** Codes e-mailed to `email`, oldest first, read out of the server's outbox. */
function codesSentTo(email: string): Promise<string[]> {
  return capturedFromMailsTo(email, /verification code is:\s*(\d{6})\b/);
}

async function waitForCode(email: string, count: number): Promise<string> {
  await expect
    .poll(async () => (await codesSentTo(email)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  const codes = await codesSentTo(email);
  const code = codes[codes.length - 1];
  if (!code) {
    throw new Error(`no code e-mailed to ${email}`);
  }
  return code;
}

// Many steps, two argon2 hashes and axe scans: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

const digit = (page: Page, n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` });

test('recovers a password with the e-mailed code and logs in with the new one', async ({
  page,
  context,
}) => {
  const username = 'rica.recovery';
  const email = 'rica.recovery@example.test';
  const newPassword = 'Recover3d!pw';
  createAccount(username, email);

  // From the login modal's link, like a person who forgot the password.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Password Recovery' })).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your username')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  await expect(page.getByTestId('otp-countdown')).toHaveText(/^(1:00|0:5\d)$/);
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  const code = await waitForCode(email, 1);

  // A wrong code typed box by box is refused...
  const wrong = code === '000000' ? '111111' : '000000';
  await digit(page, 1).click();
  await page.keyboard.type(wrong);
  await expect(digit(page, 6)).toHaveValue(wrong.charAt(5));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();

  // ...and the right one, pasted from the clipboard, fills every box and passes.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await digit(page, 1).click();
  await page.keyboard.press('ControlOrMeta+V');
  for (let n = 1; n <= 6; n++) {
    await expect(digit(page, n)).toHaveValue(code.charAt(n - 1));
  }
  await page.getByRole('button', { name: 'Verify Code' }).click();

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await expect(
    page.getByRole('list', { name: 'Password requirements' }).locator('[data-met="false"]'),
  ).toHaveCount(0);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();

  await expect(page.getByText('Password Reset Successful!')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughUi(page, username, newPassword, 'San Bartolome');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the username and code steps have no serious or critical accessibility violation', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Password Recovery' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // An unknown username gets the same answer as a real one, so the code step opens.
  await page.getByLabel('Username').fill('nobody.at.all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
