import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n, setupI18n } from '@lingui/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  PLAN_CHECK_RULES,
  PlanCheckSchema,
  evaluatePlanChecks,
  type PlanCheck,
  type PlanCheckFacts,
  type PlanCheckRule,
  type PlanInput,
  type PlanRule,
} from '@sk-tanaw/contract';
import { messages as filipinoCommon } from '../../../locales/fil/common.json?lingui';
import { messages as filipinoPlans } from '../../../locales/fil/plans.json?lingui';
import { checkMessage, checkSource } from './check-texts.ts';

const english = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
const filipinoI18n = setupI18n({
  locale: 'fil',
  messages: { fil: { ...filipinoCommon, ...filipinoPlans } },
});
const filipino = (id: string, values?: Record<string, unknown>) => filipinoI18n._(id, values);

const CAPS_SOURCE = 'RA 10742 s. 20 as amended by RA 11768 (2022)';
const RULES: PlanRule[] = [
  { rule: 'personal-services-cap', value: 0.25, effectiveYear: 2023, source: CAPS_SOURCE },
  { rule: 'training-cap', value: 0.15, effectiveYear: 2023, source: CAPS_SOURCE },
  { rule: 'chair-honorarium-sk-fund', value: 0, effectiveYear: 2023, source: 'LBC 148 (test)' },
  { rule: 'honoraria-positions', value: 7, effectiveYear: 2023, source: 'LBC 148 (test)' },
];

type Row = PlanInput['honoraria'][number];
/** Every SK position: the chairperson's reference at 0 months, the others at `rate`. */
const everyPosition = (chairRate: number, rate: number, chairMonths = 0): Row[] => [
  { position: 'chairperson', name: 'Carla', monthlyRate: chairRate, months: chairMonths },
  { position: 'member', name: 'Ana', monthlyRate: rate, months: 12 },
  ...Array.from(
    { length: 6 },
    (): Row => ({
      position: 'member',
      name: '',
      monthlyRate: rate,
      months: 12,
      vacant: true,
    }),
  ),
  { position: 'secretary', name: '', monthlyRate: rate, months: 12 },
  { position: 'treasurer', name: 'Lito', monthlyRate: rate, months: 12 },
];

const line = (overrides: Partial<PlanInput['lines'][number]>): PlanInput['lines'][number] => ({
  program: 'YDEP',
  centre: 'Health',
  referenceCode: '',
  ppa: 'Sports league',
  ps: 0,
  mooe: 0,
  co: 0,
  training: false,
  projectId: null,
  ...overrides,
});

/** Plans that make every check say each of its messages. */
function allChecks(): PlanCheck[] {
  const passing: PlanInput = {
    receipts: {
      tenPercentShare: 100000,
      certifiedOn: '2026-09-10',
      certifiedBy: 'Rosa on Reyes',
      noticeOn: '2026-09-12',
      noticeBy: 'Edgar Manalo',
      otherReceipts: [],
    },
    lines: [line({ mooe: 20000, projectId: 5 })],
    honoraria: everyPosition(2000, 200),
  };
  const failing: PlanInput = {
    receipts: { tenPercentShare: 0, certifiedOn: null, certifiedBy: '', otherReceipts: [] },
    lines: [
      line({ ps: 30000, mooe: 90000.5, training: true, projectId: 6 }),
      line({ centre: null, ppa: '', referenceCode: 'YDEP-X, 1' }),
      line({ centre: null, ppa: '' }),
      line({ centre: 'Peace-building and Security', mooe: -5 }),
    ],
    honoraria: [{ position: 'treasurer', name: ' Ben ', monthlyRate: 3000.25, months: 12 }],
  };
  const context = {
    year: 2027,
    rules: RULES,
    forecasts: [
      {
        viewBy: 'category' as const,
        name: 'Health',
        year: 2027,
        mean: 50,
        lower80: 1,
        upper80: 99,
      },
      {
        viewBy: 'category' as const,
        name: 'Peace-building and Security',
        year: 2027,
        mean: 50,
        lower80: 1,
        upper80: 99,
      },
    ],
    projects: [
      { projectId: 5, referenceNumber: 'P-5', title: 'League', status: 'Proposal Accepted' },
      { projectId: 6, referenceNumber: 'P-6', title: 'Hub; books', status: 'Pending Review' },
    ],
  };
  const noOthers: PlanInput = { ...passing, honoraria: passing.honoraria.slice(0, 1) };
  const above: PlanInput = { ...passing, honoraria: everyPosition(199, 200) };
  const chairCharged: PlanInput = { ...passing, honoraria: everyPosition(2000, 200, 12) };
  const twoChairs: PlanInput = {
    ...passing,
    honoraria: [
      { position: 'chairperson', name: '', monthlyRate: 1000000, months: 0 },
      ...passing.honoraria,
      { position: 'chairperson', name: 'Dina', monthlyRate: 3000.5, months: 1 },
    ],
  };
  // `above` comes before `failing`: its honoraria check is the first that fails, on the cap itself
  // (the failing plan's schedule fails on its positions first), and it fails nothing else.
  return [
    ...evaluatePlanChecks(passing, { ...context, forecasts: [], projects: [] }),
    ...evaluatePlanChecks(above, { ...context, forecasts: [], projects: [] }),
    ...evaluatePlanChecks(failing, context),
    ...evaluatePlanChecks(noOthers, context),
    // A year before the caps took effect, a rules table without them, two chairs.
    ...evaluatePlanChecks(passing, { ...context, year: 2022 }),
    ...evaluatePlanChecks(passing, { ...context, rules: [] }),
    ...evaluatePlanChecks(twoChairs, context),
    // The chairperson charged to the fund; no one else scheduled before the rules.
    ...evaluatePlanChecks(chairCharged, context),
    ...evaluatePlanChecks(noOthers, { ...context, year: 2022 }),
    // The approval's date against 1 January of the year: every timing.
    ...(
      [
        ['2026-12-10', '2026-12-11'],
        ['2027-02-01', '2027-03-01'],
        ['2019-05-05', '2026-12-11'],
        [null, '2026-12-11'],
        [null, '2027-01-05'],
      ] as const
    ).flatMap(([approvedOn, today]) =>
      evaluatePlanChecks(passing, {
        ...context,
        year: 2027,
        approval: { approvedOn, today },
      }).filter((c) => c.rule === 'approved-on-time'),
    ),
  ];
}

