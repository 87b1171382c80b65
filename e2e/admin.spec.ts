import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { loginAs, loginThroughUi, submitLogin } from './helpers.ts';
import { capturedFromMailsTo } from './outbox.ts';

/** The initial password last e-mailed to `email`, read out of the server's outbox. */
async function initialPasswordFor(email: string): Promise<string | null> {
  return (await capturedFromMailsTo(email, /Initial password: (\S+)/)).at(-1) ?? null;
}

/** Today's date in Manila as YYYY-MM-DD, the way the date pickers take it. */
function manilaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function flash(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

// A long journey with several argon2 hashes: room for a busy machine.
test.describe.configure({ timeout: 150_000 });

test('an administrator creates an account, assigns SKO, archives and restores a project and the account, and filters the session log', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const username = `e2e.member.${suffix}`;
  const fullName = `Jomar Dizon ${suffix}`;
  const email = `e2e.member.${suffix}@gmail.com`;

  // Account Creation: the Create button waits for a valid e-mail; then a confirm dialog.
  await loginAs(page, 'sb.admin', { direct: true });
  await page.goto('/admin/account-creation');
  await expect(page.getByRole('heading', { name: 'Account Creation' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = page.getByRole('dialog', { name: 'Create Account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Full Name').fill(fullName);
  await form.getByLabel('Phone Number').fill('09171234567');
  const create = form.getByRole('button', { name: 'Create', exact: true });
  await form.getByLabel('Email Address').fill(`e2e.member.${suffix}@hotmail.com`);
  await expect(create).toBeDisabled();
  await form.getByLabel('Email Address').blur();
  await expect(
    form.getByText(
      'Invalid email domain. Only @gmail.com, @outlook.com, and @yahoo.com are allowed.',
    ),
  ).toBeVisible();
  await form.getByLabel('Email Address').fill(email);
  await expect(create).toBeEnabled();
  await create.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Account Creation' });
  await expect(confirm).toContainText(username);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await flash(
    page,
    'Account created successfully! An email has been sent with the account details.',
  );
  const accountRow = page.getByRole('row').filter({ hasText: username });
  await expect(accountRow).toContainText('Inactive');

  // User Role Management: the new account has no role until SKO is assigned.
  await page.goto('/admin/roles');
  const roleRow = page.getByRole('row').filter({ hasText: fullName });
  await expect(roleRow).toContainText('Not Assigned');
  await roleRow.getByRole('button', { name: `Add Role for ${fullName}` }).click();
  const roleDialog = page.getByRole('dialog', { name: /Add Role/ });
  await roleDialog.getByRole('radio', { name: /^SKO/ }).check();
  await roleDialog.getByRole('button', { name: 'Assign Role' }).click();
  await flash(page, 'Role successfully assigned.');
  await expect(roleRow).toContainText('SKO');

  // The new user signs in with the e-mailed password and must change the credentials.
  await expect.poll(() => initialPasswordFor(email), { timeout: 15_000 }).not.toBeNull();
  const initial = (await initialPasswordFor(email)) ?? '';
  expect(initial.startsWith(`${username}#`)).toBe(true);
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await loginThroughUi(memberPage, username, initial, 'San Bartolome');
  const change = memberPage.getByRole('dialog', { name: 'Change Default Credentials' });
  await expect(change).toBeVisible();
  const newUsername = `e2e.m.${suffix}`;
  const newPassword = 'Sariling#Pw9';
  await change.getByLabel('New Username').fill(newUsername);
  await change.getByLabel('New Password', { exact: true }).fill(newPassword);
  await change.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await change.getByRole('button', { name: 'Change Credentials' }).click();
  await expect(memberPage).toHaveURL(/\/login/);
  await submitLogin(memberPage, newUsername, newPassword);
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await expect(memberPage.getByTestId('sidebar-identity')).toContainText('SKO');
  await member.close();

  // The new official proposes a project (through the API, as the projects journey covers the UI).
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post('/api/login', {
    data: { username: newUsername, password: newPassword, barangay: 'San Bartolome' },
  });
  expect(signIn.status()).toBe(200);
  const { token, user } = (await signIn.json()) as { token: string; user: { userId: number } };
  const title = `Youth Chess Clinic ${suffix}`;
  const submitted = await api.post('/api/projects/submit', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      description: 'Weekend chess lessons for the youth',
      userId: String(user.userId),
      projectFile: {
        name: 'chess-clinic.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(join(import.meta.dirname, 'fixtures', 'youth-coding-bootcamp.pdf')),
      },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // Project List: view the PDF, archive it; Archive Management: restore it.
  await page.goto('/admin/projects');
  const projectRow = page.getByRole('row').filter({ hasText: title });
  await expect(projectRow).toContainText('Pending Review');
  await projectRow.getByRole('button', { name: 'View chess-clinic.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'chess-clinic.pdf' });
  await expect(viewer.getByRole('img', { name: /Page 1 of/ })).toBeVisible({ timeout: 15_000 });
  await viewer.getByRole('button', { name: 'Close' }).click();
  await projectRow.getByRole('button', { name: /^Archive / }).click();
  await page
    .getByRole('dialog', { name: 'Archive Project' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await flash(page, 'Project archived successfully.');
  await expect(projectRow).toHaveCount(0);

  await page.goto('/admin/archive');
  await page.getByRole('tab', { name: /Archived Projects/ }).click();
  const archivedProject = page.getByRole('row').filter({ hasText: title });
  await expect(archivedProject).toContainText('Pending Review');
  await archivedProject.getByRole('button', { name: /^Restore / }).click();
  await page
    .getByRole('dialog', { name: 'Restore Project' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await flash(page, 'Project restored successfully!');
  await expect(archivedProject).toHaveCount(0);
  await page.goto('/admin/projects');
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);

  // Archive the account: its sign-in is refused until it is restored.
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: `Archive ${fullName}` }).click();
  await page
    .getByRole('dialog', { name: 'Archive Account' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await flash(page, `User ${fullName} archived successfully.`);
  await expect(page.getByRole('row').filter({ hasText: fullName })).toHaveCount(0);
  const refused = await api.post('/api/login', {
    data: { username: newUsername, password: newPassword, barangay: 'San Bartolome' },
  });
  expect(refused.status()).toBe(401);
  await page.goto('/admin/archive');
  const archivedAccount = page.getByRole('row').filter({ hasText: fullName });
  await expect(archivedAccount).toContainText('Andrea Villanueva');
  await archivedAccount.getByRole('button', { name: `Restore ${fullName}` }).click();
  await page
    .getByRole('dialog', { name: 'Restore Account' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await flash(page, 'Account restored successfully!');
  const again = await api.post('/api/login', {
    data: { username: newUsername, password: newPassword, barangay: 'San Bartolome' },
  });
  expect(again.status()).toBe(200);
  await api.dispose();

  // Session Logs: today's sign-ins include the new member; an old range has none.
  await page.goto('/admin/sessions');
  const today = manilaToday();
  await page.getByLabel('Start Date').fill(today);
  await page.getByLabel('End Date').fill(today);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: newUsername }).first()).toBeVisible();
  await page.getByLabel('Start Date').fill('2020-01-01');
  await page.getByLabel('End Date').fill('2020-01-31');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No session logs found.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'sb.admin' }).first()).toBeVisible();

  // The audit trail shows the role change with readable old and new values.
  await page.goto('/admin/audit-trail');
  const roleEntry = page.getByRole('row').filter({ hasText: `changed the role of ${username}` });
  await expect(roleEntry).toContainText('Role: Not Assigned');
  await expect(roleEntry).toContainText('Role: SKO (SK Official)');
});
