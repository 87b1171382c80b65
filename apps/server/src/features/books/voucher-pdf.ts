import { objectOfExpenditure, type Voucher } from '@sk-tanaw/contract';
import { finish, money, newDocument, printable, type Doc } from '../../lib/documents/pdf.ts';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import { longDate } from '../tracker/reports/model.ts';

/**
 * The disbursement voucher in COA's layout, one A4 portrait page: the barangay DV of COA's Manual
 * on the Financial Management of Barangays (Annex 12), whose boxes follow the GAM's DV (Appendix
 * 32): DV No. (`YYYY-MM-NNNN`) and date, payee, TIN, address, fund (SK Fund), mode of payment,
 * particulars and amount; box A the budget officer's certification (for the SK, the Budget
 * Monitoring Officer: appropriation available and obligated for the purpose), box B the
 * treasurer's (funds available, supporting documents complete), box C the chairperson's approval
 * for payment, box D the accounting entry (the object's account debited, Cash in Bank credited),
 * box E the payee's receipt of payment with the check's number, date and bank. A reversal entry
 * prints as its own voucher-like record marked REVERSAL.
 */

export interface VoucherDocumentData {
  barangay: { code: string; name: string };
  voucher: Voucher;
  /** The holder of the treasurer's duty (box B), when there is one. */
  treasurer: string | null;
}

/** Cash in Bank - Local Currency, Current Account (Revised Chart of Accounts for LGUs). */
const CASH_IN_BANK = {
  code: '1-01-02-010',
  name: 'Cash in Bank - Local Currency, Current Account',
};

const LEFT = 36;
const WIDTH = 523;
const LINE = '#000000';

function box(doc: Doc, x: number, y: number, w: number, h: number): void {
  doc.lineWidth(0.7).strokeColor(LINE).rect(x, y, w, h).stroke();
}

function label(doc: Doc, text: string, x: number, y: number, w: number, bold = false): void {
  const font = bold ? 'bold' : 'body';
  doc
    .font(font)
    .fontSize(7.5)
    .fillColor('#000000')
    .text(printable(text, font), x + 3, y + 3, { width: w - 6 });
}

function value(doc: Doc, text: string, x: number, y: number, w: number, align = 'left'): void {
  doc
    .font('bold')
    .fontSize(9)
    .text(printable(text, 'bold'), x + 3, y, {
      width: w - 6,
      align: align as 'left' | 'right' | 'center',
    });
}

/** A signature box: its letter and certification, then name, position and date. */
function signature(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  heading: string,
  lines: string[],
  signer: { name: string; position: string; date: string },
): void {
  box(doc, x, y, w, h);
  label(doc, heading, x, y, w, true);
  let top = y + 15;
  for (const line of lines) {
    // Ticked once the box is signed in SK Tanaw.
    label(doc, `${signer.date ? '\u2612' : '\u2610'} ${line}`, x, top, w);
    top += 11;
  }
  const base = y + h - 42;
  value(doc, signer.name || ' ', x, base, w, 'center');
  doc
    .lineWidth(0.5)
    .moveTo(x + 12, base + 12)
    .lineTo(x + w - 12, base + 12)
    .stroke();
  label(doc, `Printed name and signature · ${signer.position}`, x, base + 13, w);
  label(doc, `Date: ${signer.date}`, x, base + 24, w);
}

const dateOf = (stamp: string | null) => (stamp ? longDate(stamp.slice(0, 10)) : '');

