import { fileURLToPath } from 'node:url';
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Page,
} from '@playwright/test';
import { manilaYear } from '@sk-tanaw/contract';
import { seriousViolations } from './axe.ts';
import { submitLogin } from './helpers.ts';
import { ownServer } from './own-server.ts';
import { reviewShot } from './review-shots.ts';

// The first real city, from an empty installation (no demo data), as its people meet it: the
// operator imports City of Naga with the CLI and makes its city administrator with flags and a
// piped password; the city administrator signs in from the landing page's city offices, makes a
// budget officer and onboards Peñafrancia (PSGC 0501724024); its administrator makes the council's
// chairperson, who posts the budget and submits it to the city; the budget officer decides it;
// the public opens the board and the youth form by the numeric code on a phone; the city
// administrator downloads a backup. axe on every page; screenshots in test-results/real-city.

test.describe.configure({ timeout: 300_000 });

const SHOTS = 'test-results/real-city';
const CODE = '0501724024';
const NAME = 'Peñafrancia';
const CA = { username: 'naga.admin', password: 'Kalayaan#2026' };
const CBO = {
  username: 'naga.budget',
  email: 'budget.office@naga.gov.ph',
  password: 'Badyet#2026',
};
const MA = { username: 'pena.admin', email: 'pena.sk@naga.gov.ph', password: 'Penafrancia#1' };
const CHAIR = { username: 'pena.chair', email: 'pena.chair.e2e@gmail.com', name: 'Liza Obias' };
const CHAIR_LATER = { username: 'liza.obias', password: 'Tagapangulo#26' };
const RESOLUTION_PDF = fileURLToPath(
  new URL('./fixtures/youth-coding-bootcamp.pdf', import.meta.url),
);
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const server = ownServer(2, { SEED_DEMO: 'false', ACCOUNT_EMAIL_DOMAINS: 'naga.gov.ph' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server.cli('barangays', ['import', '--city', 'City of Naga', '--province', 'Camarines Sur']);
  server.cli('barangays', ['add-city', '--city', 'City of Naga', '--province', 'Camarines Sur']);
  server.cli(
    'create-admin',
    [
      '--barangay=Naga City',
      '--position=CA',
      `--username=${CA.username}`,
      '--full-name=Ana Cruz',
      '--email=ana.cruz@naga.gov.ph',
      '--phone=09171234567',
      '--language=en',
    ],
    `${CA.password}\n`,
  );
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
  });
  return context.newPage();
}

