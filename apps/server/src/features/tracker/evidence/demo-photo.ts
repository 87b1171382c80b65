import { seededRandom } from '../../../lib/seeded-random.ts';

export interface DemoPhotoOptions {
  width: number;
  height: number;
  /** The same seed gives the same picture, byte for byte. */
  seed: number;
  /** Written across the bottom of the picture. */
  label?: string;
  /** Where the "camera" says it was: written as EXIF GPS tags. */
  gps: { lat: number; lon: number };
  /** Camera maker and model in EXIF; by default one of a few phones, chosen by the seed. */
  camera?: { make: string; model: string };
  /** EXIF orientation (1-8) to tag the file with, as a phone held sideways does (6). */
  orientation?: number;
  /** Grain added to every pixel (0 = none, 1 = heavy): makes the JPEG as large as a real photo. */
  noise?: number;
  /** JPEG quality, 1-100 (default 85). */
  quality?: number;
}

const PHONES = [
  { make: 'samsung', model: 'Galaxy A54 5G' },
  { make: 'Apple', model: 'iPhone 13' },
  { make: 'Xiaomi', model: 'Redmi Note 12' },
  { make: 'OPPO', model: 'A78' },
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `14.5833` -> `14/1 34/1 5999/100`: degrees, minutes and seconds as EXIF rationals. */
function rationals(degrees: number): string {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const minutes = (abs - d) * 60;
  const m = Math.floor(minutes);
  const s = Math.round((minutes - m) * 60 * 100);
  return `${String(d)}/1 ${String(m)}/1 ${String(s)}/100`;
}

/** A diagonal gradient between two seeded colours, with grain, as raw RGB pixels. */
function gradient(width: number, height: number, next: () => number, noise: number): Buffer {
  const from = [next() * 255, next() * 255, next() * 255];
  const to = [next() * 255, next() * 255, next() * 255];
  const pixels = Buffer.alloc(width * height * 3);
  const amplitude = Math.max(0, Math.min(1, noise)) * 96;
  // A cheap xorshift for the grain: millions of draws, same seed same grain.
  let grain = (Math.floor(next() * 0xffffffff) | 1) >>> 0;
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c += 1) {
        grain ^= grain << 13;
        grain ^= grain >>> 17;
        grain ^= grain << 5;
        const jitter = amplitude === 0 ? 0 : ((grain >>> 0) / 4294967296 - 0.5) * amplitude;
        pixels[at] = Math.max(
          0,
          Math.min(255, (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t + jitter),
        );
        at += 1;
      }
    }
  }
  return pixels;
}

/** A few seeded circles and rectangles, and the label on a dark band, as an SVG overlay. */
function shapes(width: number, height: number, next: () => number, label?: string): Buffer {
  const colour = () =>
    `rgb(${String(Math.floor(next() * 256))},${String(Math.floor(next() * 256))},${String(Math.floor(next() * 256))})`;
  const parts: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const size = Math.round((0.05 + next() * 0.2) * Math.min(width, height));
    parts.push(
      i % 2 === 0
        ? `<circle cx="${String(x)}" cy="${String(y)}" r="${String(size)}" fill="${colour()}" fill-opacity="0.8"/>`
        : `<rect x="${String(x - size)}" y="${String(y - size / 2)}" width="${String(size * 2)}" height="${String(size)}" fill="${colour()}" fill-opacity="0.7"/>`,
    );
  }
  if (label) {
    const band = Math.round(height * 0.12);
    parts.push(
      `<rect x="0" y="${String(height - band)}" width="${String(width)}" height="${String(band)}" fill="#000" fill-opacity="0.55"/>`,
      `<text x="${String(Math.round(width * 0.03))}" y="${String(height - Math.round(band * 0.3))}" font-family="DejaVu Sans, sans-serif" font-size="${String(Math.round(band * 0.5))}" fill="#fff">${escapeXml(label)}</text>`,
    );
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">${parts.join('')}</svg>`,
  );
}

/**
 * A real JPEG for demo data and tests: a seeded gradient-and-shapes picture carrying what a phone
 * photo carries and a council must not publish: EXIF camera (Make, Model) and GPS tags.
 */
export async function demoPhoto(options: DemoPhotoOptions): Promise<Buffer> {
  const { width, height, seed, gps } = options;
  const next = seededRandom(seed);
  const camera = options.camera ?? PHONES[seed % PHONES.length] ?? PHONES[0];
  const pixels = gradient(width, height, next, options.noise ?? 0);
  const { default: sharp } = await import('sharp');
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).composite([
    { input: shapes(width, height, next, options.label) },
  ]);
  if (options.orientation !== undefined) {
    image = image.withMetadata({ orientation: options.orientation });
  }
  return image
    .withExif({
      IFD0: { Make: camera.make, Model: camera.model, Software: 'SK Tanaw demo' },
      IFD3: {
        GPSLatitudeRef: gps.lat < 0 ? 'S' : 'N',
        GPSLatitude: rationals(gps.lat),
        GPSLongitudeRef: gps.lon < 0 ? 'W' : 'E',
        GPSLongitude: rationals(gps.lon),
      },
    })
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}
