import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { reviewShot } from './review-shots.ts';

// The installation serves Quezon City's 142 barangays, so the sign-in
// picker is a search, and /disclosure lists every barangay with whether it posted this year's plan.

const SHOTS = 'test-results/directory-screenshots';

test('a barangay is found by a few letters in the picker and preselected on the sign-in form', async ({
  page,
}) => {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select Your Barangay' });
  const search = picker.getByRole('combobox', { name: 'Search your barangay' });
  await search.fill('batas');
  const option = page.getByRole('option', { name: /Batasan Hills/ });
  await expect(option).toContainText('Quezon City');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/picker-1366.png` });
  // Keyboard: the first match is highlighted, Enter chooses it.
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/login\?barangay=\d+$/);
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login.getByText('Logging in to: Batasan Hills')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The code in the address preselects it again on a fresh visit.
  await page.reload();
  await expect(page.getByText('Logging in to: Batasan Hills')).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`the public directory lists the barangays and marks posted plans (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 850 });
    await page.goto('/disclosure');
    await expect(page.getByRole('heading', { name: 'Barangay directory', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('142 barangays');
    // The city's totals: SB, NN and the eight District 5 demo barangays posted.
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Manila', year: 'numeric' }).format(
      new Date(),
    );
    const cities = page.getByRole('region', { name: `Cities and municipalities, ${year}` });
    await expect(cities).toContainText('Quezon City');
    await expect(cities).toContainText(`10 of 142 barangays posted the ${year} plan`);
    await expect(cities).toContainText(/SK fund of the posted plans: ₱[\d,]+/);
    expect(await seriousViolations(page)).toEqual([]);
    await reviewShot(page, { path: `${SHOTS}/directory-${width}.png` });
    await page.getByRole('searchbox', { name: 'Search a barangay' }).fill('san bart');
    await expect(page.getByRole('status')).toHaveText('1 barangay');
    const entry = page.getByRole('link', { name: /San Bartolome/ });
    await expect(entry).toContainText('Quezon City · District 5');
    await expect(entry).toContainText(
      `${new Intl.DateTimeFormat('en', { timeZone: 'Asia/Manila', year: 'numeric' }).format(new Date())} plan posted`,
    );
    await reviewShot(page, { path: `${SHOTS}/directory-search-${width}.png` });
    await entry.click();
    await expect(page).toHaveURL(/\/disclosure\/SB$/);
    await expect(
      page.getByRole('heading', { name: 'Barangay San Bartolome', level: 1 }),
    ).toBeVisible();
  });
}
