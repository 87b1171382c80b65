/**
 * The tracker's alerts (dashboard and tracker page) are written in the reader's
 * language: `lang` on GET /api/tracker and GET /api/tracker/alerts, the account's language when
 * absent. The facts (kinds, items, dates, numbers, pesos) are the same in both languages.
 */
import type { Language, TrackerAlert, TrackerOverview } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOf, noCents, type ItemFacts } from '../src/features/tracker/figures.ts';
import { manualClock } from '../src/lib/clock.ts';
import { documentedParameter } from './api-docs.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disburse,
  disbursement,
  itemNamed,
  itemOf,
  itemUrl,
  postedPlan,
} from './tracker-helpers.ts';

/** Every number a text states, with its peso or percent sign: '₱14,845.67', '37.1%', '2028'. */
const NUMBER = /₱?\d(?:[\d,]*\d)?(?:\.\d+)?%?/g;
const numbersOf = (texts: readonly string[]) =>
  texts.flatMap((t) => t.match(NUMBER) ?? []).sort((a, b) => a.localeCompare(b));

/** English words no Filipino alert of ours contains (the item's own name left out). */
const ENGLISH_WORDS = /\b(the|has|was|its|of|after|began|not started|used|appropriation)\b/i;

/** The alerts' facts without their sentences: what must not change with the language. */
const factsOf = (alerts: readonly TrackerAlert[]) =>
  alerts.map(({ message: _message, ...facts }) => facts);

/** A message with the item's "REF (PPA)" taken out, so that only our own words remain. */
const ownWords = (alert: TrackerAlert) =>
  alert.message.replace(`${alert.referenceCode} (${alert.ppa})`, '#');

function expectSameFactsInFilipino(en: readonly TrackerAlert[], fil: readonly TrackerAlert[]) {
  expect(fil.length).toBeGreaterThan(0);
  expect(factsOf(fil)).toEqual(factsOf(en));
  for (const [i, alert] of fil.entries()) {
    const english = en[i] as TrackerAlert;
    expect(numbersOf([alert.message])).toEqual(numbersOf([english.message]));
    expect(alert.message).not.toBe(english.message);
    expect(alert.message).toContain(`${alert.referenceCode} (${alert.ppa})`);
    expect(ownWords(alert), 'an English word in a Filipino alert').not.toMatch(ENGLISH_WORDS);
    expect(ownWords(alert)).toMatch(/\b(ang|ng|sa|pa|na)\b/);
  }
}

describe('the alert sentences in each language', () => {
  const item: ItemFacts = {
    id: 7,
    year: 2028,
    referenceCode: '3000-100-2-2028-01',
    ppa: 'Health caravan',
    centre: 'Health',
    inPlan: true,
    status: 'not started',
    plannedStart: null,
    plannedEnd: null,
    startMonth: 3,
    endMonth: 5,
    appropriated: { ...noCents(), MOOE: 3_000_000, CO: 1_000_000 },
    disbursed: { ...noCents(), MOOE: 1_484_567 },
  };
  const checkpoints = [{ itemId: 7, title: 'Venue booked', dueOn: '2028-03-15', doneOn: null }];
  const named = '3000-100-2-2028-01 (Health caravan)';

  it('says the same facts in English (unchanged) and Filipino', () => {
    const en = alertsOf([item], checkpoints, '2028-10-01');
    expect(alertsOf([item], checkpoints, '2028-10-01', 'en')).toEqual(en);
    expect(en.map((a) => a.message)).toEqual([
      `Checkpoint "Venue booked" of ${named} was due 2028-03-15.`,
      `${named} has not started, and the last quarter of its period began 2028-05-09.`,
      `${named} has used 37.1% of its appropriation (₱14,845.67 of ₱40,000.00) after the third quarter.`,
    ]);
    const fil = alertsOf([item], checkpoints, '2028-10-01', 'fil');
    expect(fil.map((a) => a.message)).toEqual([
      `Lampas na sa takdang petsa (2028-03-15) ang checkpoint na "Venue booked" ng ${named}.`,
      `Hindi pa nasisimulan ang ${named}, pero nagsimula na noong 2028-05-09 ang huling quarter ng takdang panahon nito.`,
      `37.1% pa lang ng laang-gugulin ng ${named} ang nagamit (₱14,845.67 sa ₱40,000.00) matapos ang ikatlong quarter.`,
    ]);
    expectSameFactsInFilipino(en, fil);
  });
});