async function clean(page: Page, shot: string) {
  expect(await seriousViolations(page), shot).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/${shot}.png` });
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The set-password page of an e-mailed link, then the pre-filled sign-in. */
async function setPassword(page: Page, email: string, password: string) {
  await expect
    .poll(() => server.mailTo(email, /\/city\?token=(\S+)/), { timeout: 15_000 })
    .not.toBeNull();
  const token = (await server.mailTo(email, /\/city\?token=(\S+)/)) ?? '';
  await page.goto(`/city?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a real city from an empty installation: staff, a council, its budget reviewed, the public, a backup', async ({
  browser,
}) => {
  const year = manilaYear(new Date()) + 1;
  const page = await desktop(browser);

  // --- The city administrator, from the landing page's city offices. ---
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select Your Barangay' });
  await expect(picker).toBeVisible();
  await expect(picker).not.toContainText('San Bartolome');
  // The name people use finds the city's office, first in the list.
  await picker.getByRole('combobox').fill('Naga City');
  await page.getByRole('option', { name: /City of Naga.*City office/ }).click();
  await submitLogin(page, CA.username, CA.password);
  await expect(page).toHaveURL(/\/city$/);
  await clean(page, 'city-home');

  // A budget officer on the city's own domain.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: 'New account' }).click();
  const account = page.getByRole('dialog', { name: 'New account of the city' });
  await account.getByLabel('Full name').fill('Ramon Dela Cruz');
  await account.getByLabel('Username').fill(CBO.username);
  await account.getByLabel('Email address').fill(CBO.email);
  await account.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Budget Officer (CBO)' }).click();
  await account.getByRole('button', { name: 'Create and send the link' }).click();
  await expect(account).toBeHidden();
  await expect(page.getByText(`${CBO.username} was created`)).toBeVisible();
  await clean(page, 'city-accounts');

  // Peñafrancia's first administrator.
  await page.getByRole('link', { name: 'City barangays' }).click();
  await page.getByLabel('Search by name or district').fill(NAME);
  await page.getByRole('button', { name: `Create the administrator of ${NAME}` }).click();
  const first = page.getByRole('dialog', { name: `First administrator of ${NAME}` });
  await first.getByLabel('Full name').fill('Lorna Villanueva');
  await first.getByLabel('Username').fill(MA.username);
  await first.getByLabel('Email address').fill(MA.email);
  await first.getByRole('button', { name: 'Create and send the link' }).click();
  await expect(first).toBeHidden();
  await expect(page.getByText(`${MA.username} was created`)).toBeVisible();
  await logout(page);

  // --- The barangay administrator sets a password and makes the chairperson. ---
  await setPassword(page, MA.email, MA.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/account-creation');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = page.getByRole('dialog', { name: 'Create Account' });
  await form.getByLabel('Username').fill(CHAIR.username);
  await form.getByLabel('Full Name').fill(CHAIR.name);
  await form.getByLabel('Phone Number').fill('09181234567');
  await form.getByLabel('Email Address').fill(CHAIR.email);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Account Creation' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(
    page.getByText(
      'Account created successfully! An email has been sent with the account details.',
    ),
  ).toBeVisible();
  await page.goto('/admin/roles');
  const roleRow = page.getByRole('row').filter({ hasText: CHAIR.name });
  await roleRow.getByRole('button', { name: `Add Role for ${CHAIR.name}` }).click();
  const roleDialog = page.getByRole('dialog', { name: /Add Role/ });
  await roleDialog.getByRole('radio', { name: /^SKC/ }).check();
  await roleDialog.getByRole('button', { name: 'Assign Role' }).click();
  await expect(roleRow).toContainText('SKC');
  await clean(page, 'barangay-roles');
  await logout(page);

  // --- The chairperson: first sign-in with the e-mailed password, new credentials. ---
  await expect
    .poll(() => server.mailTo(CHAIR.email, /Initial password: (\S+)/), { timeout: 15_000 })
    .not.toBeNull();
  const initial = (await server.mailTo(CHAIR.email, /Initial password: (\S+)/)) ?? '';
  await page.goto(`/login?barangay=${CODE}`);
  await expect(page.getByText(`Logging in to: ${NAME}`)).toBeVisible();
  await submitLogin(page, CHAIR.username, initial);
  const change = page.getByRole('dialog', { name: 'Change Default Credentials' });
  await change.getByLabel('New Username').fill(CHAIR_LATER.username);
  await change.getByLabel('New Password', { exact: true }).fill(CHAIR_LATER.password);
  await change.getByLabel('Confirm Password', { exact: true }).fill(CHAIR_LATER.password);
  await change.getByRole('button', { name: 'Change Credentials' }).click();
  await expect(
    page.getByText('Credentials successfully changed. Please log in again.'),
  ).toBeVisible();
  await expect(change).toBeHidden();

  // The budget's content through the API the editor calls (the editor has journeys of its own).
  const api = await playwrightRequest.newContext({ baseURL: server.base });
  const signIn = await api.post('/api/login', {
    data: { username: CHAIR_LATER.username, password: CHAIR_LATER.password, barangay: CODE },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await api.post('/api/budget-plans', {
    headers,
    data: {
      year,
      prefill: { previousPlan: false, acceptedProposals: false, forecast: false, cbydp: false },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const plan = ((await created.json()) as { plan: { id: number; version: number } }).plan;
  const saved = await api.put(`/api/budget-plans/${String(plan.id)}`, {
    headers,
    data: {
      version: plan.version,
      receipts: {
        tenPercentShare: 100_000,
        certifiedOn: `${String(year - 1)}-09-10`,
        certifiedBy: 'Rosario M. Aquino',
        noticeOn: `${String(year - 1)}-09-12`,
        noticeBy: 'Edgardo L. Manalo',
        otherReceipts: [],
      },
      lines: [
        {
          program: 'GAP',
          ppa: 'Mandatory training of SK officials',
          mooe: 10_000,
          training: true,
          responsible: 'SK Chairperson',
        },
        { program: 'YDEP', centre: 'Health', ppa: 'Health caravan', mooe: 40_000 },
        { program: 'YDEP', centre: 'Education', ppa: 'Reading hub', mooe: 20_000 },
      ],
      honoraria: [
        { position: 'chairperson', name: CHAIR.name, monthlyRate: 1_000, months: 0 },
        { position: 'secretary', name: 'Kristine Ramos', monthlyRate: 500, months: 12 },
        { position: 'treasurer', name: 'Paolo Cruz', monthlyRate: 500, months: 12 },
        { position: 'member', name: 'Angelica Reyes', monthlyRate: 1_000, months: 12 },
        ...Array.from({ length: 6 }, () => ({
          position: 'member',
          monthlyRate: 0,
          months: 12,
          vacant: true,
        })),
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const approved = await api.post(`/api/budget-plans/${String(plan.id)}/approve`, {
    headers,
    data: { resolutionNumber: `SK-${String(year)}-001`, approvedOn: today() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const posted = await api.post(`/api/budget-plans/${String(plan.id)}/post`, { headers });
  expect(posted.status(), await posted.text()).toBe(200);
  await api.dispose();

  // The chairperson submits it to the city, with the signed resolution.
  await submitLogin(page, CHAIR_LATER.username, CHAIR_LATER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/budget-planning');
  await page.getByRole('link', { name: `${String(year)} plan`, exact: true }).click();
  const panel = page.getByRole('region', { name: 'City review of the budget' });
  await panel.locator('input[type="file"]').setInputFiles(RESOLUTION_PDF);
  await panel.getByRole('button', { name: 'Submit to the city' }).click();
  await expect(panel.getByTestId('review-state')).toHaveText('Submitted to the city');
  await clean(page, 'chair-submitted');
  await logout(page);

  // --- The budget officer sets a password by the link and decides. ---
  await setPassword(page, CBO.email, CBO.password);
  await expect(page).toHaveURL(/\/city$/);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Budget reviews' })
    .click();
  await page.getByRole('link', { name: NAME }).first().click();
  await expect(
    page.getByRole('heading', { name: `SK budget ${String(year)} of ${NAME}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start the review' }).click();
  await expect(page.getByTestId('review-state')).toHaveText('Under review');
  await page.getByRole('button', { name: 'Decide', exact: true }).click();
  const decide = page.getByRole('dialog', { name: 'Decide the review' });
  await decide.getByLabel('Sanggunian resolution number').fill('SP-2026-044');
  await decide.getByLabel('Resolution date').fill(today());
  await decide.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByTestId('review-state')).toContainText('Reviewed');
  await clean(page, 'budget-officer-decided');
  await logout(page);
  await page.context().close();

  // --- The public, on a phone, by the barangay's numeric code. ---
  const phoneContext = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`/disclosure/${CODE}`);
  await expect(phone.getByRole('heading', { name: `Barangay ${NAME}`, level: 1 })).toBeVisible();
  await expect(
    phone.getByRole('region', { name: `Annual Barangay Youth Investment Program ${String(year)}` }),
  ).toBeVisible();
  await clean(phone, 'board-phone');
  await phone.goto(`/kk/${CODE}`);
  await expect(
    phone.getByRole('heading', { name: `Katipunan ng Kabataan profiling: ${NAME}`, level: 1 }),
  ).toBeVisible();
  await clean(phone, 'youth-form-phone');
  await phoneContext.close();

  // --- The city administrator of this one-city installation backs up from the web. ---
  const admin = await desktop(browser);
  await admin.goto(`/login?city=${encodeURIComponent('Naga City')}`);
  await submitLogin(admin, CA.username, CA.password);
  await expect(admin).toHaveURL(/\/city$/);
  await admin
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Database Backup' })
    .click();
  await admin.getByRole('button', { name: 'Create Backup' }).click();
  await expect(admin.getByRole('status')).toContainText('Backup created successfully.');
  const row = admin
    .getByRole('table', { name: 'Stored backups' })
    .getByRole('row')
    .filter({ hasText: 'Manual' })
    .first();
  const download = admin.waitForEvent('download');
  await row.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.(zip|gz|tar|json|sqlite|bak)/);
  await clean(admin, 'city-backup');
  await admin.context().close();
});