export async function voucherPdf(data: VoucherDocumentData): Promise<RenderedDocument> {
  const { voucher: v, barangay } = data;
  const number = v.number ?? `reversal-${String(v.id)}`;
  const doc = newDocument(`Disbursement Voucher ${number}`, 'portrait');
  let y = 36;

  doc.font('body').fontSize(9).text('Republic of the Philippines', LEFT, y, {
    width: WIDTH,
    align: 'center',
  });
  doc
    .font('bold')
    .fontSize(10)
    .text(printable(`Sangguniang Kabataan of Barangay ${barangay.name}`, 'bold'), LEFT, y + 12, {
      width: WIDTH,
      align: 'center',
    });
  y += 34;

  // Title row: the form's name, the DV number and date.
  box(doc, LEFT, y, 343, 40);
  doc
    .font('bold')
    .fontSize(15)
    .text(
      v.state === 'reversal' ? 'DISBURSEMENT VOUCHER — REVERSAL' : 'DISBURSEMENT VOUCHER',
      LEFT,
      y + 12,
      {
        width: 343,
        align: 'center',
      },
    );
  box(doc, LEFT + 343, y, 180, 40);
  label(doc, 'DV No.', LEFT + 343, y, 180);
  value(doc, v.number ?? '—', LEFT + 380, y + 4, 140);
  label(doc, 'Date', LEFT + 343, y + 20, 180);
  value(doc, dateOf(v.preparedOn), LEFT + 380, y + 24, 140);
  y += 40;

  // Payee, TIN, address, fund.
  box(doc, LEFT, y, 343, 24);
  label(doc, 'Payee', LEFT, y, 343);
  value(doc, v.payee, LEFT + 40, y + 8, 300);
  box(doc, LEFT + 343, y, 180, 24);
  label(doc, 'TIN/Employee No.', LEFT + 343, y, 180);
  value(doc, v.payeeTin, LEFT + 343, y + 11, 180);
  y += 24;
  box(doc, LEFT, y, 343, 24);
  label(doc, 'Address', LEFT, y, 343);
  value(doc, v.payeeAddress, LEFT + 40, y + 8, 300);
  box(doc, LEFT + 343, y, 180, 24);
  label(doc, 'Fund', LEFT + 343, y, 180);
  value(doc, 'SK Fund', LEFT + 343, y + 11, 180);
  y += 24;

  // Mode of payment.
  box(doc, LEFT, y, WIDTH, 18);
  const mark = (on: boolean) => (on ? '\u2612' : '\u2610');
  label(
    doc,
    `Mode of payment:   ${mark(v.mode === 'check')} Check     ${mark(v.mode === 'ada')} Advice to Debit Account     ${mark(v.mode === 'recorded')} Recorded without a voucher${v.mode === 'recorded' ? ` (${v.reference})` : ''}`,
    LEFT,
    y + 2,
    WIDTH,
  );
  y += 18;

  // Particulars and amount.
  const objectName =
    v.objectName ?? (v.objectCode ? objectOfExpenditure(v.objectCode)?.name : null);
  box(doc, LEFT, y, 393, 16);
  label(doc, 'Particulars', LEFT, y, 393, true);
  box(doc, LEFT + 393, y, 130, 16);
  label(doc, 'Amount', LEFT + 393, y, 130, true);
  y += 16;
  box(doc, LEFT, y, 393, 110);
  box(doc, LEFT + 393, y, 130, 110);
  doc
    .font('body')
    .fontSize(9)
    .text(
      printable(
        [
          v.particulars,
          '',
          `Program/project/activity: ${v.ppa} (${v.referenceCode})`,
          `Class: ${v.expenseClass}${objectName ? ` · Object: ${objectName} (${v.objectCode ?? ''})` : ''}`,
          v.commitmentReference ? `Commitment: ${v.commitmentReference}` : '',
          v.state === 'reversal' || v.state === 'reversed' || v.state === 'cancelled'
            ? `${v.state === 'cancelled' ? 'Cancelled' : 'Reversed'}: ${v.reversalReason}`
            : '',
        ]
          .filter((line, i) => line !== '' || i === 1)
          .join('\n'),
      ),
      LEFT + 4,
      y + 4,
      { width: 385, height: 102 },
    );
  value(doc, money(Math.round(v.amount * 100)), LEFT + 393, y + 6, 130, 'right');
  y += 110;
  box(doc, LEFT, y, 393, 16);
  label(doc, 'Amount due', LEFT, y, 393, true);
  box(doc, LEFT + 393, y, 130, 16);
  value(doc, money(Math.round(v.amount * 100)), LEFT + 393, y + 3, 130, 'right');
  y += 16;

  // A and B side by side, then C and the accounting entry D.
  const half = WIDTH / 2;
  signature(
    doc,
    LEFT,
    y,
    half,
    100,
    'A. Certified (Budget Monitoring Officer)',
    ['Appropriation available', 'Obligated for the purpose indicated above'],
    {
      name: v.certifiedBy ?? '',
      position: 'Budget Monitoring Officer',
      date: dateOf(v.certifiedAt),
    },
  );
  signature(
    doc,
    LEFT + half,
    y,
    half,
    100,
    'B. Certified (SK Treasurer)',
    ['Funds available', 'Supporting documents complete'],
    { name: data.treasurer ?? '', position: 'SK Treasurer', date: dateOf(v.preparedOn) },
  );
  y += 100;
  signature(
    doc,
    LEFT,
    y,
    half,
    100,
    'C. Approved for payment (SK Chairperson)',
    ['Claim valid, proper and legal'],
    { name: v.approvedBy ?? '', position: 'SK Chairperson', date: dateOf(v.approvedAt) },
  );
  box(doc, LEFT + half, y, half, 100);
  label(doc, 'D. Accounting entry', LEFT + half, y, half, true);
  const cols = [110, 60, 46, 45];
  const heads = ['Account title', 'Account code', 'Debit', 'Credit'];
  let cx = LEFT + half;
  heads.forEach((h, i) => {
    label(doc, h, cx, y + 13, cols[i] ?? 40, true);
    cx += cols[i] ?? 40;
  });
  const amount = money(Math.abs(Math.round(v.amount * 100)));
  const expense = [objectName ?? `${v.expenseClass} (object not itemised)`, v.objectCode ?? ''];
  const cash = [CASH_IN_BANK.name, CASH_IN_BANK.code];
  const debitFirst = v.amount >= 0;
  const entries = [
    [...(debitFirst ? expense : cash), amount, ''],
    [...(debitFirst ? cash : expense), '', amount],
  ];
  entries.forEach((cells, row) => {
    let x = LEFT + half;
    cells.forEach((cell, i) => {
      doc
        .font('body')
        .fontSize(6.5)
        .text(printable(cell), x + 3, y + 28 + row * 30, {
          width: (cols[i] ?? 40) - 6,
          align: i >= 2 ? 'right' : 'left',
        });
      x += cols[i] ?? 40;
    });
  });
  y += 100;

  // E. Receipt of payment.
  box(doc, LEFT, y, WIDTH, 70);
  label(doc, 'E. Receipt of payment', LEFT, y, WIDTH, true);
  label(
    doc,
    `Check/ADA No.: ${v.checkNumber || (v.mode === 'ada' ? (v.number ?? '') : '')}`,
    LEFT,
    y + 14,
    180,
  );
  label(doc, `Date: ${v.paidOn ? longDate(v.paidOn) : ''}`, LEFT + 180, y + 14, 140);
  label(doc, `Bank name: ${v.bank}`, LEFT + 320, y + 14, 200);
  label(doc, 'Signature: ______________________', LEFT, y + 34, 200);
  label(doc, `Printed name: ${v.payee}`, LEFT + 200, y + 34, 200);
  label(doc, 'Date: ____________', LEFT + 400, y + 34, 120);
  label(
    doc,
    'Official receipt no. & date / other documents: ______________________',
    LEFT,
    y + 52,
    WIDTH,
  );
  y += 78;

  doc
    .font('body')
    .fontSize(7)
    .fillColor('#444444')
    .text(
      `Barangay ${barangay.code}. Prepared in SK Tanaw by ${v.recordedBy}. State: ${v.state}. RA 7160 s. 344; COA Manual on the Financial Management of Barangays, Annex 12; GAM for LGUs, Appendix 32.`,
      LEFT,
      y,
      { width: WIDTH },
    );

  const bytes = await finish(doc, `Disbursement Voucher ${number}`);
  return {
    fileName: `dv-${barangay.code}-${number}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes,
  };
}
