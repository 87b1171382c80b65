import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's serious and critical findings on the page (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page) {
  // A toast on its way in (react-toastify's bounce) is mid-animation, its text not yet at full
  // opacity: axe read 4.46:1 for white on green that reads 4.7:1 at rest. Its entrance is let
  // finish first (the toast's own animation only, not its countdown bar's).
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.Toastify__toast[data-in="true"]')).every((toast) =>
        toast.getAnimations().every((a) => a.playState === 'finished' || a.playState === 'idle'),
      ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // A toast on its way out (react-toastify's data-in="false") is fading: its colours mid-fade
    // are not the ones it is read at. A toast at rest is still checked.
    .exclude('.Toastify__toast[data-in="false"]')
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