const checks = allChecks();

function find(rule: PlanCheckRule, status: PlanCheck['status']): PlanCheck {
  const found = checks.find((c) => c.rule === rule && c.status === status);
  if (!found) {
    throw new Error(`no ${rule} ${status}`);
  }
  return found;
}

/** The check with other facts and an English `message` that says nothing of them. */
const withFacts = (check: PlanCheck, facts: object): PlanCheck => ({
  ...check,
  facts: facts as PlanCheckFacts,
  message: 'Nothing to read here.',
});

/**
 * One changed fact per check: the failing (or warning) variant of each rule, a fact changed, and
 * a text both languages must now show.
 */
const CHANGES: [PlanCheckRule, PlanCheck['status'], (f: PlanCheckFacts) => object, string][] = [
  ['receipts-certified', 'pass', (f) => ({ ...f, share: 123456.78 }), '₱123,456.78'],
  ['within-receipts', 'fail', (f) => ({ ...f, over: 777.7 }), '₱777.70'],
  ['personal-services-cap', 'fail', (f) => ({ ...f, fraction: 0.2 }), '20%'],
  ['personal-services-cap', 'pass', (f) => ({ ...f, amount: 4321 }), '₱4,321.00'],
  ['honoraria-cap', 'fail', (f) => ({ ...f, chairRate: 999 }), '₱999.00'],
  [
    'honoraria-cap',
    'fail',
    (f) =>
      f.rule === 'honoraria-cap'
        ? { ...f, chairRate: 100, above: f.above.map((h) => ({ ...h, name: 'Mara' })) }
        : f,
    'SK Treasurer Mara',
  ],
  ['training-cap', 'fail', (f) => ({ ...f, cap: 15000.5 }), '₱15,000.50'],
  ['training-cap', 'fail', (f) => ({ ...f, fraction: 0.125 }), '12.5%'],
  [
    'ydep-centre',
    'fail',
    (f) =>
      f.rule === 'ydep-centre'
        ? { ...f, lines: [{ number: 9, ppa: 'Coding camp', referenceCode: '' }] }
        : f,
    'Coding camp',
  ],
  ['lines-complete', 'fail', (f) => ({ ...f, lines: [42] }), '42'],
  [
    'forecast-range',
    'warn',
    (f) =>
      f.rule === 'forecast-range'
        ? { ...f, centres: [{ centre: 'Agriculture', planned: 5, lower: 10, upper: 20.25 }] }
        : f,
    '₱20.25',
  ],
  [
    'proposal-accepted',
    'warn',
    (f) =>
      f.rule === 'proposal-accepted'
        ? { ...f, proposals: [{ referenceNumber: 'NN-9', title: 'Mural', status: 'x' }] }
        : f,
    'NN-9 Mural',
  ],
  [
    'cbydp-alignment',
    'warn',
    (f) => (f.rule === 'cbydp-alignment' ? { ...f, year: 2099 } : f),
    '2099',
  ],
  [
    'objects-itemised',
    'warn',
    (f) =>
      f.rule === 'objects-itemised'
        ? { ...f, lines: [{ number: 7, ppa: 'Mural painting', referenceCode: '' }] }
        : f,
    'Mural painting',
  ],
  ['approved-on-time', 'warn', (f) => ({ ...f, approvedOn: '2031-01-02' }), '2031-01-02'],
];

