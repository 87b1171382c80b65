/**
 * Renders the home-screen icons of the web app manifest (apps/web/public/manifest.webmanifest)
 * from the product's mark (apps/web/public/favicon.svg), with the Chromium the journeys use:
 * `npx tsx scripts/render-app-icons.ts`. Run it again when the mark changes, and commit the PNGs.
 * - icon-192.png, icon-512.png: the mark as it is (its rounded square, transparent corners);
 * - icon-maskable-512.png: the mark's arc and sun on a full navy square, inside the middle 80 %
 *   a launcher may cut to a circle or a squircle.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const mark = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const navy = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(mark)?.[1] ?? '#15306b';

// The mark's drawing without its rounded square, scaled to 60 % about the middle.
const drawing = mark.replace(/^.*?<rect[^>]*\/>/s, '').replace(/<\/svg>\s*$/, '');
const maskable =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" ` +
  `fill="${navy}"/><g transform="translate(32 32) scale(0.6) translate(-32 -32)">${drawing}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.screenshot({ path: `${publicDir}${icon.file}`, omitBackground: true });
    await page.close();
    console.log(`${icon.file}: ${icon.size} x ${icon.size}`);
  }
} finally {
  await browser.close();
}
