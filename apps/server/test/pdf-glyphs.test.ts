import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import {
  MARGIN,
  MISSING_GLYPH,
  drawTable,
  finish,
  newDocument,
  printable,
} from '../src/lib/documents/pdf.ts';

/** Every piece of text on the first page with where pdf.js (a reader's viewer) puts it. */
async function placedText(bytes: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const items = content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [{ text: item.str, left: item.transform[4] as number, width: item.width }]
      : [],
  );
  await doc.destroy();
  return items;
}

describe('text the embedded font cannot draw', () => {
  it('keeps Filipino, English and the peso sign as written', () => {
    const text = 'Liga ng Parañaque — “Sto. Niño” ₱1,234.50\nÑ é ü';
    expect(printable(text)).toBe(text);
    expect(printable(text, 'bold')).toBe(text);
  });

  it('prints one mark per character it lacks, drops what draws nothing and stray marks', () => {
    expect(printable('Liga 🏀 ng Kabataan')).toBe(`Liga ${MISSING_GLYPH} ng Kabataan`);
    // A family emoji is one character of five code points joined by ZWJ, with a variation selector.
    expect(printable('👨‍👩‍👧 ❤️ x')).toBe(`${MISSING_GLYPH} ❤ x`);
    expect(printable('中文 ᜊᜌ᜔')).toBe(`${MISSING_GLYPH.repeat(2)} ${MISSING_GLYPH.repeat(2)}`);
    expect(printable('a\u200bb\u2060c\u2028d')).toBe('abc\nd');
    // U+0354 (combining arrowhead) is not in DejaVu: the letter stays, the mark goes.
    expect(printable('Za\u0354l')).toBe('Zal');
  });

  it('keeps every cell inside its column, whatever script or emoji it holds', async () => {
    const doc = newDocument('glyphs');
    const columns = [
      { label: 'PPA', width: 90, align: 'left' as const },
      { label: 'Total', width: 60, align: 'right' as const },
    ];
    const cells = [
      'ᜊᜌ᜔ᜊᜌᜒᜈ᜔ Baybayin ᜊᜌ᜔ᜊᜌᜒᜈ᜔ᜊᜌ᜔ᜊᜌᜒᜈ᜔',
      '🏀🔥🏀🔥🏀🔥🏀🔥🏀🔥🏀🔥🏀🔥🏀🔥 Liga',
      '中文项目中文项目中文项目中文项目中文项目',
    ];
    drawTable(
      doc,
      columns,
      cells.map((text) => ({ kind: 'line' as const, cells: [text, '₱1.00'] })),
    );
    const items = await placedText(await finish(doc, 'glyphs'));
    const inFirstColumn = items.filter((item) => item.left < MARGIN + 90);
    expect(inFirstColumn.map((item) => item.text).join(' ')).toContain('Baybayin');
    for (const item of inFirstColumn) {
      expect(item.left + item.width, item.text).toBeLessThanOrEqual(MARGIN + 90);
    }
  });
});
