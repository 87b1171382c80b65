import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  GROUP_FILL,
  headerRow,
  newWorkbook,
  sheet,
  signerRows,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';
import { CERTIFICATION, formHeading, formSections, formSigners, type FormData } from './form.ts';

/** The turnover form as an .xlsx file: the PDF's parts one under the other, on one sheet. */
export async function formWorkbook(data: FormData): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'Turnover Form No. 1', [14, 16, 40, 16, 18, 18, 18, 30]);
  const heading = formHeading(data);
  titleRows(ws, heading.lines, 'H', heading.preamble);
  for (const section of formSections(data)) {
    const title = ws.addRow([section.title]);
    ws.mergeCells(`A${String(title.number)}:H${String(title.number)}`);
    title.getCell(1).font = { bold: true };
    title.getCell(1).fill = GROUP_FILL;
    headerRow(ws, section.columns);
    const amounts = section.amounts.map((i) => i + 1);
    const rows = section.rows.length > 0 ? section.rows : [['None']];
    for (const cells of rows) {
      const row = ws.addRow(cells);
      styleRow(row, section.columns.length, amounts);
    }
    ws.addRow([]);
  }
  const cert = ws.addRow([CERTIFICATION]);
  ws.mergeCells(`A${String(cert.number)}:H${String(cert.number)}`);
  cert.getCell(1).alignment = { wrapText: true };
  cert.height = 30;
  const signers = formSigners(data);
  signerRows(ws, signers.chairs, [1, 3]);
  for (let i = 0; i < signers.team.length; i += 3) {
    signerRows(ws, signers.team.slice(i, i + 3), [1, 3, 5]);
  }
  return {
    fileName: `SK-Inventory-Turnover-Form-${data.barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}-${data.turnover.term.startsOn.slice(0, 4)}.xlsx`,
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
