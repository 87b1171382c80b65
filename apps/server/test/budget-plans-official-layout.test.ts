import { manilaYear, type BudgetPlan, type PlanSummary } from '@sk-tanaw/contract';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getPlan } from './budget-plans-helpers.ts';
import { pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { pesosInWords } from '../src/features/budget-plans/documents/official.ts';

/**
 * The plan documents in the official layout: header lines from the barangay registry,
 * account codes per object of expenditure, the annual budget's approval paragraph and signatories,
 * the ABYIP's SK resolution and KK concurrence lines; read back from the workbook and the PDF.
 */

const BLANK = '____________';

/** The demo barangays are Quezon City's (db/seed.ts): NCR, no province. */
const HEADER = [
  'Region: National Capital Region (NCR)',
  `Province: ${BLANK}`,
  'City/Municipality: Quezon City',
  'Barangay: San Bartolome',
];

/** Sum of a column's numbers over the rows whose account code (column B) is `code`. */
function sumByCode(sheet: ExcelJS.Worksheet, code: string, column: number): number {
  let cents = 0;
  let rows = 0;
  sheet.eachRow((row) => {
    if (row.getCell(2).value === code) {
      rows += 1;
      const value = row.getCell(column).value;
      cents += Math.round((typeof value === 'number' ? value : 0) * 100);
    }
  });
  expect(rows, `rows with ${code}`).toBeGreaterThan(0);
  return cents / 100;
}

const cents = (pesos: number) => Math.round(pesos * 100);

describe.each(DIALECTS)('plan documents in the official layout on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let year: number;
  let posted: BudgetPlan;
  let draftId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    year = manilaYear(t.clock.now());
    const list = (await call(t.app, 'GET', '/api/budget-plans', chair)).json<{
      plans: PlanSummary[];
    }>().plans;
    posted = await getPlan(t.app, chair, list.find((p) => p.status === 'posted')?.id ?? 0);
    draftId = list.find((p) => p.status === 'draft')?.id ?? 0;
  });

  afterAll(async () => {
    await t.close();
  });

  const download = (id: number, document: string, format: string) =>
    call(
      t.app,
      'GET',
      `/api/budget-plans/${String(id)}/documents/${document}?format=${format}`,
      chair,
    );

  function approvalParagraph(): string {
    const approval = posted.approval;
    if (!approval) {
      throw new Error('the demo plan is posted, so approved');
    }
    return (
      `On ${approval.approvedOn}, the SK of Barangay San Bartolome, Quezon City, through SK ` +
      `Resolution No. ${approval.resolutionNumber}, S-${approval.approvedOn.slice(0, 4)}, has ` +
      `approved the SK Annual Budget for CY ${String(year)}, amounting to ` +
      `${pesosInWords(posted.receipts.tenPercentShare)} equivalent to 10% of the approved ` +
      `budget of Barangay San Bartolome, Quezon City, per Barangay Appropriation Ordinance No. ` +
      `${BLANK}, S-${BLANK}.`
    );
  }

  it('writes the amount in words and figures as the form does', () => {
    expect(pesosInWords(150_000)).toBe('One Hundred Fifty Thousand Pesos (₱150,000.00)');
    expect(pesosInWords(1_234_567.5)).toBe(
      'One Million Two Hundred Thirty-Four Thousand Five Hundred Sixty-Seven Pesos and 50/100 (₱1,234,567.50)',
    );
    expect(pesosInWords(2_000_019.05)).toBe(
      'Two Million Nineteen Pesos and 05/100 (₱2,000,019.05)',
    );
    expect(pesosInWords(0)).toBe('Zero Pesos (₱0.00)');
  });

  it('heads the annual budget workbook, lists objects with their account codes, and signs it as the form does', async () => {
    const response = await download(posted.id, 'annual-budget', 'xlsx');
    expect(response.statusCode).toBe(200);
    const sheet = await workbook(response.rawPayload);
    for (const line of [...HEADER, 'OFFICE OF THE SANGGUNIANG KABATAAN']) {
      rowWith(sheet, 1, line);
    }
    rowWith(sheet, 1, `Calendar Year ${String(year)}`);
    rowWith(sheet, 1, approvalParagraph());

    // Every peso of Part II sits on an object with its code: honoraria (and any other PS) on
    // 5-01-02-100, training MOOE on 5-02-02-010, other MOOE on 5-02-99-990, CO on 1-07-05-990.
    const training = posted.lines.filter((l) => l.training);
    const others = posted.lines.filter((l) => !l.training);
    const sum = (ls: typeof posted.lines, key: 'ps' | 'mooe' | 'co') =>
      ls.reduce((s, l) => s + cents(l[key]), 0) / 100;
    expect(training.length).toBeGreaterThan(0);
    expect(sumByCode(sheet, '5-01-02-100', 3)).toBe(posted.totals.ps);
    expect(sumByCode(sheet, '5-02-02-010', 4)).toBe(sum(training, 'mooe'));
    expect(sumByCode(sheet, '5-02-99-990', 4)).toBe(sum(others, 'mooe'));
    expect(sumByCode(sheet, '1-07-05-990', 5)).toBe(sum(posted.lines, 'co'));
    for (const [code, title] of [
      ['5-02-02-010', 'Training Expenses'],
      ['5-02-99-990', 'Other Maintenance and Operating Expenses'],
      ['1-07-05-990', 'Other Machinery and Equipment'],
    ] as const) {
      expect(rowWith(sheet, 1, title).getCell(2).value).toBe(code);
    }
    // Each PPA with its expected results and performance indicators.
    const first = training[0];
    const ppa = rowWith(sheet, 1, first?.ppa ?? '?');
    expect(ppa.getCell(7).value).toBe(first?.expectedResult);
    expect(ppa.getCell(8).value).toBe(first?.performanceIndicator);
    expect(sheet.getRow(ppa.number + 1).getCell(2).value).toBe('5-02-02-010');
    expect(sheet.getRow(ppa.number + 1).getCell(4).value).toBe(first?.mooe);

    // Prepared by the SK Treasurer, noted by the SK Chairperson, names over their titles.
    const labels = rowWith(sheet, 1, 'Prepared by:');
    expect(labels.getCell(7).value).toBe('Noted by:');
    const names = sheet.getRow(labels.number + 2);
    expect(names.getCell(1).value).toBe(posted.signatories.treasurer);
    expect(names.getCell(7).value).toBe(posted.signatories.chairperson);
    expect(sheet.getRow(labels.number + 3).getCell(1).value).toBe('SK Treasurer');
    expect(sheet.getRow(labels.number + 3).getCell(7).value).toBe('SK Chairperson');
  });

  it('prints the same in the annual budget PDF', async () => {
    const response = await download(posted.id, 'annual-budget', 'pdf');
    expect(response.statusCode).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s+/g, ' ');
    for (const words of [
      ...HEADER,
      'OFFICE OF THE SANGGUNIANG KABATAAN',
      approvalParagraph(),
      '5-01-02-100',
      '5-02-02-010',
      'Training Expenses',
      '5-02-99-990',
      '1-07-05-990',
      'Expected Results',
      'Performance Indicators',
      'Prepared by:',
      'Noted by:',
      `${posted.signatories.treasurer} SK Treasurer`,
      `${posted.signatories.chairperson} SK Chairperson`,
    ]) {
      expect(text).toContain(words);
    }
  });

  it('heads the ABYIP and names its SK resolution and the KK concurrence, in the workbook and the PDF', async () => {
    const approval = posted.approval;
    const resolution = `Adopted through SK Resolution No. ${String(approval?.resolutionNumber)}, s. ${String(approval?.approvedOn.slice(0, 4))}, approved on ${String(approval?.approvedOn)}`;
    const kk = `Concurred in by the Katipunan ng Kabataan of Barangay San Bartolome in its assembly held on ${BLANK}`;
    const book = await workbook((await download(posted.id, 'abyip', 'xlsx')).rawPayload);
    for (const line of [...HEADER, resolution, kk]) {
      rowWith(book, 1, line);
    }
    rowWith(book, 1, `Calendar Year ${String(year)}`);
    const pdf = (await pdfPages((await download(posted.id, 'abyip', 'pdf')).rawPayload))
      .join(' ')
      .replace(/\s+/g, ' ');
    for (const words of [...HEADER, resolution, kk]) {
      expect(pdf).toContain(words);
    }
    // A draft has no resolution yet: its lines are left to fill in.
    const draft = await workbook((await download(draftId, 'abyip', 'xlsx')).rawPayload);
    rowWith(draft, 1, `Adopted through SK Resolution No. ${BLANK}, s. ${BLANK}`);
    const draftBudget = await workbook(
      (await download(draftId, 'annual-budget', 'xlsx')).rawPayload,
    );
    const paragraph = draftBudget.getRow(
      rowWith(draftBudget, 1, 'OFFICE OF THE SANGGUNIANG KABATAAN').number + 6,
    );
    expect(paragraph.getCell(1).text).toContain(
      `On ${BLANK}, the SK of Barangay San Bartolome, Quezon City, through SK Resolution No. ${BLANK}, S-${BLANK},`,
    );
  });
});
