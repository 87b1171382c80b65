import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO_PASSWORD } from './helpers.ts';
import { fitsThePhone, phone, photoPng, signInFromLanding } from './phone.ts';
import { reviewShot } from './review-shots.ts';

/**
 * A council's field work on a phone (390 x 844, touch), on a slow connection (every phone here is
 * on Lighthouse's slow 4G): an officer records
 * an evidence photo from the camera on a tracker item; the first upload reaches the server and
 * its answer is lost (the connection cut), the Retry stores it once. An officer on a small phone
 * (360 x 780) records another item's progress and disbursements, in English and in Filipino. The
 * chairperson opens a plan's own page: its status, approval and posting on a phone. Novaliches
 * Proper's accounts, tracker and plans are this file's alone.
 */
const SHOTS = 'test-results/phones';
const BARANGAY = 'Novaliches Proper';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Signs in from the phone's landing page as one of the barangay's accounts; answers its code. */
const signIn = (page: Page, username: string) => signInFromLanding(page, BARANGAY, username);

/** A GET of the API with the page's session. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

test('an officer records a camera photo on a tracker item; a cut upload retried is stored once', async ({
  browser,
}) => {
  // On slow 4G, with two full-page screenshots of a long item page (its payments as cards on
  // the phone) and five axe runs: 120 s was too short beside another journey on a busy machine.
  test.setTimeout(180_000);
  const official = await phone(browser);
  await signIn(official, 'official');
  // What waits for the officer comes first on the phone's dashboard.
  await expect(official.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/dashboard-waiting-390.png`, fullPage: true });

  const { tracker } = await api<{ tracker: { items: { id: number; ppa: string }[] } }>(
    official,
    '/api/tracker',
  );
  const item = tracker.items[0];
  expect(item).toBeTruthy();
  const itemId = item?.id ?? 0;
  const before = await api<{ item: { evidenceList: unknown[] } }>(
    official,
    `/api/tracker/items/${String(itemId)}`,
  );

  await official.goto(`/tracker/items/${String(itemId)}`);
  await expect(official.getByRole('heading', { level: 1 })).toBeVisible();
  await fitsThePhone(official);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/tracker-item-390.png`, fullPage: true });

  // The first upload reaches the server, which stores it; its answer never comes back.
  let attempts = 0;
  const keys: (string | undefined)[] = [];
  await official.route('**/api/tracker/items/*/evidence', async (route) => {
    attempts += 1;
    keys.push(route.request().headers()['idempotency-key']);
    if (attempts === 1) {
      const stored = await route.fetch();
      expect(stored.status()).toBe(200);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await official.getByRole('button', { name: 'Upload evidence' }).click();
  const dialog = official.getByRole('dialog', { name: 'Upload evidence' });
  const camera = dialog.getByLabel('Take a photo');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: photoPng(96) });
  const caption = `Covered court, ${String(Date.now())}`;
  await dialog.getByRole('textbox', { name: 'Caption' }).fill(caption);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/evidence-camera-390.png` });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(dialog.getByRole('alert')).toContainText('The connection was cut');
  await expect(dialog.getByRole('textbox', { name: 'Caption' })).toHaveValue(caption);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/evidence-cut-390.png` });
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(official.getByText('Evidence uploaded.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Two attempts under one key; one file stored.
  expect(attempts).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const after = await api<{ item: { evidenceList: { caption: string }[] } }>(
    official,
    `/api/tracker/items/${String(itemId)}`,
  );
  expect(after.item.evidenceList.filter((e) => e.caption === caption)).toHaveLength(1);
  expect(after.item.evidenceList).toHaveLength(before.item.evidenceList.length + 1);
  await fitsThePhone(official);
  await reviewShot(official, { path: `${SHOTS}/tracker-item-evidence-390.png`, fullPage: true });

  // In Filipino: the camera, the caption and the progress in the reader's language.
  await official.getByRole('button', { name: 'Filipino' }).click();
  await official.getByRole('button', { name: 'Mag-upload ng ebidensya' }).click();
  const fil = official.getByRole('dialog', { name: 'Mag-upload ng ebidensya' });
  await expect(fil.getByLabel('Kumuha ng litrato')).toHaveAttribute('capture', 'environment');
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/evidence-camera-fil-390.png` });
  await fil.getByRole('button', { name: /Kanselahin|Cancel/ }).click();
  await official.goto('/dashboard');
  await expect(official.getByRole('heading', { name: 'Naghihintay sa inyo' })).toBeVisible();
  await reviewShot(official, { path: `${SHOTS}/dashboard-waiting-fil-390.png` });

  await official.context().close();
});

/** An item of the tracker as the overview lists it (what the journey below picks by). */
interface ItemSummary {
  id: number;
  ppa: string;
  inPlan: boolean;
  inoperative: unknown;
  honorariaPosition: string | null;
  status: string;
  actualEnd: string | null;
  appropriatedByClass: Record<string, number>;
  disbursedByClass: Record<string, number>;
}

