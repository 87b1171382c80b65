import { formatPlanPeso } from '@sk-tanaw/contract';
import type { Signer } from '../../../lib/documents/pdf.ts';
import type { DocumentPlan } from './model.ts';

/**
 * The lines the official forms put around the plan's tables: the header lines, the
 * annual budget's approval paragraph and signatories, the ABYIP's SK resolution and Katipunan ng
 * Kabataan concurrence. A value the plan does not hold is a line to fill in by hand.
 */

export const BLANK = '____________';

/**
 * The header lines of the NYC plan templates (Region, Province, City/Municipality, Barangay),
 * from the barangay registry; the calendar year is in the title lines.
 */
export function headerLines(plan: Pick<DocumentPlan, 'barangay'>): string[] {
  const b = plan.barangay;
  return [
    'Republic of the Philippines',
    `Region: ${b.region ?? BLANK}`,
    `Province: ${b.province ?? BLANK}`,
    `City/Municipality: ${b.city ?? BLANK}`,
    `Barangay: ${b.name}`,
  ];
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const SCALES = ['', 'Thousand', 'Million', 'Billion'];

/** 0..999 in words (`Two Hundred Fifty-Five`). */
function hundreds(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const tens =
    rest < 20
      ? (ONES[rest] ?? '')
      : `${TENS[Math.floor(rest / 10)] ?? ''}${rest % 10 ? `-${ONES[rest % 10] ?? ''}` : ''}`;
  return [h ? `${ONES[h] ?? ''} Hundred` : '', tens].filter(Boolean).join(' ');
}

/**
 * An amount as a check or a budget writes it: `One Hundred Fifty Thousand Pesos and 50/100
 * (₱150,000.50)`. Whole pesos below a trillion (the contract's amounts are far smaller).
 */
export function pesosInWords(amount: number): string {
  const centavos = Math.round(amount * 100);
  let pesos = Math.floor(centavos / 100);
  const parts: string[] = [];
  for (let scale = 0; pesos > 0; scale += 1) {
    const chunk = pesos % 1000;
    if (chunk) {
      parts.unshift([hundreds(chunk), SCALES[scale] ?? ''].filter(Boolean).join(' '));
    }
    pesos = Math.floor(pesos / 1000);
  }
  const words = parts.length ? parts.join(' ') : 'Zero';
  const cents = centavos % 100;
  const fraction = cents ? ` and ${String(cents).padStart(2, '0')}/100` : '';
  return `${words} Pesos${fraction} (${formatPlanPeso(amount)})`;
}

/** The year of an ISO date (`2027-01-15` -> `2027`), or a blank. */
const seriesOf = (date: string | null) => (date ? date.slice(0, 4) : BLANK);

/**
 * The approval paragraph of the posted SK annual budget, in the words of the sample SK annual
 * budget (COA Handbook on Financial Transactions of the SK, p. 112; DILG MC No. 2023-068,
 * Annex C): "On ___, the SK of Barangay ___, (City/Municipality), through SK Resolution No. ___,
 * S-___, has approved the SK Annual Budget for CY ___, amounting to ___ (P ) equivalent to 10%
 * of the approved budget of Barangay ___, (City/Municipality), per Barangay Appropriation
 * Ordinance No. ___, S-___." The plan holds no ordinance number: it is a line to fill in. The
 * amount is the 10% share, in words and figures as the form has it.
 */
export function approvalParagraph(plan: DocumentPlan): string {
  const place = `Barangay ${plan.barangay.name}, ${plan.barangay.city ?? BLANK}`;
  const approvedOn = plan.approval?.approvedOn ?? null;
  const resolution = plan.approval?.resolutionNumber ?? BLANK;
  const year = String(plan.year);
  return (
    `On ${approvedOn ?? BLANK}, the SK of ${place}, through SK Resolution No. ${resolution}, ` +
    `S-${seriesOf(approvedOn)}, has approved the SK Annual Budget for CY ${year}, amounting to ` +
    `${pesosInWords(plan.receipts.tenPercentShare)} equivalent to 10% of the approved budget of ` +
    `${place}, per Barangay Appropriation Ordinance No. ${BLANK}, S-${BLANK}.`
  );
}

/**
 * The annual budget's signatories as the sample lists them (its note: "Prepared by" the SK
 * Treasurer, "Noted by" the SK Chairperson).
 */
export function budgetSigners(plan: DocumentPlan): Signer[] {
  return [
    { label: 'Prepared by:', name: plan.signatories.treasurer, title: 'SK Treasurer' },
    { label: 'Noted by:', name: plan.signatories.chairperson, title: 'SK Chairperson' },
  ];
}

/** The ABYIP's SK resolution line: `SK Resolution No. 12, s. 2026`, or blanks to fill in. */
export function abyipResolutionLine(plan: DocumentPlan): string {
  const approval = plan.approval;
  return approval
    ? `Adopted through SK Resolution No. ${approval.resolutionNumber}, s. ${seriesOf(approval.approvedOn)}, approved on ${approval.approvedOn}`
    : `Adopted through SK Resolution No. ${BLANK}, s. ${BLANK}`;
}

/**
 * The Katipunan ng Kabataan's concurrence the ABYIP carries (after the NYC templates;
 * the provision requiring it not read here). The plan records no KK assembly: its date is a line
 * to fill in. The NYC template's own wording of this line was not found; this text is ours.
 */
export function kkConcurrenceLine(plan: DocumentPlan): string {
  return `Concurred in by the Katipunan ng Kabataan of Barangay ${plan.barangay.name} in its assembly held on ${BLANK}`;
}
