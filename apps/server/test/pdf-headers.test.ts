import { describe, expect, it } from 'vitest';
import {
  MIN_HEADER_SIZE,
  SOFT_HYPHEN,
  drawTable,
  finish,
  headerLines,
  newDocument,
  type Column,
} from '../src/lib/documents/pdf.ts';
import { ABYIP_COLUMNS } from '../src/features/budget-plans/documents/pdf.ts';
import { pdfPages } from './document-helpers.ts';

/** The words pdf.js (a reader's viewer) extracts from the first page of a table's PDF. */
async function wordsOfTable(columns: Column[]): Promise<string[]> {
  const doc = newDocument('headers');
  drawTable(doc, columns, [{ kind: 'line', cells: columns.map(() => 'x') }]);
  const [page = ''] = await pdfPages(await finish(doc, 'headers'));
  return page.split(/\s+/).filter((word) => word !== '');
}

/**
 * The label words not printed whole: a word may only be broken with a hyphen at a hyphenation
 * point of its label ("Imple-" then "mentation").
 */
function brokenWords(columns: Column[], printed: string[]): string[] {
  return columns.flatMap((column) =>
    column.label.split(' ').filter((word) => {
      const whole = word.split(SOFT_HYPHEN).join('');
      if (printed.includes(whole)) {
        return false;
      }
      const parts = word.split(SOFT_HYPHEN);
      // Hyphenated at its points: every piece but the last ends in '-' on its own line.
      return !parts.every((_, i) => {
        const piece = parts.slice(i).join('');
        return printed.some((p) => p === piece || p === `${parts[i] ?? ''}-`);
      });
    }),
  );
}

describe('table headers of the PDFs', () => {
  it("prints every word of the ABYIP's column headers whole ('Implementation', not 'Impl ementation')", async () => {
    const printed = await wordsOfTable(ABYIP_COLUMNS);
    expect(brokenWords(ABYIP_COLUMNS, printed)).toEqual([]);
    for (const word of ['Period', 'Implementation', 'Performance', 'Responsible', 'Committee']) {
      expect(printed).toContain(word);
    }
    expect(printed).not.toContain('Impl');
  });

  it('breaks a word too wide even for the smallest header only at its hyphenation points', async () => {
    const label = `Period of Imple${SOFT_HYPHEN}mentation`;
    const columns: Column[] = [
      { label, width: 36, align: 'left' },
      { label: 'Total', width: 60, align: 'right' },
    ];
    const doc = newDocument('narrow');
    doc.font('bold').fontSize(MIN_HEADER_SIZE);
    expect(headerLines(doc, label, 30)).toEqual(['Period of', 'Imple-', 'mentation']);
    expect(headerLines(doc, label, 200)).toEqual(['Period of Implementation']);
    const printed = await wordsOfTable(columns);
    expect(printed).toContain('Imple-');
    expect(printed).toContain('mentation');
    expect(printed.join(' ')).not.toContain(SOFT_HYPHEN);
    expect(brokenWords(columns, printed)).toEqual([]);
  });

  it('keeps the header at the table size when every word fits', () => {
    const doc = newDocument('wide');
    doc.font('bold').fontSize(7);
    expect(headerLines(doc, 'Person / Committee Responsible', 200)).toEqual([
      'Person / Committee Responsible',
    ]);
    expect(headerLines(doc, 'Person / Committee Responsible', 60)).toEqual([
      'Person /',
      'Committee',
      'Responsible',
    ]);
  });
});