/** Today in Manila, `YYYY-MM-DD`. */
const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test("an officer on a 360 px phone records an item's progress and a disbursement, one-handed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const width = 360;
  const official = await phone(browser, { viewport: { width, height: 780 } });
  await signIn(official, 'official');
  const { tracker } = await api<{ tracker: { items: ItemSummary[] } }>(official, '/api/tracker');
  // A line of the plan not finished, with money left in a class; not the photo journey's item
  // (the first).
  const left = (i: ItemSummary, c: string) =>
    (i.appropriatedByClass[c] ?? 0) - (i.disbursedByClass[c] ?? 0);
  const item = tracker.items
    .slice(1)
    .find(
      (i) =>
        i.inPlan &&
        !i.inoperative &&
        i.honorariaPosition === null &&
        i.status === 'not started' &&
        i.actualEnd === null &&
        Object.keys(i.appropriatedByClass).some((c) => left(i, c) >= 1_000),
    );
  expect(item, 'an item not started, with money left').toBeTruthy();
  const itemId = String(item?.id ?? 0);
  const stamp = String(Date.now()).slice(-6);

  await official.goto(`/tracker/items/${itemId}`);
  await expect(official.getByRole('heading', { level: 1 })).toBeVisible();
  const spending = official.getByRole('region', { name: 'Spending' });
  // On the phone the spending by class and the disbursements are lists, not wide tables.
  await expect(spending.getByRole('list', { name: 'Spending by class' })).toBeVisible();
  await expect(spending.getByRole('table')).toHaveCount(0);
  await fitsThePhone(official, width);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/tracker-item-360.png`, fullPage: true });

  // --- Progress: ongoing since today, with what was done. ---
  const progress = official.getByRole('form', { name: 'Progress' });
  await progress.getByRole('combobox', { name: 'Status' }).click();
  await official.getByRole('option', { name: 'Ongoing', exact: true }).click();
  await progress.getByLabel('Actual start').fill(manilaToday());
  await progress
    .getByRole('textbox', { name: 'Accomplishment' })
    .fill(`Venue booked and the first session held (${stamp}).`);
  const save = progress.getByRole('button', { name: 'Save progress' });
  // Within the thumb's reach: a full-width button, 48 px high.
  const saveBox = await save.boundingBox();
  expect(saveBox?.height ?? 0).toBeGreaterThanOrEqual(48);
  expect(saveBox?.width ?? 0).toBeGreaterThanOrEqual(width - 100);
  await fitsThePhone(official, width);
  await reviewShot(official, { path: `${SHOTS}/tracker-progress-360.png` });
  await save.click();
  await expect(official.getByText('Item updated.')).toBeVisible();
  await expect(save).toBeDisabled();

  // --- A disbursement, in a dialog that fills the phone's screen. ---
  await spending.getByRole('button', { name: 'Record a disbursement' }).click();
  const dialog = official.getByRole('dialog', { name: 'Record a disbursement' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(width);
  const amount = dialog.getByRole('textbox', { name: 'Amount (PHP)' });
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await amount.fill('250.00');
  const reference = `DV-PH-${stamp}`;
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/tracker-disbursement-360.png` });
  await dialog.getByRole('button', { name: 'Save disbursement' }).click();
  await expect(dialog).toBeHidden();
  await expect(official.getByText('Disbursement saved.')).toBeVisible();
  const disbursements = spending.getByRole('list', { name: 'Disbursements' });
  const card = disbursements.getByRole('listitem').filter({ hasText: reference });
  await expect(card).toContainText('₱250.00');
  await expect(card.getByRole('button', { name: `Edit disbursement ${reference}` })).toBeVisible();
  const stored = await api<{ item: { status: string; disbursements: { reference: string }[] } }>(
    official,
    `/api/tracker/items/${itemId}`,
  );
  expect(stored.item.status).toBe('ongoing');
  expect(stored.item.disbursements.map((d) => d.reference)).toContain(reference);
  await fitsThePhone(official, width);
  expect(await seriousViolations(official)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await reviewShot(official, { path: `${SHOTS}/tracker-disbursed-360.png` });
  await reviewShot(official, { path: `${SHOTS}/tracker-item-after-360.png`, fullPage: true });

  // --- In Filipino: another disbursement, the same phone layout in the reader's language. ---
  await official.getByRole('button', { name: 'Filipino' }).click();
  const paggastos = official.getByRole('region', { name: 'Paggastos' });
  await paggastos.getByRole('button', { name: 'Magtala ng disbursement' }).click();
  const fil = official.getByRole('dialog', { name: 'Magtala ng disbursement' });
  await fil.getByRole('textbox', { name: 'Halaga (PHP)' }).fill('125.50');
  await fil.getByRole('textbox', { name: 'Reference' }).fill(`${reference}-F`);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/tracker-disbursement-fil-360.png` });
  await fil.getByRole('button', { name: 'I-save ang disbursement' }).click();
  await expect(fil).toBeHidden();
  await expect(
    paggastos
      .getByRole('list', { name: 'Mga disbursement' })
      .getByRole('listitem')
      .filter({ hasText: `${reference}-F` }),
  ).toContainText('₱125.50');
  await fitsThePhone(official, width);
  expect(await seriousViolations(official)).toEqual([]);
  await reviewShot(official, { path: `${SHOTS}/tracker-item-fil-360.png`, fullPage: true });
  await official.context().close();
});

test("the chairperson's plan page on a phone: status, approval and posting", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const chair = await phone(browser);
  await signIn(chair, 'chair');
  // Next year's draft, as the treasurer finishes it on a wide screen: the treasurers' notice
  // and certification dated, every youth development line in a centre of participation.
  const next = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear() + 1;
  const { plans } = await api<{ plans: { id: number; year: number; status: string }[] }>(
    chair,
    '/api/budget-plans',
  );
  const draft = plans.find((p) => p.year === next && p.status === 'draft');
  expect(draft, `a draft for ${String(next)}`).toBeTruthy();
  const planPath = `/api/budget-plans/${String(draft?.id ?? 0)}`;
  const { plan } = await api<{ plan: DraftPlan }>(chair, planPath);
  const token = await chair.evaluate(() => sessionStorage.getItem('token'));
  const saved = await chair.request.put(planPath, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: {
      version: plan.version,
      receipts: {
        ...plan.receipts,
        noticeOn: `${String(next - 1)}-07-10`,
        certifiedOn: `${String(next - 1)}-07-15`,
      },
      lines: plan.lines.map(({ id: _id, itemised: _i, objects, ...line }) => ({
        ...line,
        centre: line.program === 'YDEP' ? (line.centre ?? 'Health') : line.centre,
        objects: objects.map((o) => ({ code: o.code, amount: o.amount })),
      })),
      honoraria: plan.honoraria,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await chair.goto('/budget-planning');
  await expect(chair.getByRole('heading', { level: 1, name: /Budget Planning/ })).toBeVisible();
  await chair.getByRole('link', { name: `${String(next)} plan`, exact: true }).click();
  await expect(chair).toHaveURL(/\/budget-planning\/\d+$/);
  await expect(
    chair.getByRole('heading', { level: 1, name: `Budget plan ${String(next)}` }),
  ).toBeVisible();
  await expect(
    chair.getByRole('heading', { name: 'This screen needs a wider screen' }),
  ).toHaveCount(0);
  await expect(chair.getByRole('heading', { name: 'Status' })).toBeVisible();
  await expect(chair.getByText(/edited on a wide screen/)).toBeVisible();
  await expect(chair.getByRole('button', { name: 'Download' })).toBeVisible();
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/plan-phone-390.png`, fullPage: true });

  // Approval by resolution and posting, with a thumb.
  await chair.getByRole('button', { name: 'Approve' }).click();
  const approve = chair.getByRole('dialog', { name: 'Approve the budget plan' });
  await approve.getByLabel(/SK resolution number/).fill(`NP-SK-${String(next - 1)}-PHONE`);
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/plan-approve-390.png` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(chair.getByText('Budget plan approved.')).toBeVisible();
  await expect(approve).toBeHidden();
  await chair.getByRole('button', { name: 'Post to the disclosure board' }).click();
  const post = chair.getByRole('dialog', { name: 'Post the budget plan' });
  await expect(post).toContainText(`post it by Jan 1, ${String(next)}`);
  await post.getByRole('button', { name: 'Post' }).click();
  await expect(chair.getByText('Budget plan posted to the public disclosure board.')).toBeVisible();
  const after = await api<{ plan: { status: string } }>(chair, planPath);
  expect(after.plan.status).toBe('posted');
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/plan-posted-390.png`, fullPage: true });
  // The same page at 1366 px is the editor.
  await chair.setViewportSize({ width: 1366, height: 850 });
  await expect(chair.getByTestId('plan-summary')).toBeVisible();
  await reviewShot(chair, { path: `${SHOTS}/plan-1366.png` });
  await chair.context().close();
});

