import { expect, test } from '@playwright/test';

/**
 * What a first visit to /home costs in JavaScript, measured where it is paid: a fresh Chromium
 * (no cache) that asks for gzip, summing the bytes of every script response on the wire until
 * the network is idle (the landing route's lazy chunk and whatever it pulls in included).
 */
const BUDGET_KB = 170;

// In both languages: a browser set to Filipino gets the landing page in Filipino on its first
// visit, which adds the Filipino landing catalogue to the download.
for (const { locale, heading } of [
  { locale: 'en-PH', heading: 'About SK Tanaw' },
  { locale: 'fil-PH', heading: 'Tungkol sa SK Tanaw' },
]) {
  test(`the landing page downloads at most 170 KB of gzipped JavaScript (${locale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale,
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    });
    const page = await context.newPage();
    const scripts: { url: string; encoding: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (
        request.resourceType() !== 'script' &&
        !new URL(response.url()).pathname.endsWith('.js')
      ) {
        return;
      }
      pending.push(
        (async () => {
          await response.finished();
          const sizes = await request.sizes();
          scripts.push({
            url: new URL(response.url()).pathname,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
            bytes: sizes.responseBodySize,
          });
        })(),
      );
    });

    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: heading })).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      locale.slice(0, locale.indexOf('-')),
    );
    await Promise.all(pending);
    await context.close();

    scripts.sort((a, b) => b.bytes - a.bytes);
    const totalKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    console.log(
      [
        ...scripts.map(
          (s) =>
            `  ${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${s.encoding.padEnd(8)} ${s.url}`,
        ),
        `Landing page (/home, ${locale}) JavaScript on the wire: ${totalKb.toFixed(1)} KB gzipped ` +
          `(${scripts.length} files; budget ${BUDGET_KB} KB)`,
      ].join('\n'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    // The measure is the gzip transfer: every script came compressed, except files under 1 KB,
    // which the build does not precompress (compressing them saves nothing).
    expect(
      scripts.filter((s) => s.encoding !== 'gzip' && s.bytes >= 1024).map((s) => s.url),
    ).toEqual([]);
    expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
  });
}
