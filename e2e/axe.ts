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
  const results = await page.evaluate(async (tags) => {
    const axe = (window as AxeWindow).axe;
    if (!axe) {
      return undefined;
    }
    // A toast on its way out (react-toastify's data-in="false") is fading: its colours
    // mid-fade are not the ones it is read at. A toast at rest is still checked.
    const leaving = Array.from(document.querySelectorAll('.Toastify__toast[data-in="false"]'));
    // Colour contrast is about four fifths of axe's time, and it grows with a table's rows
    // (the city's 142 barangays, a year's vouchers). A row whose elements have the same
    // tags, colours, backgrounds, fonts and opacity as an earlier row of its table body has
    // the same contrast: only the first of each such set is read for contrast. Every other
    // rule reads every row (an accessible name can differ row by row).
    const sameAsEarlier: Element[] = [];
    for (const body of Array.from(document.querySelectorAll('tbody'))) {
      const seen = new Set<string>();
      for (const row of Array.from(body.children)) {
        const signature = [row, ...Array.from(row.querySelectorAll('*'))]
          .map((element) => {
            const style = getComputedStyle(element);
            const text = Array.from(element.childNodes).some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            );
            return [
              element.tagName,
              text ? 'text' : '',
              style.color,
              style.backgroundColor,
              style.backgroundImage,
              style.fontSize,
              style.fontWeight,
              style.opacity,
              style.visibility,
              style.textShadow,
            ].join(' ');
          })
          .join('|');
        if (seen.has(signature)) {
          sameAsEarlier.push(row);
        } else {
          seen.add(signature);
        }
      }
    }
    const [others, contrast] = [
      await axe.run(
        { exclude: leaving },
        { runOnly: { type: 'tag', values: tags }, rules: { 'color-contrast': { enabled: false } } },
      ),
      await axe.run(
        { exclude: [...leaving, ...sameAsEarlier] },
        { runOnly: { type: 'rule', values: ['color-contrast'] } },
      ),
    ];
    return [...others.violations, ...contrast.violations];
  }, TAGS);
  if (!results) {
    throw new Error('axe-core did not load in the page');
  }
  return results
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''} ${n.html.slice(0, 200)}`,
      ),
    }));
}
