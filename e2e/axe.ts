import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core run in the page itself. @axe-core/playwright's `analyze()` injects axe's 560 KB into
 * every frame on every call and finishes each run in a new blank page: measured on this 2-core
 * machine, 0.7 to 2.8 s a call where the same rules run here in 0.3 to 1.6 s, and the journeys
 * call it about 150 times. Here the source is read once per worker and injected once per
 * document (a call after an in-app navigation finds it there). The app has no iframes, so a
 * frame-by-frame run finds nothing more.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeWindow {
  axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
}

/** axe's serious and critical findings on the page (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page) {
  // A toast on its way in (react-toastify's bounce) is mid-animation, its text not yet at full
  // opacity: axe read 4.46:1 for white on green that reads 4.7:1 at rest. Its entrance is let
  // finish first (the toast's own animation only, not its countdown bar's); the app cuts it to
  // a millisecond for a reader who asks for reduced motion, as the journeys do.
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.Toastify__toast[data-in="true"]')).every((toast) =>
        toast.getAnimations().every((a) => a.playState === 'finished' || a.playState === 'idle'),
      ),
    undefined,
    { timeout: 5_000 },
  );
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(
    (tags) =>
      (window as AxeWindow).axe?.run(
        // A toast on its way out (react-toastify's data-in="false") is fading: its colours
        // mid-fade are not the ones it is read at. A toast at rest is still checked.
        { exclude: [['.Toastify__toast[data-in="false"]']] },
        { runOnly: { type: 'tag', values: tags } },
      ),
    TAGS,
  );
  if (!results) {
    throw new Error('axe-core did not load in the page');
  }
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
