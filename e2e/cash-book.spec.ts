import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, submitLogin } from './helpers.ts';
import { reviewShot } from './review-shots.ts';

// The SK treasurer's cash book, in Greater Lagro (a district barangay no other journey writes
// to): its chairperson designates the SK official as treasurer (through the API, as the council
// duties journey covers the screen); the treasurer records last month's transfer of the SK share
// with the day the barangay's allotment was credited, a collection and its deposit, reads the
// month's RCB with the balance carried forward, and reconciles last month with the bank
// statement: first a wrong balance (the difference named), then the right one. axe clean,
// screenshots at 1366 px; at 390 px the screen asks for a wider one (its tables are wide).

const SHOTS = 'test-results/cash-book-screenshots';
const BARANGAY = 'Greater Lagro';

const pad = (n: number) => String(n).padStart(2, '0');

/** Manila's today and the first and tenth of last month, as YYYY-MM-DD. */
function days() {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const last = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  const prefix = `${String(last.y)}-${pad(last.m)}`;
  return {
    today: `${String(year)}-${pad(month)}-${pad(now.getUTCDate())}`,
    allotment: `${prefix}-02`,
    transfer: `${prefix}-06`,
    lastMonth: last,
  };
}

async function designateTreasurer(page: Page, code: string) {
  const api = page.context().request;
  const signIn = await api.post('/api/login', {
    data: { username: `${code.toLowerCase()}.chair`, password: DEMO_PASSWORD, barangay: code },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const duties = (await (await api.get('/api/council/duties', { headers })).json()) as {
    candidates: { userId: number; name: string }[];
    duties: { duty: string; holder: { userId: number } | null }[];
  };
  const official = duties.candidates[0];
  expect(official).toBeTruthy();
  const put = await api.put('/api/council/duties/treasurer', {
    headers,
    data: { userId: official?.userId },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.post('/api/logout', { headers });
}

test('the treasurer records the SK share and a collection, and reconciles last month', async ({
  page,
}) => {
  const d = days();
  const list = (await (await page.request.get('/api/barangays')).json()) as {
    barangays: { code: string; name: string }[];
  };
  const code = list.barangays.find((b) => b.name === BARANGAY)?.code ?? '';
  expect(code).not.toBe('');
  await designateTreasurer(page, code);
  await page.goto(`/login?barangay=${code}`);
  await submitLogin(page, `${code.toLowerCase()}.official`, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Cash Book' })
    .click();
  await expect(page.getByRole('heading', { name: 'Cash book', level: 1 })).toBeVisible();

  const form = page.getByRole('region', { name: 'Record an entry' });
  const record = async (entry: {
    kind: string;
    date: string;
    reference: string;
    particulars: string;
    amount: string;
    allotment?: string;
  }) => {
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: entry.kind }).click();
    await form.getByLabel(/^Date/).fill(entry.date);
    await form.getByLabel('Reference').fill(entry.reference);
    await form.getByLabel('Particulars').fill(entry.particulars);
    await form.getByLabel('Amount (₱)').fill(entry.amount);
    if (entry.allotment) {
      await form.getByLabel('Allotment credited on').fill(entry.allotment);
    }
    await form.getByRole('button', { name: 'Record' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Entries this year' })
        .getByRole('cell', { name: entry.reference, exact: true }),
    ).toBeVisible();
  };
  const stamp = String(Date.now()).slice(-6);
  await record({
    kind: 'Transfer of the SK share',
    date: d.transfer,
    reference: `CM-${stamp}`,
    particulars: 'SK share of the month',
    amount: '2000000',
    allotment: d.allotment,
  });
  await record({
    kind: 'Collection (official receipt)',
    date: d.today,
    reference: `OR-${stamp}`,
    particulars: 'Youth league registration fees',
    amount: '1500.50',
  });
  await record({
    kind: 'Deposit to the bank',
    date: d.today,
    reference: `DS-${stamp}`,
    particulars: 'Deposit of the day’s collections',
    amount: '1500.50',
  });
  // A second deposit of the same collections is refused, in the treasurer's words.
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Deposit to the bank' }).click();
  await form.getByLabel('Reference').fill(`DS2-${stamp}`);
  await form.getByLabel('Particulars').fill('Deposited twice');
  await form.getByLabel('Amount (₱)').fill('10');
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(form.getByRole('alert')).toContainText('collections not yet deposited');
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cash-book-1366.png`, fullPage: true });

  // Last month's RCB and its reconciliation.
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page
    .getByRole('option', { name: `${String(d.lastMonth.y)}-${pad(d.lastMonth.m)}` })
    .click();
  const registers = page.getByRole('region', { name: 'Registers of the month' });
  await expect(registers.getByRole('cell', { name: `CM-${stamp}`, exact: true })).toBeVisible();
  const carried = (await registers.getByTestId('carried-forward').textContent()) ?? '';
  const balance = Number(carried.replace(/[^0-9.-]/g, ''));
  expect(balance).toBeGreaterThan(0);
  const reconcile = page.getByRole('region', { name: 'Bank reconciliation' });
  await reconcile.getByLabel(/Bank statement balance/).fill(String(balance - 100));
  await reconcile.getByRole('button', { name: 'Reconcile' }).click();
  await expect(reconcile.getByRole('alert')).toContainText(
    'differs from the book balance by ₱100.00',
  );
  await reconcile.getByLabel(/Bank statement balance/).fill(String(balance));
  await reconcile.getByRole('button', { name: 'Reconcile' }).click();
  await expect(reconcile.getByText(/^Reconciled: statement/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/reconciled-1366.png`, fullPage: true });

  // On a phone the registers' wide tables are not offered: the screen says so.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'This screen needs a wider screen' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewShot(page, { path: `${SHOTS}/cash-book-390.png`, fullPage: true });
});
