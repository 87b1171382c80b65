import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's serious and critical findings on the page (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page) {
  // A toast mid-animation (entering or leaving, partly transparent) is measured at colours it
  // never rests at: wait until none is moving (at most 5 s; a toast at rest is still checked).
  await page
    .locator('.Toastify--animate')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
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
