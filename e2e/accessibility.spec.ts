import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loginAs, openLoginModal } from './helpers.ts';

// axe walks the whole page; give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''} ${n.html.slice(0, 200)}`,
      ),
    }));
}

test('/home has no serious or critical violation', async ({ page }) => {
  // Reduced motion (the run's setting) shows every section at once, without scrolling.
  await page.goto('/home');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the login modal has no serious or critical violation', async ({ page }) => {
  await openLoginModal(page, 'San Bartolome');
  expect(await seriousViolations(page)).toEqual([]);
});

test('/dashboard has no serious or critical violation', async ({ page }) => {
  await loginAs(page, 'nn.chair', { direct: true });
  await expect(page.getByText('Login successful.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/admin/dashboard has no serious or critical violation', async ({ page }) => {
  await loginAs(page, 'nn.admin', { direct: true });
  await expect(page.getByTestId('admin-cards')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
