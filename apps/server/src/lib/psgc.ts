import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The vendored Philippine Standard Geographic Code registry (apps/server/vendor/psgc/, built by
 * scripts/psgc-build.ts; its README names the source, version, licence and date). A newer PSA
 * release is a new file there and a new PSGC_FILE here.
 */
export const PSGC_FILE = join(import.meta.dirname, '../../vendor/psgc/psgc-2025-2Q.json.gz');

export interface PsgcFile {
  source: string;
  /** The PSA release, e.g. `2025-2Q`. */
  release: string;
  /** The PSA's publication date of that release (YYYY-MM-DD). */
  published: string;
  /** Region code (two digits) to region name. */
  regions: Record<string, string>;
  /** [PSGC code, name, province or null (highly urbanised and independent cities), region code]. */
  cities: [string, string, string | null, string][];
  /** [PSGC code, name, index into `cities`], by PSGC code. */
  barangays: [string, string, number][];
}

export interface PsgcCity {
  psgc: string;
  name: string;
  province: string | null;
  region: string;
}

export interface PsgcBarangay {
  psgc: string;
  name: string;
  city: PsgcCity;
}

export interface PsgcRegistry {
  release: string;
  source: string;
  published: string;
  cities: PsgcCity[];
  barangays: PsgcBarangay[];
}

/**
 * A name as searches and sign-in compare it: accents dropped (Niño is Nino), lower case, inner
 * white space folded.
 */
export function foldName(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function loadPsgc(file: string = PSGC_FILE): PsgcRegistry {
  const data = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PsgcFile;
  const cities = data.cities.map(([psgc, name, province, region]) => ({
    psgc,
    name,
    province,
    region: data.regions[region] ?? region,
  }));
  const barangays = data.barangays.map(([psgc, name, city]) => {
    const found = cities[city];
    if (!found) {
      throw new Error(`PSGC file ${file}: barangay ${psgc} names no city`);
    }
    return { psgc, name, city: found };
  });
  return {
    release: data.release,
    source: data.source,
    published: data.published,
    cities,
    barangays,
  };
}

let loaded: PsgcRegistry | undefined;

/** The vendored registry, read once per process. */
export function psgcRegistry(): PsgcRegistry {
  loaded ??= loadPsgc();
  return loaded;
}

/** "City of Manila", "Manila City" and "Manila" name the same city. */
function bareCity(name: string): string {
  return foldName(name)
    .replace(/^city of /, '')
    .replace(/ city$/, '');
}

/**
 * The cities a name (and optionally a province) names: an exact name first, else the name
 * without "City of" / "City".
 */
export function findCities(registry: PsgcRegistry, name: string, province?: string): PsgcCity[] {
  const inProvince = (c: PsgcCity) =>
    province === undefined || foldName(c.province ?? '') === foldName(province);
  const exact = registry.cities.filter((c) => foldName(c.name) === foldName(name) && inProvince(c));
  if (exact.length > 0) {
    return exact;
  }
  return registry.cities.filter((c) => bareCity(c.name) === bareCity(name) && inProvince(c));
}
