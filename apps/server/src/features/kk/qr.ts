/**
 * A QR code of a text as an SVG document (the `qrcode` package, loaded on first use): dark
 * modules on white with the standard quiet zone, error correction M (about 15% of the code may
 * be covered or worn on a printed poster and still read).
 */
export async function qrSvg(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