/** What the journey reads of a draft to save it again (`GET /api/budget-plans/:id`). */
interface DraftPlan {
  version: number;
  receipts: Record<string, unknown>;
  lines: ({
    id: number;
    itemised: boolean;
    program: string;
    centre: string | null;
    objects: { code: string; amount: number }[];
  } & Record<string, unknown>)[];
  honoraria: unknown[];
}

/** A birthday `age` years ago (minus a day), in Manila. */
function birthdayOf(age: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - age, m - 1, d - 1)).toISOString().slice(0, 10);
}

test('a youth self-registers on a phone; the chairperson designates the SK secretary, who verifies it on a phone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const last = `Telepono${String(Date.now()).slice(-5)}`;
  const first = 'Amihan';
  const youth = await phone(browser);
  await youth.goto('/home');
  await youth.getByRole('combobox', { name: 'Search your barangay' }).fill(BARANGAY);
  await youth.getByRole('option', { name: new RegExp(`^${BARANGAY}`) }).click();
  await youth
    .getByRole('region', { name: `${BARANGAY}, Quezon City` })
    .getByRole('link', { name: 'Youth profiling form (KK)' })
    .click();
  await youth.getByLabel('Last name').fill(last);
  await youth.getByLabel('First name').fill(first);
  await youth.getByLabel('Birthday').fill(birthdayOf(20));
  await youth.getByLabel('Home address (purok/sitio)').fill('Purok 5');
  await youth.getByLabel('Contact number').fill('09170003344');
  await youth.getByLabel(/I have read the privacy notice/).check();
  const choose = async (field: RegExp, option: string) => {
    await youth.getByRole('combobox', { name: field }).click();
    await youth.getByRole('option', { name: option, exact: true }).click();
  };
  await choose(/^Sex assigned at birth/, 'Female');
  await choose(/^Civil status/, 'Single');
  await choose(/^Youth classification/, 'In school youth');
  await choose(/^Highest educational attainment/, 'High School Level');
  await choose(/^Work status/, 'Unemployed');
  await youth.getByRole('button', { name: 'Send my profile' }).click();
  await expect(youth.getByRole('status')).toContainText('Your profile was received');
  await youth.context().close();

  // The chairperson, on a phone too, designates an SK official to the SK secretary's duty.
  const chair = await phone(browser);
  await signIn(chair, 'chair');
  const candidates = await api<{ candidates: { userId: number; name: string }[] }>(
    chair,
    '/api/kk/secretary',
  );
  // The barangay's one other account is its SK official (`<code>.official`).
  expect(candidates.candidates).toHaveLength(1);
  const official = candidates.candidates[0];
  await chair.goto('/kk');
  await expect(chair.getByRole('heading', { name: /Youth Registry/, level: 1 })).toBeVisible();
  await chair.getByRole('combobox', { name: 'SK official' }).click();
  await chair
    .getByRole('option', { name: official?.name ?? '' })
    .first()
    .click();
  await chair.getByRole('button', { name: 'Designate' }).click();
  await expect(chair.locator('.Toastify')).toContainText('SK secretary designation saved.');
  await fitsThePhone(chair);
  await chair.context().close();

  // The SK secretary opens the registry on a phone with a reason and verifies it.
  const secretary = await phone(browser);
  await signIn(secretary, 'official');
  await secretary.goto('/kk');
  await expect(secretary.getByRole('heading', { name: /Youth Registry/, level: 1 })).toBeVisible();
  await secretary.getByLabel(/Reason/).fill('Verification of the self-profiling submissions');
  await secretary.getByRole('button', { name: 'Open the registry' }).click();
  await secretary.getByLabel('Search name or purok').fill(last);
  const verify = secretary.getByRole('button', { name: `Verify ${first} ${last}` });
  await expect(verify).toBeVisible();
  await fitsThePhone(secretary);
  expect(await seriousViolations(secretary)).toEqual([]);
  await reviewShot(secretary, { path: `${SHOTS}/registry-verify-390.png`, fullPage: true });
  await verify.click();
  await expect(secretary.locator('.Toastify')).toContainText('Profile verified.');
  await expect(verify).toHaveCount(0);
  // In Filipino too: the registry in the secretary's language.
  await secretary.getByRole('button', { name: 'Filipino' }).click();
  await expect(secretary.getByRole('heading', { level: 1 })).toBeVisible();
  await fitsThePhone(secretary);
  expect(await seriousViolations(secretary)).toEqual([]);
  await reviewShot(secretary, { path: `${SHOTS}/registry-verified-fil-390.png`, fullPage: true });
  await secretary.context().close();
});

