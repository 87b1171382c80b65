import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { reviewShot } from './review-shots.ts';

// A real city on an installation without demo data: the public board and the public youth form
// of a barangay imported from the PSGC registry open by its ten-digit code on a phone. This
// file starts its own server (SEED_DEMO=false, City of Naga imported with the CLI); the run's
// shared server has the demo data.

const SHOTS = 'test-results/psgc-screenshots';
const CODE = '0501724024';
const NAME = 'Peñafrancia';
const CA = 'naga.admin';
const PASSWORD = 'Kalayaan#2026';
const port = Number(process.env.E2E_PORT ?? '20000') + 1;
const base = `http://127.0.0.1:${String(port)}`;

let dataDir = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'sk-tanaw-e2e-psgc-'));
  const webRoot = join(dataDir, 'web');
  // The run's private copy of the build (playwright.config.ts), which a rebuild cannot touch.
  const build = join(process.env.SK_E2E_DATA_DIR ?? '', 'web');
  if (!existsSync(join(build, 'index.html'))) {
    throw new Error(`No build at ${build}: run through playwright.config.ts after npm run build`);
  }
  cpSync(build, webRoot, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const imported = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/scripts/barangays.ts',
      'import',
      '--city',
      'City of Naga',
      '--province',
      'Camarines Sur',
    ],
    { env, encoding: 'utf8' },
  );
  expect(imported.status, imported.stderr).toBe(0);
  const cli = (script: string, args: string[], input = '') =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/scripts/${script}.ts`, ...args],
      {
        env,
        input,
        encoding: 'utf8',
      },
    );
  const city = cli('barangays', [
    'add-city',
    '--city',
    'City of Naga',
    '--province',
    'Camarines Sur',
  ]);
  expect(city.status, city.stderr).toBe(0);
  // The city administrator, as a script makes it: flags, and the password piped in.
  const admin = cli(
    'create-admin',
    [
      '--barangay=City of Naga',
      '--position=CA',
      `--username=${CA}`,
      '--full-name=Ana Cruz',
      '--email=ana.cruz@gmail.com',
      '--phone=09171234567',
      '--language=en',
    ],
    `${PASSWORD}\n`,
  );
  expect(admin.status, admin.stderr).toBe(0);
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error('the server without demo data did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

test('the public board opens by the numeric PSGC code on a phone', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`/disclosure/${CODE}`);
  await expect(page.getByRole('heading', { name: `Barangay ${NAME}`, level: 1 })).toBeVisible();
  await expect(page.getByText(/must be letters/)).toHaveCount(0);
  await expect(page.getByText(/not found/i)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/disclosure-phone.png`, fullPage: true });
  await page.context().close();
});

test('the public youth form opens by the numeric PSGC code on a phone', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`/kk/${CODE}`);
  await expect(
    page.getByRole('heading', { name: `Katipunan ng Kabataan profiling: ${NAME}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByText(/must be letters/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/kk-phone.png`, fullPage: true });
  await page.context().close();
});

test('the directory links the imported barangay to its board at 1366 px', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 850 },
  });
  const page = await context.newPage();
  await page.goto(`/disclosure?q=${encodeURIComponent('penafrancia')}`);
  const link = page.getByRole('link', { name: new RegExp(NAME) }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/disclosure/${CODE}$`));
  await expect(page.getByRole('heading', { name: `Barangay ${NAME}`, level: 1 })).toBeVisible();
  await reviewShot(page, { path: `${SHOTS}/disclosure-desktop.png`, fullPage: true });
  await context.close();
});

test('the city administrator is told the allowed e-mail domains, with no field name', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 850 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(`/login?city=${encodeURIComponent('City of Naga')}`);
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Username').fill(CA);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/city$/);
  await page.getByLabel('Search by name or district').fill(NAME);
  await page.getByRole('button', { name: `Create the administrator of ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `First administrator of ${NAME}` });
  await expect(
    dialog.getByText('Allowed: @gmail.com, @outlook.com, and @yahoo.com.', { exact: false }),
  ).toBeVisible();
  await dialog.getByLabel('Full name').fill('Lorna Villanueva');
  await dialog.getByLabel('Username').fill('pena.admin');
  await dialog.getByLabel('Email address').fill('lorna@naga.gov.ph');
  await dialog.getByLabel('Full name').focus();
  const refusal =
    'Invalid email domain. Only @gmail.com, @outlook.com, and @yahoo.com are allowed.';
  await expect(dialog.getByText(refusal)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create and send the link' }).click();
  // The server's answer is the same sentence, without "emailAddress:" in front.
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/city-admin-email-1366.png` });
  await context.close();
});
