/**
 * A photo taken on a phone, sent as a one-page PDF: proposals and their documents are PDF, DOC
 * or DOCX (the server checks the bytes), and the chair reads them in the PDF viewer. The photo
 * is drawn at most PHOTO_MAX_PX on its longer side (a phone's 12-megapixel photo would take
 * long to send on a weak signal), as a JPEG, then wrapped in a PDF page of its size.
 */
export const PHOTO_MAX_PX = 1600;

const encoder = new TextEncoder();

/** A PDF of one page showing `jpeg` (its bytes, `width` x `height` pixels) edge to edge. */
export function jpegToPdf(
  jpeg: Uint8Array,
  width: number,
  height: number,
): Uint8Array<ArrayBuffer> {
  // 72 points an inch; the page takes the photo's size at 150 dpi (A4-like for 1600 px).
  const scale = 72 / 150;
  const pageW = (width * scale).toFixed(2);
  const pageH = (height * scale).toFixed(2);
  const content = `q ${pageW} 0 0 ${pageH} 0 0 cm /Photo Do Q`;
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string | (() => void)) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    if (typeof body === 'string') {
      push(body);
    } else {
      body();
    }
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xC2\xB5\xC2\xB6\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] ` +
      '/Resources << /XObject << /Photo 4 0 R >> >> /Contents 5 0 R >>',
  );
  object(() => {
    push(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ` +
        `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    );
    push(jpeg);
    push('\nendstream');
  });
  object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) {
    push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  }
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The PDF's file name for a photo: "photo.jpg" -> "photo.pdf". */
export function photoPdfName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo';
  return `${base}.pdf`;
}

/** True for a photo the phone's camera or gallery gives (JPEG, PNG, WebP, HEIC...). */
export function isPhoto(file: File): boolean {
  return file.type.startsWith('image/');
}

/** The photo as a one-page PDF file, scaled down to PHOTO_MAX_PX (in the browser). */
export async function photoToPdf(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const ratio = Math.min(1, PHOTO_MAX_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('No canvas to draw the photo on');
  }
  // JPEG has no transparency: a PNG's transparent parts come out white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => {
    canvas.toBlob(resolve, 'image/jpeg', 0.85);
  });
  if (!blob) {
    throw new Error('The photo could not be encoded');
  }
  const pdf = jpegToPdf(new Uint8Array(await blob.arrayBuffer()), width, height);
  return new File([pdf], photoPdfName(file.name), { type: 'application/pdf' });
}
