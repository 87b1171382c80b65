import { describe, expect, it } from 'vitest';
import { isPhoto, jpegToPdf, photoPdfName } from './photo-pdf.ts';

describe('a photo as a PDF', () => {
  it('wraps the JPEG bytes in a one-page PDF whose cross-reference points at each object', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const pdf = jpegToPdf(jpeg, 300, 150);
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/Width 300 /Height 150');
    expect(text).toContain('/Filter /DCTDecode /Length 9');
    expect(text).toContain('/MediaBox [0 0 144.00 72.00]');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // Every offset of the table starts its object.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      const head = `${index + 1} 0 obj\n`;
      expect(text.slice(offset, offset + head.length)).toBe(head);
    });
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    // The photo's bytes are there unchanged.
    const at = text.indexOf('stream\n\xff\xd8') + 'stream\n'.length;
    expect([...pdf.slice(at, at + jpeg.length)]).toEqual([...jpeg]);
  });

  it('names the PDF after the photo and knows a photo by its type', () => {
    expect(photoPdfName('IMG_2041.jpg')).toBe('IMG_2041.pdf');
    expect(photoPdfName('image')).toBe('image.pdf');
    expect(isPhoto(new File([], 'a.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(isPhoto(new File([], 'a.pdf', { type: 'application/pdf' }))).toBe(false);
  });
});
