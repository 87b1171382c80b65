// Evidence files of the tracker: typed by their bytes, photos stored upright without EXIF (no
// location, no camera) or ICC profile and with a JPEG thumbnail, PDFs stored as given, anything
// else (text renamed .jpg, a cut-short photo, a decompression bomb) refused with a clear message.
import { crc32, deflateSync } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { EVIDENCE_THUMBNAIL_PX, TRACKER_MESSAGES } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_MAX_PIXELS,
  demoPhoto,
  prepareEvidence,
} from '../src/features/tracker/evidence/index.ts';
import { AppError } from '../src/lib/errors.ts';

const MANILA = { lat: 14.5995, lon: 120.9842 };
const EXIF = {
  IFD0: { Make: 'samsung', Model: 'Galaxy A54 5G' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '14/1 35/1 5820/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '120/1 59/1 312/100',
  },
};

/** Every tag exifr can find (EXIF, GPS, XMP, IPTC, ICC; not a PNG's size header), or undefined. */
const allTags = (bytes: Buffer) =>
  exifr.parse(bytes, {
    tiff: true,
    xmp: true,
    iptc: true,
    icc: true,
    gps: true,
    ihdr: false,
  }) as Promise<Record<string, unknown> | undefined>;

async function expectRefused(bytes: Buffer) {
  const error: unknown = await prepareEvidence(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({
    code: 'EVIDENCE_TYPE',
    status: 400,
    message: TRACKER_MESSAGES.evidenceType,
  });
}

/** A picture whose left half is red and right half blue, tagged with an EXIF orientation. */
function halves(orientation: number) {
  const width = 80;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const left = i % width < width / 2;
    pixels[i * 3] = left ? 255 : 0;
    pixels[i * 3 + 2] = left ? 0 : 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .withExif(EXIF)
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function pixelAt(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

describe('evidence photos', () => {
  it('removes location, camera and every other tag from a JPEG', async () => {
    const photo = await demoPhoto({ width: 800, height: 600, seed: 3, gps: MANILA });
    // The upload does carry them.
    const before = await allTags(photo);
    expect(before).toMatchObject({ Make: expect.any(String), Model: expect.any(String) });
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(14.5995, 3) });

    const prepared = await prepareEvidence(photo);
    expect(prepared).toMatchObject({
      kind: 'photo',
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 800,
      height: 600,
    });
    expect(await allTags(prepared.body)).toBeUndefined();
    expect(await exifr.gps(prepared.body)).toBeUndefined();
    const meta = await sharp(prepared.body).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.hasProfile).toBe(false);
    // The camera's name is nowhere in the file, not even outside a tag.
    expect(prepared.body.includes('Galaxy')).toBe(false);
    expect(prepared.body.includes('samsung')).toBe(false);
  });

  it('turns a sideways photo upright from its EXIF orientation', async () => {
    // Orientation 6: the stored pixels are shown turned 90° clockwise, so the red left half
    // becomes the top.
    const upload = await halves(6);
    expect((await sharp(upload).metadata()).orientation).toBe(6);
    const prepared = await prepareEvidence(upload);
    expect([prepared.width, prepared.height]).toEqual([40, 80]);
    const meta = await sharp(prepared.body).metadata();
    expect(meta.orientation).toBeUndefined();
    const [topRed, , topBlue] = await pixelAt(prepared.body, 20, 5);
    const [bottomRed, , bottomBlue] = await pixelAt(prepared.body, 20, 75);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
    expect(await allTags(prepared.body)).toBeUndefined();
    // The thumbnail is upright too.
    const thumb = await sharp(prepared.thumbnail ?? Buffer.alloc(0)).metadata();
    expect([thumb.width, thumb.height]).toEqual([40, 80]);
  });

  it('makes a JPEG thumbnail whose longest side is 320 and that carries no EXIF', async () => {
    const landscape = await prepareEvidence(
      await demoPhoto({ width: 1200, height: 900, seed: 4, gps: MANILA }),
    );
    const portrait = await prepareEvidence(
      await demoPhoto({ width: 1200, height: 900, seed: 5, gps: MANILA, orientation: 6 }),
    );
    for (const [prepared, size] of [
      [landscape, [320, 240]],
      [portrait, [240, 320]],
    ] as const) {
      const thumbnail = prepared.thumbnail ?? Buffer.alloc(0);
      const meta = await sharp(thumbnail).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual(size);
      expect(Math.max(meta.width, meta.height)).toBe(EVIDENCE_THUMBNAIL_PX);
      expect(await allTags(thumbnail)).toBeUndefined();
      expect(await exifr.gps(thumbnail)).toBeUndefined();
    }
  });

  it('does not enlarge a photo smaller than a thumbnail', async () => {
    const prepared = await prepareEvidence(
      await demoPhoto({ width: 200, height: 100, seed: 6, gps: MANILA }),
    );
    const meta = await sharp(prepared.thumbnail ?? Buffer.alloc(0)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
  });

  it('accepts PNG and WebP, keeping their format and dropping their tags', async () => {
    const photo = await demoPhoto({ width: 640, height: 480, seed: 8, gps: MANILA });
    const png = await sharp(photo).withExif(EXIF).png().toBuffer();
    const webp = await sharp(photo).withExif(EXIF).webp().toBuffer();
    for (const [bytes, format, contentType, extension] of [
      [png, 'png', 'image/png', 'png'],
      [webp, 'webp', 'image/webp', 'webp'],
    ] as const) {
      // The upload carries the camera and location (exifr reads no WebP: sharp shows its EXIF).
      const before = await sharp(bytes).metadata();
      expect(before.exif?.includes('Galaxy A54')).toBe(true);
      const prepared = await prepareEvidence(bytes);
      expect(prepared).toMatchObject({ kind: 'photo', contentType, extension, width: 640 });
      const after = await sharp(prepared.body).metadata();
      expect(after.format).toBe(format);
      expect([after.exif, after.xmp, after.iptc, after.icc]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(prepared.body.includes('Galaxy')).toBe(false);
      if (format === 'png') {
        expect(await exifr.gps(bytes)).toMatchObject({ latitude: expect.closeTo(14.5995, 3) });
        expect(await allTags(prepared.body)).toBeUndefined();
        expect(await exifr.gps(prepared.body)).toBeUndefined();
      }
      expect((await sharp(prepared.thumbnail ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    }
  });

  it('stores a PDF as given, without a thumbnail', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
    expect(await prepareEvidence(pdf)).toEqual({
      kind: 'pdf',
      body: pdf,
      thumbnail: null,
      contentType: 'application/pdf',
      extension: 'pdf',
      width: null,
      height: null,
    });
  });

  it('refuses text and HTML, whatever their name', async () => {
    await expectRefused(Buffer.from('hello'));
    await expectRefused(Buffer.from('<!doctype html><html><body><img src=x></body></html>'));
    await expectRefused(Buffer.alloc(0));
    // A GIF and an SVG are images, but not evidence formats.
    await expectRefused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    await expectRefused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
  });

  it('refuses a cut-short or corrupt photo', async () => {
    const photo = await demoPhoto({ width: 400, height: 300, seed: 9, gps: MANILA });
    await expectRefused(photo.subarray(0, Math.floor(photo.length / 2)));
    // A JPEG's signature followed by noise.
    await expectRefused(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
    );
    // A PNG's signature in front of a JPEG: the signature and the content disagree.
    const png = await sharp(photo).png().toBuffer();
    await expectRefused(Buffer.concat([png.subarray(0, 8), photo]));
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // A valid greyscale PNG of 10,000 x 6,000 zero pixels: about 60 KB that would decode to
    // 60 megapixels, over the 50 MP limit.
    const width = 10_000;
    const height = 6_000;
    expect(width * height).toBeGreaterThan(EVIDENCE_MAX_PIXELS);
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.writeUInt8(8, 8); // 8-bit greyscale
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    await expectRefused(bomb);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('demo photos', () => {
  it('draws the same JPEG for the same seed, with camera and GPS tags', async () => {
    const options = { width: 320, height: 240, seed: 11, label: 'Tree planting', gps: MANILA };
    const a = await demoPhoto(options);
    expect(a.equals(await demoPhoto(options))).toBe(true);
    expect(a.equals(await demoPhoto({ ...options, seed: 12 }))).toBe(false);
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
    const tags = await allTags(a);
    expect(tags).toMatchObject({ Make: expect.any(String), Model: expect.any(String) });
    expect(await exifr.gps(a)).toEqual({
      latitude: expect.closeTo(MANILA.lat, 4),
      longitude: expect.closeTo(MANILA.lon, 4),
    });
    const south = await exifr.gps(
      await demoPhoto({
        ...options,
        gps: { lat: -6.2, lon: -75.5 },
        camera: { make: 'X', model: 'Y' },
      }),
    );
    expect(south).toEqual({
      latitude: expect.closeTo(-6.2, 4),
      longitude: expect.closeTo(-75.5, 4),
    });
  });
});