describe('check texts', () => {
  it('covers every message of the shared checks, and the checks match the contract', () => {
    expect(new Set(checks.map((c) => `${c.rule}:${c.status}`)).size).toBeGreaterThanOrEqual(17);
    for (const state of ['applies', 'before', 'missing']) {
      expect(checks.some((c) => c.facts.rule === 'training-cap' && c.facts.state === state)).toBe(
        true,
      );
    }
    expect(new Set(checks.map((c) => c.rule))).toEqual(new Set(PLAN_CHECK_RULES));
    for (const check of checks) {
      expect(PlanCheckSchema.parse(check)).toEqual(check);
    }
  });

  it('says each check in English exactly as the shared checks word it', () => {
    for (const check of checks) {
      expect(checkMessage(check, english)).toBe(check.message);
      expect(checkSource(check, english)).toBe(check.source);
    }
  });

  it('says each check and source in Filipino, figures and law numbers unchanged', () => {
    for (const check of checks) {
      const said = checkMessage(check, filipino);
      expect(said, check.message).not.toBe(check.message);
      for (const figure of check.message.match(/-?₱[\d,]+\.\d{2}|[\d.]+%/g) ?? []) {
        expect(said).toContain(figure);
      }
      const source = checkSource(check, filipino);
      for (const law of check.source.match(/RA \d+|No\. \d+|s\. \d{4}/g) ?? []) {
        expect(source).toContain(law);
      }
    }
    expect(checkMessage(find('forecast-range', 'warn'), filipino)).toContain(
      'Kapayapaan at Seguridad',
    );
    expect(checkMessage(find('ydep-centre', 'fail'), filipino)).toContain('YDEP-X, 1, linya 3');
    expect(checkMessage(find('proposal-accepted', 'warn'), filipino)).toContain(
      'P-6 Hub; books (Naghihintay',
    );
    expect(checkSource(find('within-receipts', 'pass'), filipino)).toContain('3.1.2 at 3.2');
  });

  it.each(CHANGES)(
    '%s (%s): both languages are worded from the facts, not the English message',
    (rule, status, change, shown) => {
      const check = find(rule, status);
      const changed = withFacts(check, change(check.facts));
      for (const t of [english, filipino]) {
        const before = checkMessage(check, t);
        const after = checkMessage(changed, t);
        expect(before).not.toContain(shown);
        expect(after).toContain(shown);
        expect(after).not.toBe(before);
        expect(after).not.toContain('Nothing to read here');
      }
    },
  );

  it.each([
    ['personal-services-cap', 'before', (f: PlanCheckFacts) => ({ ...f, from: 2031 }), '2031'],
    ['training-cap', 'missing', (f: PlanCheckFacts) => ({ ...f, year: 2099 }), '2099'],
    [
      'honoraria-cap',
      'severalChairs',
      (f: PlanCheckFacts) =>
        f.rule === 'honoraria-cap'
          ? { ...f, chairs: f.chairs.map((c) => ({ ...c, name: 'Lito' })) }
          : f,
      'SK Chairperson Lito',
    ],
  ] as const)('%s (%s): both languages are worded from the facts', (rule, state, change, shown) => {
    const check = checks.find(
      (c) =>
        c.rule === rule &&
        (c.facts.rule === 'honoraria-cap'
          ? c.facts.chairs.length > 1
          : 'state' in c.facts && c.facts.state === state),
    );
    if (!check) {
      throw new Error(`no ${rule} ${state}`);
    }
    const changed = withFacts(check, change(check.facts));
    for (const t of [english, filipino]) {
      expect(checkMessage(check, t)).not.toContain(shown);
      expect(checkMessage(changed, t)).toContain(shown);
    }
  });

  it('has a changed fact for every check', () => {
    expect(new Set(CHANGES.map(([rule]) => rule))).toEqual(new Set(PLAN_CHECK_RULES));
  });

  it('names the source by its key; a source without one is shown as it was written', () => {
    const caps = find('personal-services-cap', 'fail');
    expect(caps.facts.sourceKey).toBe('caps');
    expect(checkSource(caps, filipino)).toBe('RA 10742 s. 20 na sinusugan ng RA 11768 (2022)');
    // The key decides, not the English text beside it.
    expect(checkSource({ ...caps, source: 'Something else' }, filipino)).toBe(
      'RA 10742 s. 20 na sinusugan ng RA 11768 (2022)',
    );
    const added = { ...caps, source: 'A later law', facts: { ...caps.facts, sourceKey: null } };
    expect(checkSource(added, filipino)).toBe('A later law');
    expect(checkSource(added, english)).toBe('A later law');
  });

  it('reads no text: no regular expression, no splitting or matching, never the message', () => {
    const file = join(import.meta.dirname, 'check-texts.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        found.push(node.getText(source));
      }
      if (ts.isIdentifier(node) && node.text === 'RegExp') {
        found.push('RegExp');
      }
      if (
        ts.isPropertyAccessExpression(node) &&
        [
          'message',
          'split',
          'match',
          'matchAll',
          'exec',
          'replace',
          'replaceAll',
          'test',
          'slice',
          'indexOf',
          'startsWith',
          'endsWith',
          'includes',
        ].includes(node.name.text)
      ) {
        found.push(node.getText(source));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(found).toEqual([]);
  });
});
