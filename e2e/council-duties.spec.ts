import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAs, logout } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// Council duties: the SK chairperson gives the treasurer's duty to an SK official on the Council
// Duties screen; the official then reads it beside the position and cannot change it. Nagkaisang
// Nayon's council, so the registry journey's Budget Monitoring Officer in San Bartolome is not
// touched; the duty is released at the end.

const SHOTS = 'test-results/council-duties-screenshots';
const OFFICIAL = 'Joshua Mendoza';

test('the chairperson gives the treasurer duty to an SK official, who sees it beside the position', async ({
  page,
}) => {
  await loginAs(page, 'nn.chair', { direct: true });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Council Duties' })
    .click();
  await expect(page.getByRole('heading', { name: 'Council Duties', level: 1 })).toBeVisible();
  const treasurer = page.getByRole('region', { name: 'SK Treasurer' });
  await expect(page.getByTestId('duty-treasurer-holder')).toHaveText(/^(Vacant|Held by .+)$/);
  await expect(page.getByRole('region', { name: 'SK Secretary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Budget Monitoring Officer' })).toBeVisible();
  await expect(treasurer.getByText(/^Source: RA 10742/)).toBeVisible();

  await treasurer.getByRole('combobox', { name: 'Holder of SK Treasurer' }).click();
  await page.getByRole('option', { name: OFFICIAL }).click();
  await treasurer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SK Treasurer: holder saved.')).toBeVisible();
  await expect(treasurer.getByText(`Held by ${OFFICIAL}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/chair-1366.png`, fullPage: true });
  await logout(page);

  // The official: the duty beside the position, the screen without controls.
  await loginAs(page, 'nn.official', { direct: true });
  await expect(page.getByTestId('sidebar-identity')).toContainText('SKO · SK Treasurer');
  await page.goto('/council');
  await expect(page.getByRole('region', { name: 'SK Treasurer' })).toContainText(
    `Held by ${OFFICIAL}`,
  );
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/official-1366.png`, fullPage: true });
  await logout(page);

  // The chairperson releases the duty again.
  await loginAs(page, 'nn.chair', { direct: true });
  await page.goto('/council');
  const again = page.getByRole('region', { name: 'SK Treasurer' });
  await again.getByRole('combobox', { name: 'Holder of SK Treasurer' }).click();
  await page.getByRole('option', { name: 'Nobody (vacant)' }).click();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('duty-treasurer-holder')).toHaveText('Vacant');
});
