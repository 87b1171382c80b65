// The quarterly and year-end accomplishment reports: items grouped by centre in the ABYIP's order,
// subtotals and totals computed in centavos, the workbook's totals as formulas with their results,
// the PDF's text holding the totals and the signatories, and the periods' titles and file names.
import { formatPlanPeso } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import {
  periodRange,
  periodTitle,
  renderTrackerReport,
  reportLayout,
  utilisationPercent,
  type TrackerReportData,
  type TrackerReportItem,
} from '../src/features/tracker/reports/index.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';

const item = (
  referenceCode: string,
  appropriatedCents: number,
  disbursedInPeriodCents: number,
  disbursedToDateCents: number,
  extra: Partial<TrackerReportItem> = {},
): TrackerReportItem => ({
  referenceCode,
  ppa: `PPA ${referenceCode}`,
  target: `Target of ${referenceCode}`,
  accomplishment: `Done for ${referenceCode}`,
  status: 'ongoing',
  appropriatedCents,
  disbursedInPeriodCents,
  disbursedToDateCents,
  remarks: '',
  ...extra,
});

/** Groups out of order, Health split in two, a line with nothing appropriated. */
const DATA: TrackerReportData = {
  barangay: { code: 'SB', name: 'San Bartolome' },
  year: 2026,
  period: 'q1',
  asOf: '2026-03-31',
  plan: { amendment: 0, resolutionNumber: '2025-014', kind: 'original' },
  signatories: {
    secretary: 'Kristine Ramos',
    treasurer: 'Paolo Cruz',
    chairperson: 'Miguel Santos',
  },
  groups: [
    {
      centre: 'Health',
      items: [item('2026-HEA-001', 5_000_000, 1_234_550, 2_500_000, { status: 'completed' })],
    },
    {
      centre: null,
      items: [
        item('2026-GAP-001', 1_200_000, 300_000, 300_000, { remarks: 'Monthly' }),
        item('2026-GAP-002', 0, 0, 0, { status: 'not started' }),
      ],
    },
    { centre: 'Education', items: [item('2026-EDU-001', 2_000_001, 0, 1_000_000)] },
    {
      centre: 'Health',
      items: [item('2026-HEA-002', 1_000_000, 5, 5, { status: 'deferred' })],
    },
  ],
};

describe('accomplishment report figures', () => {
  it('groups items in the ABYIP order with subtotals and a grand total in centavos', () => {
    const layout = reportLayout(DATA);
    expect(layout.groups.map((g) => [g.title, g.items.map((i) => i.referenceCode)])).toEqual([
      ['General Administration Program', ['2026-GAP-001', '2026-GAP-002']],
      ['Health', ['2026-HEA-001', '2026-HEA-002']],
      ['Education', ['2026-EDU-001']],
    ]);
    expect(layout.groups.map((g) => g.subtotal)).toEqual([
      { appropriated: 1_200_000, disbursedInPeriod: 300_000, disbursedToDate: 300_000 },
      { appropriated: 6_000_000, disbursedInPeriod: 1_234_555, disbursedToDate: 2_500_005 },
      { appropriated: 2_000_001, disbursedInPeriod: 0, disbursedToDate: 1_000_000 },
    ]);
    expect(layout.total).toEqual({
      appropriated: 9_200_001,
      disbursedInPeriod: 1_534_555,
      disbursedToDate: 3_800_005,
    });
  });

  it('gives utilisation as a % of appropriated to two decimals, none when nothing is', () => {
    expect(utilisationPercent(2_500_000, 5_000_000)).toBe(50);
    expect(utilisationPercent(1_000_000, 2_000_001)).toBe(50);
    expect(utilisationPercent(1, 3)).toBe(33.33);
    expect(utilisationPercent(3_800_005, 9_200_001)).toBe(41.3);
    expect(utilisationPercent(0, 0)).toBeNull();
    expect(utilisationPercent(7, 5)).toBe(140);
  });

  it('names the periods and their dates', () => {
    expect(periodTitle('q1', 2026)).toBe('First Quarter (January-March) 2026');
    expect(periodTitle('q2', 2026)).toBe('Second Quarter (April-June) 2026');
    expect(periodTitle('q3', 2026)).toBe('Third Quarter (July-September) 2026');
    expect(periodTitle('q4', 2026)).toBe('Fourth Quarter (October-December) 2026');
    expect(periodTitle('year', 2026)).toBe('Year-end 2026');
    expect(periodRange('q2', 2026)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodRange('year', 2027)).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });
});

