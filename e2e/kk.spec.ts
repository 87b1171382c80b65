import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The KK self-profiling form on a phone (consent required, a minor's guardian consent)
// and the SK chairperson verifying the submission in the registry.

const SHOTS = 'test-results/kk-screenshots';
const LAST = 'Pangalawang';
const FIRST = 'Ligaya';

/** A birthday `age` years ago (minus a day), in Manila. */
function birthdayOf(age: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - age, m - 1, d - 1));
  return date.toISOString().slice(0, 10);
}

test('a 16-year-old profiles herself on a phone with her guardian’s consent; the chairperson verifies', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/kk/SB');
  await expect(
    page.getByRole('heading', { name: 'Katipunan ng Kabataan profiling: San Bartolome', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy notice' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/form-390.png`, fullPage: true });

  await page.getByLabel('Last name').fill(LAST);
  await page.getByLabel('First name').fill(FIRST);
  await page.getByLabel('Birthday').fill(birthdayOf(16));
  await page.getByLabel('Home address (purok/sitio)').fill('Purok 3');
  await page.getByLabel('Contact number').fill('09170001122');
  const send = page.getByRole('button', { name: 'Send my profile' });
  // Consent first: the button waits for it.
  await expect(send).toBeDisabled();
  await page.getByLabel(/I have read the privacy notice/).check();
  // Under 18: the guardian's consent is asked, and the server refuses without it.
  await expect(page.getByText('You are under 18')).toBeVisible();
  // Nothing is chosen for her: an answer left unchosen is named by the server.
  await send.click();
  await expect(page.getByRole('alert')).toContainText(
    'Sex assigned at birth is required: choose Male or Female.',
  );
  const choose = async (field: RegExp, option: string) => {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose(/^Sex assigned at birth/, 'Female');
  await choose(/^Civil status/, 'Single');
  await choose(/^Youth classification/, 'In school youth');
  await choose(/^Highest educational attainment/, 'High School Level');
  await choose(/^Work status/, 'Unemployed');
  await send.click();
  await expect(page.getByRole('alert')).toContainText('parent or guardian');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/form-minor-390.png`, fullPage: true });
  // The full-page screenshot resizes the page and restores it; a click that lands while the
  // layout settles can miss, so the check is retried until the box holds the tick.
  const guardian = page.getByLabel('My parent or guardian agrees to this profiling');
  await expect(async () => {
    await guardian.check({ timeout: 5_000 });
  }).toPass();
  await page.getByLabel(/Parent or guardian.s name/).fill('Rosa Pangalawang');
  await send.click();
  await expect(page.getByRole('status')).toContainText('Your profile was received');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/form-sent-390.png` });

  // The chairperson opens the registry with a reason and verifies it.
  await page.setViewportSize({ width: 1366, height: 850 });
  await loginAs(page, 'sb.chair', { direct: true });
  await page.goto('/kk');
  await expect(page.getByRole('heading', { name: /Youth Registry/, level: 1 })).toBeVisible();
  await page.getByLabel(/Reason/).fill('Verification of the self-profiling submissions');
  await page.getByRole('button', { name: 'Open the registry' }).click();
  await page.getByLabel('Search name or purok').fill(LAST);
  const row = page.getByRole('row', { name: new RegExp(LAST) });
  await expect(row).toContainText('To verify');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/registry-1366.png`, fullPage: true });
  await row.getByRole('button', { name: `Verify ${FIRST} ${LAST}` }).click();
  await expect(page.locator('.Toastify')).toContainText('Profile verified.');
  await expect(row).not.toContainText('To verify');
});

test('the public form reads in Filipino on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/kk/NN');
  await page.getByRole('button', { name: 'Filipino' }).click();
  await expect(
    page.getByRole('heading', {
      name: 'Profiling ng Katipunan ng Kabataan: Nagkaisang Nayon',
      level: 1,
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Abiso sa privacy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ipadala ang aking profile' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/form-fil-390.png` });
});

test('an Annex 4 import names its bad rows in Filipino, each with its column', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await loginAs(page, 'sb.chair', { direct: true });
  await page.goto('/kk');
  await page.getByLabel(/Reason/).fill('Import of the youth database before the assembly');
  await page.getByRole('button', { name: 'Open the registry' }).click();
  await page.getByRole('button', { name: 'Filipino' }).click();

  // The Annex 4 columns as a council's file has them, a good row and three bad ones.
  const headers = [
    'Last Name',
    'First Name',
    'Middle Name',
    'Suffix',
    'Birthday (YYYY-MM-DD)',
    'Sex Assigned at Birth',
    'Civil Status',
    'Youth Classification',
    'E-mail Address',
    'Contact Number',
    'Home Address (Purok/Sitio)',
    'Highest Educational Attainment',
    'Work Status',
    'Registered SK Voter',
    'Registered National Voter',
    'Voted Last SK Election',
    'KK Assemblies Attended (how many)',
  ];
  const row = (last: string, birthday: string, sex = 'Female') =>
    [
      last,
      'Mariel',
      '',
      '',
      birthday,
      sex,
      'Single',
      'ISY',
      '',
      '09171234567',
      'Purok 3',
      'College Level',
      'Unemployed',
      'Yes',
      'Yes',
      'No',
      '1',
    ].join(',');
  const csv = [
    headers.join(','),
    row('Dimasalang', `3 Marso ${String(new Date().getFullYear() - 20)}`),
    row('Walangkasarian', birthdayOf(20), 'X'),
    row('Matandangmatanda', birthdayOf(40)),
    row('Dimasalang', `3 Marso ${String(new Date().getFullYear() - 20)}`),
  ].join('\r\n');
  await page.locator('#kk-import-file').setInputFiles({
    name: 'annex4.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'I-import' }).click();
  await expect(page.getByText('3 sa 4 hilera ang may problema: walang naimbak.')).toBeVisible();
  await expect(page.getByTestId('kk-import-problem')).toHaveText([
    /^Hilera 3, hanay na “Sex Assigned at Birth”: hindi tanggap ang laman \(/,
    'Hilera 4: ang edad ay labas sa Katipunan ng Kabataan, 15 hanggang 30 taong gulang (RA 10742 s. 4).',
    'Hilera 5 (doble): parehong pangalan at kaarawan ng naunang hilera ng file.',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('kk-import-problem').last().scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/import-problems-fil-1366.png` });
  // The account's language goes back to English for the journeys after this one.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
});
