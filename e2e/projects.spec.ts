import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PROJECT_STATUSES } from '@sk-tanaw/contract';
import { loginAs, logout } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const PROPOSAL_PDF = join(FIXTURES, 'youth-coding-bootcamp.pdf');
const REVISED_PDF = join(FIXTURES, 'youth-coding-bootcamp-v2.pdf');

async function openProjects(page: Page, heading: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

async function chairSetsStatus(page: Page, title: string, status: string, remarks: string) {
  await loginAs(page, 'sb.chair');
  await openProjects(page, 'Project Review');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Bea Dela Cruz');
  await row.getByRole('button', { name: /^Update Status/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveText([...PROJECT_STATUSES]);
  await page.getByRole('option', { name: status, exact: true }).click();
  if (remarks) {
    await dialog.getByLabel('Remarks (optional)').fill(remarks);
  }
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Project status updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(status);
}

test('a proposal goes from submission through a revision to acceptance', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      pageErrors.push(message.text());
    }
  });
  // Five sign-ins through the landing page; each takes several seconds on a slow machine.
  test.setTimeout(240_000);
  const title = `Youth Coding Bootcamp ${Date.now()}`;
  const remarks = 'Please add the itemized budget and the list of mentors.';

  // The official proposes with a PDF; a wrong file type blocks the submission first.
  await loginAs(page, 'sb.official');
  await openProjects(page, 'Proposed Project Submissions');
  await page.getByRole('button', { name: 'Propose Project' }).click();
  const form = page.getByRole('dialog', { name: 'Propose a Project' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Four Saturdays of web programming for the youth.');
  const fileInput = form.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a document'),
  });
  await expect(
    form.getByText('Invalid file type. Only PDF, DOC, and DOCX are allowed.'),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit Proposal' })).toBeDisabled();
  await fileInput.setInputFiles(PROPOSAL_PDF);
  await expect(form.getByText('youth-coding-bootcamp.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(page.getByText('Project submitted successfully!')).toBeVisible();
  const ownRow = page.getByRole('row').filter({ hasText: title });
  await expect(ownRow).toContainText('Pending Review');
  await expect(ownRow).toContainText(/SB-\d{4}-\d{4}/);
  await expect(ownRow).toContainText('No remarks');
  await logout(page);

  // The chair asks for a revision.
  await chairSetsStatus(page, title, 'Revision Requested', remarks);
  await logout(page);

  // The official reads the remarks and resubmits a revised document.
  await loginAs(page, 'sb.official');
  await openProjects(page, 'Proposed Project Submissions');
  await expect(ownRow).toContainText('Revision Requested');
  await ownRow.getByRole('button', { name: /^Remarks for/ }).click();
  const popup = page.getByRole('dialog', { name: 'Remarks' });
  await expect(popup).toContainText(remarks);
  await expect(popup).toContainText('Reviewed By: Miguel Santos');
  await popup.getByRole('button', { name: 'Close' }).click();
  await ownRow.getByRole('button', { name: /^Resubmit/ }).click();
  const resubmit = page.getByRole('dialog', { name: /^Resubmit/ });
  await expect(resubmit).toContainText(remarks);
  await resubmit.locator('input[type="file"]').setInputFiles(REVISED_PDF);
  await resubmit.getByLabel('Notes on the changes').fill('Added the budget and mentors on page 1.');
  await resubmit.getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText('Revised proposal submitted successfully!')).toBeVisible();
  await expect(ownRow).toContainText('Pending Review');
  await logout(page);

  // The chair accepts, reads the history and opens the PDF in the viewer.
  await chairSetsStatus(page, title, 'Proposal Accepted', '');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /^History of/ }).click();
  const history = page.getByRole('dialog', { name: /^History of/ });
  await expect(history.getByRole('list', { name: 'Document versions' })).toContainText('Version 2');
  await expect(history).toContainText('Proposal Accepted');
  await expect(history).toContainText(remarks);
  await expect(history).toContainText('Added the budget and mentors on page 1.');
  await history.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'View youth-coding-bootcamp-v2.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'youth-coding-bootcamp-v2.pdf' });
  await expect(viewer.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible({ timeout: 15_000 });
  // pdf.js drew the page: some pixels are dark (the text), and no viewer error is shown.
  await expect
    .poll(() =>
      viewer.getByRole('img', { name: 'Page 1 of 1' }).evaluate((element) => {
        const canvas = element as HTMLCanvasElement;
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) {
          return 0;
        }
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) {
          if ((data[i] ?? 255) < 128 && (data[i + 3] ?? 0) > 0) {
            dark += 1;
          }
        }
        return dark;
      }),
    )
    .toBeGreaterThan(100);
  await expect(viewer.getByText('Could not view the file.')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  // No CSP violations or worker failures on the way.
  expect(pageErrors.filter((text) => /Content Security Policy|worker|pdf/i.test(text))).toEqual([]);
});

test('a proposal whose answer was lost is stored once when the official retries', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const SHOTS = 'test-results/projects-screenshots';
  const title = `Covered court lights ${Date.now()}`;
  await loginAs(page, 'sb.official');
  await openProjects(page, 'Proposed Project Submissions');

  // The first attempt reaches the server, which stores the proposal; its answer never comes back.
  // (Chromium hands an intercepted upload's file to route.fetch() without its bytes, so the same
  // proposal is sent from here under the browser's headers and key, then the browser's request is
  // cut.)
  const description = 'Six LED floodlights for night games.';
  const keys: (string | undefined)[] = [];
  await page.route('**/api/projects/submit', async (route) => {
    const request = route.request();
    keys.push(request.headers()['idempotency-key']);
    if (keys.length === 1) {
      const userId = /name="userId"\r\n\r\n(\d+)/.exec(request.postData() ?? '')?.[1] ?? '';
      const headers = { ...request.headers() };
      delete headers['content-type'];
      delete headers['content-length'];
      const stored = await page.request.post(request.url(), {
        headers,
        multipart: {
          title,
          description,
          userId,
          projectFile: {
            name: 'youth-coding-bootcamp.pdf',
            mimeType: 'application/pdf',
            buffer: readFileSync(PROPOSAL_PDF),
          },
        },
      });
      expect(stored.status(), await stored.text()).toBe(200);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.getByRole('button', { name: 'Propose Project' }).click();
  const form = page.getByRole('dialog', { name: 'Propose a Project' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill(description);
  await form.locator('input[type="file"]').setInputFiles(PROPOSAL_PDF);
  await form.getByRole('button', { name: 'Submit Proposal' }).click();

  await expect(form.getByRole('alert')).toContainText('The connection was cut');
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByText('youth-coding-bootcamp.pdf')).toBeVisible();
  await reviewShot(page, { path: `${SHOTS}/propose-cut-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form.getByRole('button', { name: 'Retry' })).toBeVisible();
  await reviewShot(page, { path: `${SHOTS}/propose-cut-390.png` });

  await form.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Project submitted successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  // One proposal, not two.
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Proposed Project Submissions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await reviewShot(page, { path: `${SHOTS}/proposed-once-1366.png` });
});
