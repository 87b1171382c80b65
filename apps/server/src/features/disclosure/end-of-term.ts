import type { Signatories, SkTerm } from '@sk-tanaw/contract';
import { signatoriesFrom } from '../../common/signatories.ts';
import { signingHolders } from '../council/signatories.ts';
import type { Executor } from '../../db/database.ts';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { manilaDate } from '../tracker/context.ts';
import { sumCents } from '../tracker/figures.ts';
import { loadYear } from '../tracker/load.ts';
import { longDate } from '../tracker/reports/model.ts';
import * as trackerRepo from '../tracker/repository.ts';

/** One fiscal year of the term: the newest posted plan against what the tracker recorded. */
export interface TermYear {
  year: number;
  /** 'Original', 'Supplemental 1'...; empty when no plan of the year was posted. */
  plan: string;
  resolutionNumber: string;
  items: number;
  completed: number;
  ongoing: number;
  appropriatedCents: number;
  disbursedCents: number;
}

export interface EndOfTermReportData {
  barangay: { code: string; name: string };
  term: SkTerm;
  asOf: string;
  years: TermYear[];
  signatories: Signatories;
}

/**
 * The end-of-term report (IRR of RA 10742 s. 8, as reported): each fiscal year the term touches,
 * its posted plan's appropriations, what was disbursed against them (the tracker's
 * disbursements), and how many of its items were completed or are ongoing, as of today.
 */
export async function endOfTermData(
  db: Executor,
  scope: BarangayScope,
  barangay: { code: string; name: string },
  term: SkTerm,
  now: Date,
): Promise<EndOfTermReportData> {
  const years: TermYear[] = [];
  let signatories: Signatories = { secretary: '', treasurer: '', chairperson: '' };
  const first = Number(term.startsOn.slice(0, 4));
  const last = Number(term.endsOn.slice(0, 4));
  for (let year = first; year <= last; year += 1) {
    const data = await loadYear(db, scope, year, now);
    if (!data.plan) {
      years.push({
        year,
        plan: '',
        resolutionNumber: '',
        items: 0,
        completed: 0,
        ongoing: 0,
        appropriatedCents: 0,
        disbursedCents: 0,
      });
      continue;
    }
    const facts = data.items.map((i) => i.facts);
    years.push({
      year,
      plan:
        data.plan.amendment > 0
          ? `${data.plan.kind === 'realignment' ? 'Realignment' : 'Supplemental'} ${String(data.plan.amendment)}`
          : 'Original',
      resolutionNumber: data.plan.resolution_number ?? '',
      items: facts.length,
      completed: facts.filter((f) => f.status === 'completed').length,
      ongoing: facts.filter((f) => f.status === 'ongoing').length,
      appropriatedCents: facts.reduce((s, f) => s + sumCents(f.appropriated), 0),
      disbursedCents: facts.reduce((s, f) => s + sumCents(f.disbursed), 0),
    });
    signatories = signatoriesFrom(
      await trackerRepo.honorariaNames(db, scope, data.plan.id),
      data.plan.approved_by_name,
      await signingHolders(db, scope),
    );
  }
  return { barangay, term, asOf: manilaDate(now), years, signatories };
}

export const termTotals = (years: readonly TermYear[]) => ({
  items: years.reduce((s, y) => s + y.items, 0),
  completed: years.reduce((s, y) => s + y.completed, 0),
  ongoing: years.reduce((s, y) => s + y.ongoing, 0),
  appropriatedCents: years.reduce((s, y) => s + y.appropriatedCents, 0),
  disbursedCents: years.reduce((s, y) => s + y.disbursedCents, 0),
});

/** Disbursed over appropriated, '85.0%' (blank with nothing appropriated). */
export const utilisationText = (y: { appropriatedCents: number; disbursedCents: number }) =>
  y.appropriatedCents > 0 ? `${((y.disbursedCents / y.appropriatedCents) * 100).toFixed(1)}%` : '';

export const endOfTermPreamble = (data: EndOfTermReportData) => [
  'Republic of the Philippines',
  `Barangay ${data.barangay.name}`,
  'Office of the Sangguniang Kabataan',
];

export const endOfTermHeading = (data: EndOfTermReportData) => [
  'SK END-OF-TERM REPORT',
  `Term of office ${longDate(data.term.startsOn)} to ${longDate(data.term.endsOn)}`,
  `As of ${longDate(data.asOf)}`,
  'Accomplishment and financial report per fiscal year: the posted ABYIP and SK annual budget against the disbursements recorded',
];

export const END_OF_TERM_COLUMNS = [
  'Fiscal Year',
  'Plan Posted',
  'SK Resolution No.',
  'Items',
  'Completed',
  'Ongoing',
  'Appropriated',
  'Disbursed',
  'Balance',
  'Utilisation',
] as const;

/** The end-of-term report as .xlsx or .pdf (writers loaded on first use). */
export async function renderEndOfTermReport(
  data: EndOfTermReportData,
  format: 'xlsx' | 'pdf',
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx'
      ? await (await import('./end-of-term-xlsx.ts')).endOfTermWorkbook(data)
      : await (await import('./end-of-term-pdf.ts')).endOfTermPdf(data);
  return {
    fileName: `${data.barangay.code}-${data.term.endsOn.slice(0, 4)}-end-of-term-report.${format}`,
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
