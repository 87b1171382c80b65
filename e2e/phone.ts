import { crc32, deflateSync } from 'node:zlib';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

// What the phone journeys share: a phone of its own on a slow connection, the photo its camera
// hands over, the check that nothing spills sideways, and signing in from the phone's landing.

/** Lighthouse's mobile "slow 4G": 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1.6e6 / 8,
  uploadThroughput: 750e3 / 8,
};

/**
 * A phone of its own (a context each: a signed-in session each), touch, on slow 4G unless
 * `network: 'unthrottled'`; 390 x 844 unless another `viewport` is given.
 */
export async function phone(
  browser: Browser,
  {
    viewport = { width: 390, height: 844 },
    network = 'slow 4G',
  }: { viewport?: { width: number; height: number }; network?: 'slow 4G' | 'unthrottled' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  if (network === 'slow 4G') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  return page;
}

/** Nothing spills sideways at the phone's width. */
export async function fitsThePhone(page: Page, width = 390) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** A small PNG (a green square with a yellow band), as a camera would hand one over. */
export function photoPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const band = y > size / 3 && y < (2 * size) / 3;
      row.set(band ? [245, 179, 1] : [31, 120, 60], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The phone's landing page: searches `barangay` (of Quezon City); answers its code. */
export async function findBarangay(page: Page, barangay: string): Promise<string> {
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Search your barangay' }).fill(barangay);
  await page.getByRole('option', { name: new RegExp(`^${barangay}`) }).click();
  const place = page.getByRole('region', { name: `${barangay}, Quezon City` });
  const href = await place.getByRole('link', { name: 'Sign in' }).getAttribute('href');
  const code = /barangay=([^&]+)/.exec(href ?? '')?.[1];
  expect(code).toBeTruthy();
  return code ?? '';
}

/**
 * Signs in from the phone's landing page as `<code>.<username>` (the district's demo accounts);
 * answers the barangay's code.
 */
export async function signInFromLanding(
  page: Page,
  barangay: string,
  username: string,
): Promise<string> {
  const code = await findBarangay(page, barangay);
  await page
    .getByRole('region', { name: `${barangay}, Quezon City` })
    .getByRole('link', { name: 'Sign in' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog.getByText(`Logging in to: ${barangay}`)).toBeVisible();
  await dialog.getByLabel('Username').fill(`${code.toLowerCase()}.${username}`);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return code;
}