describe.each(DIALECTS)('the tracker alerts in the reader language on %s', (dialect) => {
  const YEAR = 2028;
  let t: TestApp;
  let chair: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, YEAR);
    // 1 October 2028: after the third quarter, every kind of alert can be raised.
    t.clock.set(new Date('2028-10-01T04:00:00.000Z'));
    chair = await loginAs(t.app, 'SKC', 'SB');
    const tracker = await get<{ tracker: TrackerOverview }>(`/api/tracker?year=${String(YEAR)}`);
    const health = itemNamed(tracker.tracker, 'Health caravan').id;
    itemOf(
      await api(t.app, 'POST', itemUrl(health, '/checkpoints'), chair, {
        title: 'Venue booked',
        dueOn: '2028-03-15',
      }),
    );
    await disburse(t.app, chair, health, disbursement(14_845.67, '2028-06-01'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function get<T>(url: string): Promise<T> {
    const response = await api(t.app, 'GET', url, chair);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  const dashboard = (lang: Language | null) =>
    get<{ year: number; alerts: TrackerAlert[] }>(
      `/api/tracker/alerts${lang ? `?lang=${lang}` : ''}`,
    );
  const page = async (lang: Language | null) =>
    (
      await get<{ tracker: TrackerOverview }>(
        `/api/tracker?year=${String(YEAR)}${lang ? `&lang=${lang}` : ''}`,
      )
    ).tracker;

  const setLanguage = async (language: Language) => {
    const r = await api(t.app, 'PUT', '/api/account/language', chair, { language });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('answers the same facts and numbers in both languages, in Filipino words for lang=fil', async () => {
    const en = await dashboard('en');
    expect(en.year).toBe(YEAR);
    expect(en.alerts.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['checkpoint-overdue', 'not-started-late', 'low-utilisation']),
    );
    expect(en.alerts.map((a) => a.message)).toContain(
      `${en.alerts[0]?.referenceCode ?? ''} (Health caravan) has used 37.1% of its appropriation (₱14,845.67 of ₱40,000.00) after the third quarter.`,
    );
    const fil = await dashboard('fil');
    expect(fil.year).toBe(en.year);
    expectSameFactsInFilipino(en.alerts, fil.alerts);

    // The tracker page: the same alerts; every figure is the same in both languages.
    const [pageEn, pageFil] = [await page('en'), await page('fil')];
    expect(pageEn.alerts).toEqual(en.alerts);
    expect(pageFil.alerts).toEqual(fil.alerts);
    expect({ ...pageFil, alerts: [] }).toEqual({ ...pageEn, alerts: [] });
  });

  it("writes in the account's language when lang is absent, and lang overrides it", async () => {
    const en = await dashboard('en');
    expect(await dashboard(null)).toEqual(en);
    expect((await page(null)).alerts).toEqual(en.alerts);
    await setLanguage('fil');
    try {
      const fil = await dashboard('fil');
      expect(await dashboard(null)).toEqual(fil);
      expect((await page(null)).alerts).toEqual(fil.alerts);
      expect(await dashboard('en')).toEqual(en);
      expect((await page('en')).alerts).toEqual(en.alerts);
    } finally {
      await setLanguage('en');
    }
    expect(await dashboard(null)).toEqual(en);
  });

  it('refuses an invalid lang with 400 VALIDATION_ERROR naming it', async () => {
    for (const url of ['/api/tracker/alerts?', `/api/tracker?year=${String(YEAR)}&`]) {
      for (const lang of ['de', 'EN', 'tl', '']) {
        const r = await api(t.app, 'GET', `${url}lang=${lang}`, chair);
        expect(r.statusCode, `${url}lang=${lang}`).toBe(400);
        const body = r.json<{ success: boolean; message: string; code: string }>();
        expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(body.message).toMatch(/^lang: /);
      }
    }
  });

  it('documents lang (en or fil) on both endpoints', async () => {
    const langOf = await documentedParameter(t.app, 'lang');
    for (const path of ['/api/tracker', '/api/tracker/alerts']) {
      expect(langOf('get', path), path).toMatchObject({
        in: 'query',
        schema: { enum: ['en', 'fil'] },
      });
    }
  });
});
