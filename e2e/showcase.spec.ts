import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function choose(page: Page, filter: 'Barangay' | 'Category', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const slideTitle = (page: Page) => page.getByTestId('slide').getByRole('heading', { level: 2 });

test.beforeEach(async ({ page }) => {
  await page.goto('/project-list');
  await expect(page.getByRole('heading', { name: 'SK Project Showcase' })).toBeVisible();
});

test('the slideshow arrows wrap around and the dots follow', async ({ page }) => {
  const cards = page.getByTestId('showcase-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  const first = await slideTitle(page).innerText();
  await page.getByRole('button', { name: 'Previous project' }).click();
  const last = await cards
    .nth(count - 1)
    .getByRole('heading')
    .innerText();
  await expect(slideTitle(page)).toHaveText(last);
  await page.getByRole('button', { name: 'Next project' }).click();
  await expect(slideTitle(page)).toHaveText(first);
  await page.getByRole('button', { name: 'Next project' }).click();
  await expect(page.getByRole('button', { name: /^Show slide 2:/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: /^Show slide 3:/ }).click();
  await expect(slideTitle(page)).toHaveText(await cards.nth(2).getByRole('heading').innerText());
});

test('clicking a card jumps the slideshow to it', async ({ page }) => {
  const card = page.getByTestId('showcase-card').nth(4);
  const title = await card.getByRole('heading').innerText();
  await card.click();
  await expect(slideTitle(page)).toHaveText(title);
});

test('filters narrow the items and reset the slideshow to the first one', async ({ page }) => {
  await page.getByRole('button', { name: 'Next project' }).click();
  await choose(page, 'Barangay', 'Nagkaisang Nayon');
  const cards = page.getByTestId('showcase-card');
  await expect(cards.first()).toContainText('Nagkaisang Nayon');
  for (const text of await cards.allInnerTexts()) {
    expect(text).toContain('Nagkaisang Nayon');
  }
  await expect(slideTitle(page)).toHaveText(await cards.first().getByRole('heading').innerText());

  await choose(page, 'Category', 'Environment');
  await expect(cards).toHaveCount(1);
  // A single item has no arrows.
  await expect(page.getByRole('button', { name: 'Next project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous project' })).toHaveCount(0);
});

test('no match shows the empty state', async ({ page }) => {
  await choose(page, 'Barangay', 'Nagkaisang Nayon');
  await choose(page, 'Category', 'Healthcare');
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(
    page.getByText(
      'No projects match the current filter criteria. Try selecting different options or check back later for updates.',
    ),
  ).toBeVisible();
  await choose(page, 'Barangay', 'All Barangays');
  await expect(page.getByTestId('showcase-card').first()).toBeVisible();
});

test('each status has its own colour', async ({ page }) => {
  const colours = new Set<string>();
  for (const status of ['Completed', 'Ongoing', 'Upcoming']) {
    const chip = page.locator(`[data-status="${status}"]`).first();
    colours.add(await chip.evaluate((el) => getComputedStyle(el).backgroundColor));
  }
  expect(colours.size).toBe(3);
});

test('the showcase links home, to projects and to login', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'My Projects' })).toHaveAttribute('href', '/projects');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});
