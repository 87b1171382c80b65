/**
 * The built-in analyst writes English or Filipino from the same facts. The forecast
 * analysis, the predictive analysis and the trend cards take `lang` (else the account's
 * language); both languages state exactly the same numbers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnalysisOptionsSchema,
  PROJECT_STATUSES,
  type AnalysisOptionsInput,
  type Language,
} from '@sk-tanaw/contract';
import { analyse, proseTexts } from '../src/features/forecast/analyst.ts';
import { ANALYST_EN } from '../src/features/forecast/analyst-en.ts';
import { buildViewModel } from '../src/features/forecast/build.ts';
import type { BudgetCell } from '../src/features/forecast/repository.ts';
import { writeAnalysis, type AnalysisContext } from '../src/features/predictive/analysis-writer.ts';
import { budgetFacts, cellsOf, type PpaYear } from '../src/features/predictive/budget-facts.ts';
import { projectFacts, type ProjectRecord } from '../src/features/predictive/project-facts.ts';
import { trendItems } from '../src/features/predictive/trend-items.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { documentedParameter } from './api-docs.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/** Every number a text states, with its peso or percent sign: '₱1,351,461', '12.5%', '2027'. */
const NUMBER = /₱?\d(?:[\d,]*\d)?(?:\.\d+)?%?/g;

/** Fields that are no text: when an answer was made. */
const SKIPPED_KEYS = new Set(['generated_at', 'timestamp']);

/** Every string of an answer, depth first (object keys in their order). */
function strings(value: unknown, key = ''): string[] {
  if (SKIPPED_KEYS.has(key)) {
    return [];
  }
  if (typeof value === 'string') {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap((v) => strings(v));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  }
  return [];
}

const numbersOf = (texts: readonly string[]) =>
  texts.flatMap((t) => t.match(NUMBER) ?? []).sort((a, b) => a.localeCompare(b));

/**
 * The sentences of the texts with at least four words, the ones that say something in a language;
 * project statuses are names, the same in both languages, and are left out.
 */
