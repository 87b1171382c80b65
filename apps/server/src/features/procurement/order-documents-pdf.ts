import { procurementRule, toCentavos, toPesos } from '@sk-tanaw/contract';
import { pesosInWords } from '../budget-plans/documents/official.ts';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  drawTable,
  finish,
  money,
  newDocument,
  signerBlock,
  widthOf,
  type Doc,
} from '../../lib/documents/pdf.ts';
import { longDate } from '../tracker/reports/model.ts';
import { acceptedValue, orderedLineAmounts } from './accepted.ts';
import { fields, heading, paragraph, signers } from './bac-documents-pdf.ts';
import { BLANK_NAME, fileSafe, type ProcurementDocumentData } from './documents.ts';

/**
 * The chairperson's Purchase Order and the inspector's Inspection and Acceptance Report:
 * - the Purchase Order in the layout of GAM Appendix 61 (Government Accounting Manual, Volume
 *   II), in the barangay's letter format of COA's Manual on the New Barangay Accounting System,
 *   Annex 24 (supplier, address, TIN; P.O. number and date; mode of procurement; place and date
 *   of delivery, delivery and payment terms; unit, description, quantity, unit cost, amount;
 *   the amount in words; the penalty clause; conforme of the supplier; the existence of
 *   available appropriations, signed for the SK by its Budget Monitoring Officer, who keeps the
 *   registry of commitments). A copy goes to the COA auditor within the rule's days
 *   (`po-to-auditor-days`, COA Circular No. 96-010). The instructions' reading: a delivery date
 *   not stated means seven days after the supplier receives the order. The penalty clause is
 *   the form's (one tenth of one percent of the amount a day of delay).
 * - the Inspection and Acceptance Report in the layout of GAM Appendix 62 (entity, fund
 *   cluster, supplier, P.O. number and date, requisitioning office, IAR number and date,
 *   invoice, the items' description, unit and quantity; the inspection officer's portion and
 *   the acceptance portion, complete or partial). The delivery is reported to the COA auditor
 *   within the rule's hours (`delivery-report-hours`).
 * Quotations are recorded as totals: a line's unit cost on these forms is the award spread over
 * the items in proportion to the request's estimates (accepted.ts), said on the form.
 */

/** The lines of the order: the request's items at the award's unit costs. */
function orderLines(data: ProcurementDocumentData, orderCents: number) {
  const items = data.request.items;
  const amounts = orderedLineAmounts(
    items.map((i) => ({ quantity: i.quantity, unitCostCents: toCentavos(i.unitCost) })),
    orderCents,
  );
  return items.map((item, i) => ({ ...item, amountCents: amounts[i] ?? 0 }));
}

const proportionNote = (data: ProcurementDocumentData, orderCents: number) =>
  orderCents === toCentavos(data.request.total)
    ? null
    : 'Unit costs: the quotation awarded is recorded as a total; it is spread over the items in proportion to the purchase request’s estimated costs.';

const done = async (doc: Doc, label: string, name: string): Promise<RenderedDocument> => ({
  fileName: `${fileSafe(name)}.pdf`,
  contentType: DOCUMENT_CONTENT_TYPES.pdf,
  bytes: await finish(doc, label),
});

/** GET /api/procurement/orders/:id?format=pdf. */
export async function purchaseOrderPdf(data: ProcurementDocumentData): Promise<RenderedDocument> {
  const { request, barangay } = data;
  const order = request.order;
  if (!order) {
    throw new Error('purchaseOrderPdf needs an order');
  }
  const supplier = data.suppliers.get(request.award?.supplierId ?? 0);
  const orderCents = toCentavos(order.amount);
  const label = `Purchase Order No. ${order.number}, SK of Barangay ${barangay.name}`;
  const doc = newDocument(label, 'portrait');
  heading(doc, data, ['PURCHASE ORDER']);
  fields(
    doc,
    [
      `Supplier: ${supplier?.name ?? request.award?.supplier ?? ''}`,
      `Address: ${supplier?.address ?? ''}`,
      `TIN: ${supplier?.tin ?? ''}`,
      `PhilGEPS Registration No.: ${supplier?.philgepsNumber ?? ''}`,
    ],
    [
      `P.O. No.: ${order.number}`,
      `Date: ${longDate(order.orderedOn)}`,
      'Mode of Procurement: Small Value Procurement',
      `P.R. No.: ${request.number}; BAC Resolution No. ${request.resolution?.number ?? ''}`,
    ],
  );
  paragraph(
    doc,
    'Gentlemen: Please deliver to this office the following articles subject to the terms and conditions contained herein.',
  );
  fields(
    doc,
    [
      `Place of Delivery: Office of the Sangguniang Kabataan, Barangay ${barangay.name}`,
      'Date of Delivery: within seven (7) days of the receipt of this order',
    ],
    ['Delivery Term: FOB destination', 'Payment Term: after inspection and acceptance'],
  );
  const scale = widthOf(doc) / 100;
  const lines = orderLines(data, orderCents);
  drawTable(
    doc,
    [
      { label: 'Unit', width: 10 * scale, align: 'left' },
      { label: 'Description', width: 46 * scale, align: 'left' },
      { label: 'Quantity', width: 12 * scale, align: 'right' },
      { label: 'Unit Cost', width: 16 * scale, align: 'right' },
      { label: 'Amount', width: 16 * scale, align: 'right' },
    ],
    [
      ...lines.map((l) => ({
        kind: 'line' as const,
        cells: [
          l.unit,
          l.description,
          String(l.quantity),
          money(Math.round(l.amountCents / l.quantity)),
          money(l.amountCents),
        ],
      })),
      { kind: 'total' as const, cells: ['', 'Total', '', '', money(orderCents)] },
    ],
    8,
  );
  doc.moveDown(0.5);
  paragraph(doc, `(Total amount in words) ${pesosInWords(order.amount)}`, true);
  const note = proportionNote(data, orderCents);
  if (note) {
    paragraph(doc, note);
  }
  paragraph(
    doc,
    'In case of failure to make the full delivery within the time specified above, a penalty of one-tenth (1/10) of one percent of the amount for every day of delay shall be imposed.',
  );
  const days = procurementRule('po-to-auditor-days', request.year).value;
  paragraph(
    doc,
    `A copy of this order goes to the COA auditor within ${String(days)} days of its issue: by ${longDate(order.auditorDue)} (COA Circular No. 96-010). Committed in the registry of budget, commitments, payments and balances on line ${request.lineRef} (${request.expenseClass}).`,
  );
  signerBlock(doc, [
    { label: 'Very truly yours:', name: data.chairperson, title: 'SK Chairperson (HoPE)' },
    {
      label: 'Conforme:',
      name: supplier?.name ?? BLANK_NAME,
      title: 'Supplier: signature over printed name; date',
    },
    {
      label: 'Existence of available appropriations:',
      name: data.bmo,
      title: `Budget Monitoring Officer (${money(orderCents)})`,
    },
  ]);
  return done(doc, label, `Purchase-Order-${order.number}-${barangay.name}`);
}

