import type Sharp from 'sharp';
import { EVIDENCE_THUMBNAIL_PX, TRACKER_MESSAGES, type EvidenceKind } from '@sk-tanaw/contract';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { detectImageType, isPdf, type ImageType } from '../../../lib/files/file-type.ts';

export { demoPhoto, type DemoPhotoOptions } from './demo-photo.ts';

/** An evidence file as it is stored: photos re-encoded without metadata, PDFs as given. */
export interface PreparedEvidence {
  kind: EvidenceKind;
  body: Buffer;
  /** A JPEG whose longest side is EVIDENCE_THUMBNAIL_PX (photos only). */
  thumbnail: Buffer | null;
  contentType: string;
  /** Without the dot: `jpg`, `png`, `webp`, `pdf`. */
  extension: string;
  width: number | null;
  height: number | null;
}

/**
 * A decompression bomb (a small file that decodes to a huge bitmap) is refused before it is
 * decoded: 50 megapixels is more than any phone or camera a council uses (a 48 MP phone photo
 * passes) and at most about 200 MB of pixels in memory.
 */
export const EVIDENCE_MAX_PIXELS = 50_000_000;
const THUMBNAIL_QUALITY = 80;

const PHOTO_FORMATS: Record<ImageType, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

const refused = () => badRequest(TRACKER_MESSAGES.evidenceType, 'EVIDENCE_TYPE');

/**
 * Checks an uploaded evidence file by its content (never its name) and makes what is stored.
 * Photos are decoded in full (a truncated or corrupt one is refused), turned upright from their
 * EXIF orientation and re-encoded in their own format with no metadata at all: sharp writes no
 * EXIF, XMP or IPTC unless asked to, so location, camera and time tags are gone. Colours are
 * converted to sRGB and the ICC profile dropped (sharp's default without `withMetadata`): every
 * browser shows untagged images as sRGB, so a wide-gamut photo keeps its look instead of carrying
 * a profile that can itself hold a device name.
 */
export async function prepareEvidence(bytes: Buffer): Promise<PreparedEvidence> {
  if (isPdf(bytes)) {
    return {
      kind: 'pdf',
      body: bytes,
      thumbnail: null,
      contentType: 'application/pdf',
      extension: 'pdf',
      width: null,
      height: null,
    };
  }
  const type = detectImageType(bytes);
  if (!type) {
    throw refused();
  }
  // sharp (libvips) loads with the first photo a process prepares, not at start-up.
  const { default: sharp } = await import('sharp');
  // `failOn: 'error'` refuses a cut-short or corrupt file; camera quirks libvips only warns about
  // (stray bytes before a marker) still pass.
  const input = () =>
    sharp(bytes, { limitInputPixels: EVIDENCE_MAX_PIXELS, failOn: 'error' }).rotate();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: EVIDENCE_MAX_PIXELS }).metadata();
    if (metadata.format !== type) {
      throw refused();
    }
    // Both come from the original: the thumbnail decodes a JPEG at a fraction of its size.
    const [body, thumbnail] = await Promise.all([
      encode(input(), type).toBuffer({ resolveWithObject: true }),
      input()
        .resize(EVIDENCE_THUMBNAIL_PX, EVIDENCE_THUMBNAIL_PX, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: THUMBNAIL_QUALITY })
        .toBuffer(),
    ]);
    return {
      kind: 'photo',
      body: body.data,
      thumbnail,
      ...PHOTO_FORMATS[type],
      width: body.info.width,
      height: body.info.height,
    };
  } catch (error) {
    // sharp's messages (pixel limit, premature end, unsupported) name internals: one clear answer.
    throw error instanceof AppError ? error : refused();
  }
}

/**
 * The same format as the upload, re-encoded (quality high enough to read receipts on it). A JPEG
 * keeps libjpeg's standard Huffman tables: optimising them made a 12 MP photo about 5% smaller
 * but took about three times the CPU time of the encode (measured: ~700 ms against ~250 ms).
 */
function encode(image: Sharp.Sharp, type: ImageType): Sharp.Sharp {
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: 90, optimiseCoding: false });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
  }
}
