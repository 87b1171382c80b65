import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { loginAs, signInToCity } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// One backup at a time (409 BACKUP_BUSY otherwise): this file's journeys run one after another.
test.describe.configure({ mode: 'default' });

const SHOTS = 'test-results/city-screenshots';

interface Manifest {
  product: string;
  formatVersion: number;
  parts: { kind: string; name: string; count: number; sha256: string }[];
}

/**
 * The manifest of a .bak file (docs/operations.md, "Backups and restore"): a gzip stream of a
 * magic line and
 * frames (a type byte, a 4-byte big-endian length, the bytes), the manifest ('M') last.
 */
function manifestOf(file: Buffer): Manifest {
  // A gzip stream: its two magic bytes, and it inflates whole (the CRC and length check out).
  expect([...file.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const content = gunzipSync(file);
  const magic = 'SK-TANAW-BACKUP\n';
  expect(content.subarray(0, magic.length).toString('ascii')).toBe(magic);
  let at = magic.length;
  let last: { type: string; payload: Buffer } | undefined;
  while (at < content.length) {
    const length = content.readUInt32BE(at + 1);
    last = {
      type: content.toString('ascii', at, at + 1),
      payload: content.subarray(at + 5, at + 5 + length),
    };
    at += 5 + length;
  }
  expect(at).toBe(content.length);
  expect(last?.type).toBe('M');
  return JSON.parse(last?.payload.toString('utf8') ?? '') as Manifest;
}

test('an installation administrator creates a backup and finds it in the list', async ({
  page,
}) => {
  await loginAs(page, 'sb.admin');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Database Backup' })
    .click();
  await expect(page).toHaveURL(/\/admin\/backup$/);
  await expect(page.getByRole('heading', { name: 'Database Backup' })).toBeVisible();

  // Run Restore without a file: the spec's message, nothing sent.
  await page.getByRole('button', { name: 'Run Restore' }).click();
  await expect(page.getByRole('status')).toContainText('Please select a backup file to install.');

  await page.getByRole('button', { name: 'Create Backup' }).click();
  await expect(page.getByRole('status')).toContainText('Backup created successfully.');
  await expect(page.getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const table = page.getByRole('table', { name: 'Stored backups' });
  const row = table.getByRole('row').filter({ hasText: 'Manual' }).first();
  await expect(row).toContainText(/sk-tanaw-\d{8}-\d{9}-manual\.bak/);
  await expect(row).toContainText(/KB|MB/);
  // The date is Manila time in the app's format, e.g. 'Nov 21, 2026, 3:02 PM'.
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-manual\.bak$/);
  // The file is the backup itself: SK Tanaw's format, holding the installation's tables.
  const manifest = manifestOf(await readFile(await file.path()));
  expect(manifest).toMatchObject({ product: 'sk-tanaw', formatVersion: 1 });
  const tables = manifest.parts.filter((p) => p.kind === 'table');
  expect(tables.map((p) => p.name)).toEqual(
    expect.arrayContaining(['barangays', 'users', 'projects', 'raw_ppas', 'raw_values']),
  );
  // Both demo barangays and their accounts are in it.
  expect(tables.find((p) => p.name === 'barangays')?.count).toBeGreaterThanOrEqual(2);
  expect(tables.find((p) => p.name === 'users')?.count).toBeGreaterThanOrEqual(7);
});

test("another barangay's administrator is told backups belong to the installation administrators", async ({
  page,
}) => {
  await loginAs(page, 'nn.admin');
  await page.goto('/admin/backup');
  await expect(page.getByText(/only the installation administrators/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Backup' })).toBeDisabled();
});

// The demo installation serves one city, Quezon City, whose administrator holds
// its backups too, on the same Database Backup screen in the city area.
test("Quezon City's administrator creates a backup at /city/backups and finds it listed", async ({
  page,
}) => {
  await signInToCity(page, 'qc.admin');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Database Backup' })
    .click();
  await expect(page).toHaveURL(/\/city\/backups$/);
  await expect(page.getByRole('heading', { name: 'Database Backup', level: 1 })).toBeVisible();
  await expect(page.getByText(/only the installation administrators/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Backup' }).click();
  await expect(page.getByRole('status')).toContainText('Backup created successfully.');
  const table = page.getByRole('table', { name: 'Stored backups' });
  const name = /sk-tanaw-\d{8}-\d{9}-manual\.bak/;
  const created = (await page.getByRole('status').innerText()).match(name)?.[0] ?? '';
  expect(created).toMatch(name);
  await expect(table.getByRole('row').filter({ hasText: created })).toContainText('Manual');
  expect(await seriousViolations(page)).toEqual([]);
  // The sign-in's toast gone, so the picture shows the whole page.
  await expect(page.getByText('Login successful.')).toBeHidden();
  await reviewShot(page, { path: `${SHOTS}/backups-1366.png` });

  // The city's other accounts see no such link, and the path sends them away.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await signInToCity(page, 'qc.ydo');
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'City dashboard' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Database Backup' }),
  ).toHaveCount(0);
  await page.goto('/city/backups');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