/** GET /api/procurement/inspections/:id?format=pdf. */
export async function inspectionReportPdf(
  data: ProcurementDocumentData,
  inspectionId: number,
): Promise<RenderedDocument> {
  const { request, barangay } = data;
  const order = request.order;
  const index = request.inspections.findIndex((i) => i.id === inspectionId);
  const inspection = request.inspections[index];
  if (!order || !inspection) {
    throw new Error('inspectionReportPdf needs an order and its inspection');
  }
  const iarNumber = `${order.number}-${String(index + 1).padStart(2, '0')}`;
  const label = `Inspection and Acceptance Report No. ${iarNumber}, SK of Barangay ${barangay.name}`;
  const doc = newDocument(label, 'portrait');
  heading(doc, data, ['INSPECTION AND ACCEPTANCE REPORT']);
  fields(
    doc,
    [
      `Entity Name: Sangguniang Kabataan of Barangay ${barangay.name}`,
      `Supplier: ${request.award?.supplier ?? ''}`,
      `P.O. No./Date: ${order.number}, ${longDate(order.orderedOn)}`,
      'Requisitioning Office: Sangguniang Kabataan',
    ],
    [
      'Fund Cluster: SK Fund',
      `IAR No.: ${iarNumber}`,
      `Date: ${longDate(inspection.inspectedOn)}`,
      'Invoice No./Date: ____________________',
    ],
  );
  const lines = orderLines(data, toCentavos(order.amount));
  const upTo = request.inspections.slice(0, index + 1);
  const acceptedSoFar = lines.map((_, i) => upTo.reduce((s, x) => s + (x.accepted[i] ?? 0), 0));
  const scale = widthOf(doc) / 100;
  drawTable(
    doc,
    [
      { label: 'Stock/ Property No.', width: 12 * scale, align: 'left' },
      { label: 'Description', width: 44 * scale, align: 'left' },
      { label: 'Unit', width: 10 * scale, align: 'left' },
      { label: 'Quantity (this delivery)', width: 17 * scale, align: 'right' },
      { label: 'Accepted so far / ordered', width: 17 * scale, align: 'right' },
    ],
    lines.map((l, i) => ({
      kind: 'line' as const,
      cells: [
        '',
        l.description,
        l.unit,
        String(inspection.accepted[i] ?? 0),
        `${String(acceptedSoFar[i] ?? 0)} / ${String(l.quantity)}`,
      ],
    })),
    8,
  );
  doc.moveDown(0.6);
  const value = acceptedValue(
    lines.map((l, i) => ({
      quantity: l.quantity,
      amountCents: l.amountCents,
      acceptedQuantity: inspection.accepted[i] ?? 0,
    })),
  );
  const complete = lines.every((l, i) => (acceptedSoFar[i] ?? 0) >= l.quantity);
  paragraph(doc, `Value accepted in this delivery: ${pesosInWords(toPesos(value))}.`, true);
  const hours = procurementRule('delivery-report-hours', request.year).value;
  paragraph(
    doc,
    `Delivered on ${longDate(inspection.deliveredOn)}; reported to the COA auditor within ${String(hours)} hours of the delivery: by ${longDate(inspection.reportDue)} (COA Circular No. 96-010).`,
  );
  paragraph(doc, 'INSPECTION', true);
  paragraph(
    doc,
    `Date inspected: ${longDate(inspection.inspectedOn)}. [X] Inspected, verified and found in order as to quantity and specifications.`,
  );
  paragraph(doc, 'ACCEPTANCE', true);
  paragraph(
    doc,
    `Date received: ${longDate(inspection.deliveredOn)}. [${complete ? 'X' : ' '}] Complete   [${complete ? ' ' : 'X'}] Partial${complete ? '' : ' (the quantities of this delivery above)'}.`,
  );
  signers(doc, [
    {
      label: 'Inspected by:',
      name: inspection.inspector,
      title: 'Inspection Officer (named on the BAC’s order)',
    },
    { label: 'Accepted by:', name: BLANK_NAME, title: 'Supply and/or Property Custodian' },
  ]);
  return done(doc, label, `Inspection-and-Acceptance-Report-${iarNumber}-${barangay.name}`);
}
