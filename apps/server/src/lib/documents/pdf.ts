import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatPlanPeso, toPesos, type Signatories } from '@sk-tanaw/contract';

/**
 * What every PDF the council signs shares (pdfkit): A4 landscape, a centred title block, tables
 * that continue across pages under a repeated header, "Page X of Y" on every page and the
 * signatory block at the end. Used by the ABYIP and annual budget, and the tracker's reports.
 *
 * The standard PDF fonts (Helvetica...) have no peso sign (U+20B1), so DejaVu Sans Condensed is
 * embedded (subset) from the `dejavu-fonts-ttf` npm package, never from the machine's own fonts.
 * Its licence is the Bitstream Vera Fonts licence (free to use, embed and redistribute; the
 * DejaVu changes are public domain): node_modules/dejavu-fonts-ttf/LICENSE.
 */

const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process (about 1.3 MB); each document embeds only the glyphs it uses. */
function fontFiles() {
  fonts ??= {
    regular: readFileSync(join(fontDir, 'DejaVuSansCondensed.ttf')),
    bold: readFileSync(join(fontDir, 'DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

type FontName = 'body' | 'bold';
let glyphs: Record<FontName, Font> | undefined;
function glyphsOf(name: FontName): Font {
  if (!glyphs) {
    const { regular, bold } = fontFiles();
    glyphs = { body: create(regular) as Font, bold: create(bold) as Font };
  }
  return glyphs[name];
}

/** What a character the font cannot draw is printed as (both DejaVu faces have it). */
export const MISSING_GLYPH = '\uFFFD';
const ONLY_ASCII = /^[\x20-\x7e\n]*$/;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const MARK = /^\p{M}$/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` as the embedded font can draw it. DejaVu covers Filipino, English and the peso sign, but
 * not emoji, Baybayin or CJK; pdfkit measured such a character by the font's empty glyph but the
 * PDF drew it a full em wide, so a cell with a few of them overflowed into the next column.
 * Characters the font lacks become one MISSING_GLYPH per user-perceived character (an emoji
 * sequence joined by ZWJ is one), combining marks it lacks are left off their letter, and
 * characters that draw nothing (zero-width space, joiners, variation selectors) are dropped;
 * line and paragraph separators break the line.
 */
const COMMON_EXTRA = '₱’‘“”–—·';
const COMMON_TEXT = new RegExp(`^[\\x20-\\x7E${COMMON_EXTRA}]*$`);
const COMMON_COVERED = new Map<FontName, boolean>();

export function printable(text: string, font: FontName = 'body'): string {
  if (ONLY_ASCII.test(text)) {
    return text;
  }
  const glyphFont = glyphsOf(font);
  const has = (char: string) => glyphFont.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  // Amounts and typographic punctuation, checked once per font: segmenting every "₱1,234.50"
  // cell by graphemes was a tenth of a long register's PDF (measured with a CPU profile).
  let common = COMMON_COVERED.get(font);
  if (common === undefined) {
    common = Array.from(COMMON_EXTRA).every(has);
    COMMON_COVERED.set(font, common);
  }
  if (common && COMMON_TEXT.test(text)) {
    return text;
  }
  let out = '';
  for (const { segment } of graphemes.segment(text.replace(/[\u2028\u2029]/g, '\n'))) {
    // Code points on purpose: each is checked against the font's character map.
    const chars = Array.from(segment).filter(
      (char) => !IGNORABLE.test(char) && (!MARK.test(char) || has(char)),
    );
    if (chars.length === 0) {
      continue;
    }
    out += chars.every((char) => char === '\n' || has(char)) ? chars.join('') : MISSING_GLYPH;
  }
  return out;
}

export const MARGIN = 28;
const FOOTER_SPACE = 24;
const PAD = 3;
const BODY_SIZE = 7;
const HEADER_FILL = '#1F4E79';
const GROUP_FILL = '#DDEBF7';
const TOTAL_FILL = '#FFF2CC';
const LINE_COLOUR = '#BFBFBF';

export type Doc = PDFKit.PDFDocument;

export interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** `group` and `centre` span every column; `subtotal` and `total` are bold and shaded. */
export interface Row {
  kind: 'line' | 'group' | 'centre' | 'subtotal' | 'total';
  cells: string[];
}

/** `₱1,234.50` from whole centavos. */
export const money = (centavos: number) => formatPlanPeso(toPesos(centavos));

export function newDocument(title: string, layout: 'landscape' | 'portrait' = 'landscape'): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: title, Author: 'SK Tanaw', Creator: 'SK Tanaw' },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body');
  return doc;
}

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
export const widthOf = (doc: Doc) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/**
 * The centred title: `preamble` lines small (e.g. "Republic of the Philippines"), then the
 * document's title large, the next two lines bold and the rest plain.
 */
export function titleBlock(doc: Doc, lines: string[], preamble: string[] = []): void {
  for (const text of preamble) {
    doc
      .font('body')
      .fontSize(9)
      .text(printable(text), MARGIN, doc.y, { width: widthOf(doc), align: 'center' });
  }
  lines.forEach((text, i) => {
    const font = i < 3 ? 'bold' : 'body';
    doc
      .font(font)
      .fontSize(i === 0 ? 14 : 10)
      .text(printable(text, font), MARGIN, doc.y, { width: widthOf(doc), align: 'center' });
  });
  doc.moveDown(0.8);
}

/** Smallest header size tried before words are hyphenated. */
export const MIN_HEADER_SIZE = 5;
/** A hyphenation point a column label may carry ("Imple\u00ADmentation"); never printed itself. */
export const SOFT_HYPHEN = '\u00AD';

const wordsOf = (label: string) => label.split(' ').filter((word) => word !== '');
const unhyphenated = (word: string) => word.split(SOFT_HYPHEN).join('');

/**
 * The header's font size: the largest, from the table's size down by half points to
 * MIN_HEADER_SIZE, at which every word of every label fits its column. pdfkit cuts a word too
 * wide for its column anywhere and without a hyphen ("Impl" / "ementation"); a smaller header
 * keeps every word whole.
 */
function headerSize(doc: Doc, columns: Column[], size: number): number {
  doc.font('bold');
  for (let candidate = size; candidate > MIN_HEADER_SIZE; candidate -= 0.5) {
    doc.fontSize(candidate);
    const fits = columns.every((c) =>
      wordsOf(c.label).every((word) => doc.widthOfString(unhyphenated(word)) <= c.width - 2 * PAD),
    );
    if (fits) {
      return candidate;
    }
  }
  return MIN_HEADER_SIZE;
}

/**
 * A label's lines in `width` at the current font: broken at spaces, and a word too wide for a
 * line of its own at its soft hyphens, with a hyphen at the end of the line. Every line fits,
 * so pdfkit breaks nothing itself (a word without hyphenation points that is wider than its
 * column even at MIN_HEADER_SIZE is the only exception).
 */
export function headerLines(doc: Doc, label: string, width: number): string[] {
  const fits = (text: string) => doc.widthOfString(text) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of wordsOf(label)) {
    const whole = unhyphenated(word);
    const joined = line ? `${line} ${whole}` : whole;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
    }
    if (fits(whole)) {
      line = whole;
      continue;
    }
    for (const part of word.split(SOFT_HYPHEN)) {
      if (line && !fits(`${line}${part}-`)) {
        lines.push(`${line}-`);
        line = '';
      }
      line += part;
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines;
}

function drawHeader(doc: Doc, columns: Column[], size: number): void {
  doc.font('bold').fontSize(headerSize(doc, columns, size));
  const labels = columns.map((c) => headerLines(doc, c.label, c.width - 2 * PAD).join('\n'));
  const height =
    Math.max(
      ...columns.map((c, i) => doc.heightOfString(labels[i] ?? '', { width: c.width - 2 * PAD })),
    ) +
    2 * PAD;
  let x = MARGIN;
  const y = doc.y;
  doc.rect(MARGIN, y, widthOf(doc), height).fill(HEADER_FILL);
  doc.fillColor('#FFFFFF');
  columns.forEach((column, i) => {
    doc.text(labels[i] ?? '', x + PAD, y + PAD, {
      width: column.width - 2 * PAD,
      align: 'center',
    });
    x += column.width;
  });
  doc.fillColor('#000000');
  doc.y = y + height;
}

/** The text's width when it fits on one line of `width` (no wrapping needed), else null. */
function oneLineWidth(doc: Doc, text: string, width: number): number | null {
  const w = doc.widthOfString(text);
  return w <= width ? w : null;
}

/** Draws rows, starting a new page under a repeated header whenever the next row does not fit. */
export function drawTable(doc: Doc, columns: Column[], rows: Row[], size = BODY_SIZE): void {
  drawHeader(doc, columns, size);
  const total = widthOf(doc);
  for (const row of rows) {
    const bold = row.kind !== 'line';
    const font = bold ? 'bold' : 'body';
    doc.font(font).fontSize(size);
    const cell = (text: string | undefined) => printable(text ?? '', font);
    const spans =
      row.kind === 'group' || row.kind === 'centre'
        ? [{ text: cell(row.cells[0]), width: total, align: 'left' as const }]
        : columns.map((c, i) => ({ text: cell(row.cells[i]), width: c.width, align: c.align }));
    // A cell on one line is measured and drawn without pdfkit's line wrapper: most cells of a
    // long register are, and wrapping every one was most of a 2,000-row PDF's time (measured:
    // the RBCPB of a year of 2,000 payments went from 1.06 s to a third of it).
    const lineHeight = doc.currentLineHeight(true);
    const oneLine = spans.map((s) =>
      s.text.includes('\n') ? null : oneLineWidth(doc, s.text, s.width - 2 * PAD),
    );
    let height =
      Math.max(
        ...spans.map((s, i) =>
          oneLine[i] !== null
            ? lineHeight
            : doc.heightOfString(s.text || ' ', { width: s.width - 2 * PAD }),
        ),
      ) +
      2 * PAD;
    // A row taller than a whole page is cut (with an ellipsis) to what a page holds.
    const pageRoom = bottomOf(doc) - doc.page.margins.top - 40;
    height = Math.min(height, pageRoom);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      drawHeader(doc, columns, size);
      doc.font(font).fontSize(size);
    }
    const y = doc.y;
    const fill =
      row.kind === 'group' || row.kind === 'subtotal'
        ? GROUP_FILL
        : row.kind === 'total'
          ? TOTAL_FILL
          : null;
    if (fill) {
      doc.rect(MARGIN, y, total, height).fill(fill);
      doc.fillColor('#000000');
    }
    let x = MARGIN;
    spans.forEach((span, i) => {
      doc.rect(x, y, span.width, height).lineWidth(0.4).strokeColor(LINE_COLOUR).stroke();
      const width = oneLine[i];
      if (width === null || width === undefined) {
        doc.text(span.text, x + PAD, y + PAD, {
          width: span.width - 2 * PAD,
          height: height - 2 * PAD,
          align: span.align,
          ellipsis: true,
        });
      } else if (span.text !== '') {
        const room = span.width - 2 * PAD - width;
        const shift = span.align === 'right' ? room : 0;
        doc.text(span.text, x + PAD + shift, y + PAD, { lineBreak: false });
      }
      x += span.width;
    });
    doc.y = y + height;
  }
}

/** One signatory: the label over the name ("Prepared by:" or empty), the name, the title. */
export interface Signer {
  label: string;
  name: string;
  title: string;
}

/**
 * "Prepared by" the SK secretary and treasurer, then the chairperson under `approvalLabel`
 * ("Attested by:" on the budget documents), with names over the lines.
 */
export function signatoryBlock(
  doc: Doc,
  signatories: Signatories,
  approvalLabel = 'Attested by:',
): void {
  signerBlock(doc, [
    { label: 'Prepared by:', name: signatories.secretary, title: 'SK Secretary' },
    { label: '', name: signatories.treasurer, title: 'SK Treasurer' },
    { label: approvalLabel, name: signatories.chairperson, title: 'SK Chairperson' },
  ]);
}

/** Signers side by side in thirds of the page, each name over a line and its title. */
export function signerBlock(doc: Doc, signers: Signer[]): void {
  const needed = 90;
  if (doc.y + needed > bottomOf(doc)) {
    doc.addPage();
  }
  const top = doc.y + 24;
  const third = widthOf(doc) / 3;
  signers.forEach(({ label, name, title }, slot) => {
    const x = MARGIN + slot * third;
    doc
      .font('body')
      .fontSize(9)
      .text(label, x, top, { width: third - 20 });
    doc
      .font('bold')
      .fontSize(10)
      .text(printable(name, 'bold') || ' ', x, top + 32, { width: third - 20, align: 'center' });
    doc
      .moveTo(x + 10, top + 45)
      .lineTo(x + third - 30, top + 45)
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke();
    doc
      .font('body')
      .fontSize(9)
      .text(title, x, top + 49, { width: third - 20, align: 'center' });
  });
  doc.y = top + 70;
}

/** "Page X of Y" and the document's name at the foot of every page. */
function footers(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 6;
    doc.font('body').fontSize(8).fillColor('#444444');
    doc.text(printable(label), MARGIN, y, { width: widthOf(doc) / 2, lineBreak: false });
    doc.text(`Page ${String(i + 1)} of ${String(range.count)}`, MARGIN, y, {
      width: widthOf(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Writes the footers and ends the document: its bytes. */
export function finish(doc: Doc, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    footers(doc, label);
    doc.end();
  });
}