describe('accomplishment report documents', () => {
  it('writes a workbook with every item, the centre subtotals and the grand totals', async () => {
    const report = await renderTrackerReport(DATA, 'xlsx');
    expect(report.fileName).toBe('SB-2026-Q1-accomplishment-report.xlsx');
    expect(report.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await workbook(report.bytes);
    const texts = sheet.getColumn(1).values.filter((v) => typeof v === 'string');
    expect(texts).toEqual(
      expect.arrayContaining([
        'Republic of the Philippines',
        'Barangay San Bartolome',
        'SK ACCOMPLISHMENT REPORT',
        'First Quarter (January-March) 2026',
        'As of March 31, 2026',
        'ABYIP 2026, approved by SK Resolution No. 2025-014',
      ]),
    );

    const health = rowWith(sheet, 1, '2026-HEA-001');
    expect(health.getCell(2).value).toBe('PPA 2026-HEA-001');
    expect(health.getCell(3).value).toBe('Target of 2026-HEA-001');
    expect(health.getCell(4).value).toBe('Done for 2026-HEA-001');
    expect(health.getCell(5).value).toBe('Completed');
    expect([6, 7, 8].map((c) => health.getCell(c).value)).toEqual([50_000, 12_345.5, 25_000]);
    expect(formulaOf(health.getCell(9)).result).toBe(0.5);
    expect(health.getCell(9).numFmt).toBe('0.00%');
    for (const code of ['2026-GAP-001', '2026-GAP-002', '2026-HEA-002', '2026-EDU-001']) {
      expect(rowWith(sheet, 1, code).getCell(2).value).toBe(`PPA ${code}`);
    }
    expect(rowWith(sheet, 1, '2026-GAP-001').getCell(10).value).toBe('Monthly');
    // Nothing appropriated: no utilisation rather than a division by zero.
    const none = formulaOf(rowWith(sheet, 1, '2026-GAP-002').getCell(9));
    expect(none.formula).toMatch(/^IF\(F(\d+)=0,"",H\1\/F\1\)$/);
    expect(typeof none.result).not.toBe('number');

    const subtotal = rowWith(sheet, 2, 'Subtotal, Health');
    expect([6, 7, 8].map((c) => formulaOf(subtotal.getCell(c)).result)).toEqual([
      60_000, 12_345.55, 25_000.05,
    ]);
    expect(formulaOf(subtotal.getCell(6)).formula).toMatch(/^SUM\(F\d+:F\d+\)$/);
    expect(formulaOf(subtotal.getCell(9)).result).toBeCloseTo(2_500_005 / 6_000_000, 10);
    expect(
      formulaOf(rowWith(sheet, 2, 'Subtotal, General Administration Program').getCell(6)).result,
    ).toBe(12_000);
    expect(formulaOf(rowWith(sheet, 2, 'Subtotal, Education').getCell(8)).result).toBe(10_000);

    const grand = rowWith(sheet, 2, 'GRAND TOTAL');
    expect([6, 7, 8].map((c) => formulaOf(grand.getCell(c)).result)).toEqual([
      92_000.01, 15_345.55, 38_000.05,
    ]);
    expect(formulaOf(grand.getCell(6)).formula.split('+')).toHaveLength(3);
    expect(formulaOf(grand.getCell(9)).result).toBeCloseTo(3_800_005 / 9_200_001, 10);

    const names = new Set<unknown>();
    sheet.eachRow((row) => {
      row.eachCell((cell) => names.add(cell.value));
    });
    for (const text of [
      'Prepared by:',
      'Approved by:',
      'Kristine Ramos',
      'Paolo Cruz',
      'Miguel Santos',
      'SK Secretary',
      'SK Treasurer',
      'SK Chairperson',
    ]) {
      expect(names.has(text), text).toBe(true);
    }
  });

  it('writes a PDF whose text holds the items, totals and signatories', async () => {
    const report = await renderTrackerReport(DATA, 'pdf');
    expect(report.fileName).toBe('SB-2026-Q1-accomplishment-report.pdf');
    expect(report.contentType).toBe('application/pdf');
    const text = (await pdfPages(report.bytes)).join('\n');
    for (const expected of [
      'Republic of the Philippines',
      'SK ACCOMPLISHMENT REPORT',
      'First Quarter (January-March) 2026',
      'As of March 31, 2026',
      'SK Resolution No. 2025-014',
      'General Administration Program',
      '2026-HEA-001',
      'Done for 2026-EDU-001',
      'Subtotal, Health',
      formatPlanPeso(60_000),
      formatPlanPeso(25_000.05),
      '41.67%',
      'GRAND TOTAL',
      formatPlanPeso(92_000.01),
      formatPlanPeso(15_345.55),
      formatPlanPeso(38_000.05),
      '41.30%',
      'Prepared by:',
      'Approved by:',
      'Kristine Ramos',
      'Paolo Cruz',
      'Miguel Santos',
      'SK Chairperson',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('titles the year-end report and a version of the plan', async () => {
    const data: TrackerReportData = {
      ...DATA,
      period: 'year',
      asOf: '2026-12-31',
      plan: { amendment: 2, resolutionNumber: '2026-031', kind: 'realignment' },
    };
    const report = await renderTrackerReport(data, 'pdf');
    expect(report.fileName).toBe('SB-2026-year-end-accomplishment-report.pdf');
    const text = (await pdfPages(report.bytes)).join('\n');
    expect(text).toContain('Year-end 2026');
    expect(text).toContain('ABYIP 2026, Realignment No. 2, approved by SK Resolution No. 2026-031');
    const xlsx = await renderTrackerReport({ ...data, period: 'q3' }, 'xlsx');
    expect(xlsx.fileName).toBe('SB-2026-Q3-accomplishment-report.xlsx');
    const sheet = await workbook(xlsx.bytes);
    expect(sheet.getColumn(1).values).toContain('Third Quarter (July-September) 2026');
  });

  it('continues a long report across pages under a repeated header', async () => {
    const items = Array.from({ length: 120 }, (_, i) =>
      item(`2026-HEA-${String(i + 1).padStart(3, '0')}`, 100_000, 1_000, 50_000),
    );
    const report = await renderTrackerReport(
      { ...DATA, groups: [{ centre: 'Health', items }] },
      'pdf',
    );
    const pages = await pdfPages(report.bytes);
    // Every page the table continues on repeats its header; the signatures may have a page of
    // their own after the table's total.
    const tablePages = pages.filter((page) => page.includes('2026-HEA-'));
    expect(tablePages.length).toBeGreaterThan(2);
    for (const page of tablePages) {
      expect(page).toContain('Disbursed To Date');
    }
    expect(tablePages.at(-1)).toContain(formatPlanPeso(120_000));
    expect(pages.at(-1)).toContain('Miguel Santos');
  });
});