const sentencesOf = (texts: readonly string[]) =>
  texts
    .map((t) => PROJECT_STATUSES.reduce((text, status) => text.replaceAll(status, '#'), t))
    .flatMap((t) => t.split(/(?<=[.;])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);

/** The answer with every string emptied: what must not change with the language. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') {
    return '';
  }
  if (Array.isArray(value)) {
    return value.map(shape);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  }
  return value;
}

/** English words no product name, status or Filipino sentence of ours contains. */
const ENGLISH_WORDS = /\b(the|is|are|was|were|would|of the|has|have)\b/i;
/** Words every Filipino answer of this kind uses. */
const FILIPINO_WORDS = /\b(ang|ng|sa|mga|badyet|panukala|saklaw|para)\b/;

function expectFilipino(fil: readonly string[], en: readonly string[]) {
  const filText = sentencesOf(fil).join('\n');
  for (const sentence of sentencesOf(en)) {
    expect(filText, `English sentence in the Filipino answer: ${sentence}`).not.toContain(sentence);
  }
  for (const sentence of sentencesOf(fil)) {
    expect(sentence, 'an English word in a Filipino sentence').not.toMatch(ENGLISH_WORDS);
  }
  expect(filText).toMatch(FILIPINO_WORDS);
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  /** Which strings are prose (for the language checks); all strings count for numbers. */
  prose: (body: Record<string, unknown>) => string[];
}

const withLang = (url: string, lang: Language | null) =>
  lang === null ? url : `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/** Forecast analysis: its prose and the metadata's texts (data source, confidence formula). */
const forecastProse = (body: Record<string, unknown>) => {
  const { data_source, confidence_method } = body.metadata as Record<string, string>;
  return [
    ...proseTexts(body as unknown as Parameters<typeof proseTexts>[0]),
    data_source ?? '',
    confidence_method ?? '',
  ];
};
/** Predictive analysis: every text, the metadata's too, except the engine name. */
const allProse = (body: Record<string, unknown>) =>
  strings({ ...body, metadata: { ...(body.metadata as object), engine: '' } });
/** Trend cards: the descriptions and the notes (a card's name is the data's own). */
const cardProse = (body: Record<string, unknown>) => {
  const { note, data_weighting, error_details } = body.metadata as Record<string, unknown>;
  const cards = body.trends as { description: string }[];
  return strings([
    cards.map((c) => c.description),
    note,
    data_weighting,
    error_details,
    body.message,
  ]);
};

const CALLS: Call[] = [
  {
    name: 'forecast analysis by committee',
    method: 'GET',
    url: '/api/forecast-analysis?view_by=committee',
    prose: forecastProse,
  },
  {
    name: 'forecast analysis by category',
    method: 'GET',
    url: '/api/forecast-analysis?view_by=category',
    prose: forecastProse,
  },
  {
    name: 'general predictive analysis',
    method: 'GET',
    url: '/api/predictive-analysis/trends',
    prose: allProse,
  },
  {
    name: 'predictive analysis of Q2 in Education',
    method: 'GET',
    url: '/api/predictive-analysis/trends?time_period=Quarterly&time_detail=Q2&category=Education',
    prose: allProse,
  },
  {
    name: 'customized predictive analysis',
    method: 'POST',
    url: '/api/predictive-analysis/custom',
    payload: {
      options: { analysis_type: 'customized', time_period: 'Monthly', time_detail: 'March' },
    },
    prose: allProse,
  },
  { name: 'trend cards', method: 'GET', url: '/api/project-trends', prose: cardProse },
  {
    name: 'trend cards of one category',
    method: 'GET',
    url: '/api/custom-project-trends?customCategory=Health',
    prose: cardProse,
  },
  {
    name: 'trend cards without data',
    method: 'GET',
    url: '/api/project-trends?category=Nothing%20Here&startDate=2019-01-01',
    prose: cardProse,
  },
];

describe.each(DIALECTS)('the analyst in English and Filipino on %s', (dialect) => {
  let t: TestApp;
  let sb: Session;
  let nn: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [sb, nn] = await Promise.all([loginAs(t.app, 'SKC', 'SB'), loginAs(t.app, 'SKO', 'NN')]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function call(c: Call, as: Session, lang: Language | null) {
    const r = await t.app.inject({
      method: c.method,
      url: withLang(c.url, lang),
      headers: as.headers,
      ...(c.payload ? { payload: c.payload as Record<string, unknown> } : {}),
    });
    expect(r.statusCode, `${c.name}: ${r.body}`).toBe(200);
    return r.json<Record<string, unknown>>();
  }

  async function setLanguage(as: Session, language: Language) {
    await t.app.services.db
      .updateTable('users')
      .set({ language })
      .where('id', '=', as.userId)
      .execute();
  }

  for (const c of CALLS) {
    it(`${c.name}: the same numbers in both languages, Filipino words for lang=fil`, async () => {
      for (const as of [sb, nn]) {
        const [en, fil] = [await call(c, as, 'en'), await call(c, as, 'fil')];
        const enNumbers = numbersOf(strings(en));
        expect(numbersOf(strings(fil))).toEqual(enNumbers);
        if (c.name !== 'trend cards without data') {
          expect(enNumbers.length, `${c.name} states numbers`).toBeGreaterThan(3);
        }
        expectFilipino(c.prose(fil), c.prose(en));
        // Nothing but the words changes: the structure is the same.
        expect(shape(fil)).toEqual(shape(en));
      }
    });
  }

  it('answers lang=en exactly as without lang for an English account', async () => {
    for (const c of CALLS) {
      expect(await call(c, sb, 'en'), c.name).toEqual(await call(c, sb, null));
    }
    const analysis = await call(CALLS[0] as Call, sb, 'en');
    expect(analysis.summary).toMatch(/^The total budget (rose|fell|stayed)/);
  });

  it("writes in the account's language when lang is absent, and lang overrides it", async () => {
    await setLanguage(nn, 'fil');
    try {
      for (const c of CALLS) {
        const fil = await call(c, nn, 'fil');
        expect(await call(c, nn, null), c.name).toEqual(fil);
        expect(await call(c, nn, 'en'), c.name).not.toEqual(fil);
      }
      const analysis = await call(CALLS[0] as Call, nn, null);
      expect(analysis.summary).toMatch(/ang kabuuang badyet/);
      expect(analysis.summary).toContain('Inaasahang aabot sa ₱');
    } finally {
      await setLanguage(nn, 'en');
    }
    expect(await call(CALLS[0] as Call, nn, null)).toEqual(await call(CALLS[0] as Call, nn, 'en'));
  });

  it('answers an invalid lang with the 400 every invalid query parameter gets', async () => {
    const badViewBy = await t.app.inject({
      method: 'GET',
      url: '/api/forecast-analysis?view_by=ppa',
      headers: sb.headers,
    });
    expect(badViewBy.statusCode).toBe(400);
    const shape = Object.keys(badViewBy.json<object>()).sort();
    for (const c of CALLS) {
      for (const lang of ['de', 'EN', 'tl', '']) {
        const r = await t.app.inject({
          method: c.method,
          url: `${c.url}${c.url.includes('?') ? '&' : '?'}lang=${lang}`,
          headers: sb.headers,
          ...(c.payload ? { payload: c.payload as Record<string, unknown> } : {}),
        });
        expect(r.statusCode, `${c.name} lang=${lang}`).toBe(400);
        const body = r.json<{ success: boolean; message: string; code: string }>();
        expect(Object.keys(body).sort()).toEqual(shape);
        expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(body.message).toMatch(/^lang: /);
      }
    }
  });

  it('documents lang (en or fil) on every endpoint that takes it', async () => {
    const langOf = await documentedParameter(t.app, 'lang');
    for (const [path, method] of [
      ['/api/forecast-analysis', 'get'],
      ['/api/predictive-analysis/trends', 'get'],
      ['/api/predictive-analysis/custom', 'post'],
      ['/api/predictive-analysis/upload', 'post'],
      ['/api/project-trends', 'get'],
      ['/api/custom-project-trends', 'get'],
    ] as const) {
      expect(langOf(method, path), `${method} ${path}`).toMatchObject({
        in: 'query',
        schema: { enum: ['en', 'fil'] },
      });
    }
  });
});

describe('the AI writer in the asked language', () => {
  it('asks the AI for Filipino with Filipino facts, and falls back to the Filipino built-in text', async () => {
    const prompts: { system: string; facts: string }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as { messages: { content: string }[] };
        prompts.push({
          system: body.messages[0]?.content ?? '',
          facts: body.messages[1]?.content ?? '',
        });
        res.setHeader('content-type', 'application/json');
        // An answer that breaks the shape: the built-in analyst answers instead.
        res.end(JSON.stringify({ choices: [{ message: { content: '{"summary": 3}' } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const t = await createTestApp('sqlite', {
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'local-test-model' },
    });
    try {
      const sb = await loginAs(t.app, 'SKC', 'SB');
      const get = async (lang: Language) => {
        const r = await t.app.inject({
          method: 'GET',
          url: `/api/forecast-analysis?view_by=committee&lang=${lang}`,
          headers: sb.headers,
        });
        expect(r.statusCode).toBe(200);
        return r.json<{ summary: string; metadata: { engine: string } }>();
      };
      const fil = await get('fil');
      const en = await get('en');
      expect(prompts).toHaveLength(2);
      expect(prompts[0]?.system).toContain('Write every text in Filipino');
      expect(prompts[0]?.facts).toContain('Inaasahang aabot sa ₱');
      expect(prompts[1]?.system).not.toContain('Filipino');
      expect(prompts[1]?.facts).toContain('The forecast for');
      expect(fil.metadata.engine).toBe('built-in analyst');
      expect(fil.summary).toContain('ang kabuuang badyet');
      expect(en.summary).toMatch(/^The total budget/);
    } finally {
      await t.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 180_000);
});

// -------------------------------------------------------------------------------------------------
// The writers themselves, on random data: the numbers never depend on the language.

const NAMES = ['Sports', 'Education', 'Health', 'Environment', 'Governance'];

const forecastCells = fc
  .record({
    names: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 }),
    startYear: fc.integer({ min: 2010, max: 2020 }),
    years: fc.integer({ min: 1, max: 8 }),
    budgets: fc.array(
      fc.option(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2_000_000 })), {
        nil: null,
      }),
      { minLength: 40, maxLength: 40 },
    ),
  })
  .map(({ names, startYear, years, budgets }) => {
    const cells: BudgetCell[] = [];
    names.forEach((name, i) => {
      for (let y = 0; y < years; y += 1) {
        const budget = budgets[(i * years + y) % budgets.length] ?? null;
        if (budget !== null) {
          cells.push({ committee: name, category: name, year: startYear + y, budget, budgets: 1 });
        }
      }
    });
    return cells;
  });

const DAY = 86_400_000;
const projectsArb = fc
  .array(
    fc.record({
      category: fc.constantFrom(...NAMES, null),
      day: fc.integer({ min: 0, max: 1500 }),
      steps: fc.array(
        fc.record({
          to: fc.constantFrom(...PROJECT_STATUSES),
          days: fc.integer({ min: 0, max: 60 }),
          remarks: fc.constantFrom(null, 'attach the budget breakdown', 'budget breakdown missing'),
        }),
        { maxLength: 5 },
      ),
      hasDocument: fc.boolean(),
    }),
    { maxLength: 25 },
  )
  .map((list) =>
    list.map((p, id): ProjectRecord => {
      const submitted = Date.parse('2021-01-01T00:00:00Z') + p.day * DAY;
      let at = submitted;
      const history: ProjectRecord['history'] = [
        { to: 'Pending Review', at: new Date(submitted).toISOString(), remarks: null },
      ];
      for (const s of p.steps) {
        at += s.days * DAY;
        history.push({ to: s.to, at: new Date(at).toISOString(), remarks: s.remarks });
      }
      return {
        id,
        status: history[history.length - 1]?.to ?? 'Pending Review',
        category: p.category,
        submittedAt: new Date(submitted).toISOString(),
        hasDocument: p.hasDocument,
        history,
      };
    }),
  );

const rowsArb: fc.Arbitrary<PpaYear[]> = fc.array(
  fc.record({
    ppa: fc.constantFrom('A', 'B', 'C'),
    category: fc.constantFrom(...NAMES),
    committee: fc.constantFrom('Committee on Health', 'Committee on Education'),
    year: fc.integer({ min: 2018, max: 2025 }),
    budget: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 2_000_000 })),
  }),
  { maxLength: 40 },
);

const optionsArb: fc.Arbitrary<AnalysisOptionsInput> = fc.record({
  time_period: fc.constantFrom('None', 'Yearly', 'Quarterly', 'Monthly'),
  category: fc.constantFrom(undefined, 'Education'),
});

describe('the writers state the same numbers in both languages', () => {
  it.each(propertyRuns(100))('forecast analysis (property, %s)', (_label, params) => {
    fc.assert(
      fc.property(
        forecastCells,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('committee' as const, 'category' as const),
        (cells, horizon, viewBy) => {
          const model = buildViewModel(cells, viewBy, horizon);
          const en = proseTexts(analyse(model, 'en'));
          const fil = proseTexts(analyse(model, 'fil'));
          expect(numbersOf(fil)).toEqual(numbersOf(en));
          expect(en).toEqual(proseTexts(analyse(model)));
          expectFilipino(fil, en);
        },
      ),
      params,
    );
  });

  it.each(propertyRuns(100))(
    'predictive analysis and trend cards (property, %s)',
    (_label, params) => {
      fc.assert(
        fc.property(
          projectsArb,
          rowsArb,
          fc.integer({ min: 0, max: 3 }),
          fc.integer({ min: 2022, max: 2027 }),
          optionsArb,
          (projects, rows, peers, targetYear, options) => {
            const peerCells = rows.map((r) => ({ ...r, budget: r.budget * peers }));
            const b = budgetFacts(cellsOf(rows), peers ? peerCells : [], peers, targetYear);
            const p = projectFacts(projects);
            const context = (lang: Language): AnalysisContext => ({
              options: AnalysisOptionsSchema.parse(options),
              analysisType: 'general',
              targetLabel: String(targetYear),
              projectWindow: '',
              dataSource: 'fixture',
              timestamp: '2026-01-01T00:00:00.000Z',
              engine: 'test',
              lang,
            });
            const answer = (lang: Language) =>
              strings([
                writeAnalysis(p, b, context(lang)),
                trendItems(b.pairs, 'trend', lang).map((c) => c.description),
              ]);
            expect(numbersOf(answer('fil'))).toEqual(numbersOf(answer('en')));
            expectFilipino(answer('fil'), answer('en'));
          },
        ),
        params,
      );
    },
  );

  it('keeps the English phrasebook word for word (a sample of the spec texts)', () => {
    expect(ANALYST_EN.explanationTitle).toBe('Understanding the Chart');
    expect(ANALYST_EN.growth({ first: 2019, last: 2023, from: 400, to: 450 })).toBe(
      'The total budget rose 12.5% from ₱400 in 2019 to ₱450 in 2023.',
    );
  });
});