test("the chairperson sends the year's plan to the city and the budget officer decides it, each on a phone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  const chair = await phone(browser);
  await signIn(chair, 'chair');
  await chair.goto('/budget-planning');
  await chair.getByRole('link', { name: `${String(year)} plan`, exact: true }).click();
  const panel = chair.getByRole('region', { name: 'City review of the budget' });
  await expect(panel).toBeVisible();
  const file = panel.locator('input[type="file"]');
  if ((await file.count()) > 0) {
    await file.setInputFiles(
      fileURLToPath(new URL('./fixtures/youth-coding-bootcamp.pdf', import.meta.url)),
    );
  }
  await panel.getByRole('button', { name: 'Submit to the city' }).click();
  await expect(panel.getByTestId('review-state')).toHaveText('Submitted to the city');
  await fitsThePhone(chair);
  expect(await seriousViolations(chair)).toEqual([]);
  await reviewShot(chair, { path: `${SHOTS}/plan-submitted-390.png`, fullPage: true });
  await chair.context().close();

  // The city's budget officer, on a phone, decides the review from the queue.
  const officer = await phone(browser);
  await officer.goto('/login?city=Quezon%20City');
  const login = officer.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Username').fill('qc.budget');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(officer).toHaveURL(/\/city(\/|$)/);
  await officer.goto('/city/reviews');
  await expect(officer.getByRole('heading', { name: 'Budget reviews', level: 1 })).toBeVisible();
  await fitsThePhone(officer);
  expect(await seriousViolations(officer)).toEqual([]);
  await reviewShot(officer, { path: `${SHOTS}/city-reviews-390.png`, fullPage: true });
  await officer.getByRole('link', { name: BARANGAY }).first().click();
  await expect(
    officer.getByRole('heading', { name: `SK budget ${String(year)} of ${BARANGAY}` }),
  ).toBeVisible();
  await officer.getByRole('button', { name: 'Start the review' }).click();
  await expect(officer.getByTestId('review-state')).toHaveText('Under review');
  await officer.getByRole('button', { name: 'Decide', exact: true }).click();
  const dialog = officer.getByRole('dialog', { name: 'Decide the review' });
  await dialog.getByLabel('Sanggunian resolution number').fill('SP-2026-207');
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Resolution date').fill(today);
  expect(await seriousViolations(officer)).toEqual([]);
  await reviewShot(officer, { path: `${SHOTS}/city-decide-390.png` });
  await dialog.getByRole('button', { name: 'Record the decision' }).click();
  await expect(officer.getByTestId('review-state')).toContainText('Reviewed');
  await fitsThePhone(officer);
  expect(await seriousViolations(officer)).toEqual([]);
  await reviewShot(officer, { path: `${SHOTS}/city-decided-390.png`, fullPage: true });
  // In Filipino: the decided review and the queue in the officer's language.
  await officer.getByRole('button', { name: 'Filipino' }).click();
  await expect(officer.getByTestId('review-state')).not.toHaveText('Under review');
  await fitsThePhone(officer);
  expect(await seriousViolations(officer)).toEqual([]);
  await reviewShot(officer, { path: `${SHOTS}/city-decided-fil-390.png`, fullPage: true });
  await officer.goto('/city/reviews');
  await expect(officer.getByRole('heading', { level: 1 })).not.toHaveText('Budget reviews');
  await fitsThePhone(officer);
  expect(await seriousViolations(officer)).toEqual([]);
  await reviewShot(officer, { path: `${SHOTS}/city-reviews-fil-390.png`, fullPage: true });
  await officer.context().close();
});
