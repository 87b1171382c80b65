// The tracker's file work, in this process: a 5 MB phone photo (12 MP, held sideways, with
// camera and GPS tags) stored as evidence (decoded, turned upright, re-encoded without EXIF, a
// thumbnail made; target < 1 s), and the accomplishment report of 200 items as xlsx and PDF
// (< 1 s each). Median and max of wall and CPU time over the runs; the targets are checked
// against the median CPU time (on a loaded machine wall time includes the wait for a core; the
// photo's CPU time adds up both of sharp's pipelines, so it is the stricter of the two).
import { loadavg } from 'node:os';
import { PYDP_CENTRES, TRACKER_STATUSES } from '@sk-tanaw/contract';
import { demoPhoto, prepareEvidence } from '../apps/server/src/features/tracker/evidence/index.ts';
import {
  renderTrackerReport,
  type TrackerReportData,
} from '../apps/server/src/features/tracker/reports/index.ts';
import { measure, type Measured } from './plan-fixture.ts';

const PHOTO_RUNS = 10;
const REPORT_RUNS = 10;
const ITEMS = 200;
const TARGET_MS = 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function report(): TrackerReportData {
  const groups = [null, ...PYDP_CENTRES].map((centre) => ({ centre, items: [] as never[] }));
  const data: TrackerReportData = {
    barangay: { code: 'SB', name: 'San Bartolome' },
    year: 2026,
    period: 'q3',
    asOf: '2026-09-30',
    plan: { amendment: 1, kind: 'supplemental', resolutionNumber: '2026-031' },
    signatories: {
      secretary: 'Kristine Ramos',
      treasurer: 'Paolo Cruz',
      chairperson: 'Miguel Santos',
    },
    groups: groups.map((g) => ({ centre: g.centre, items: [] })),
  };
  for (let i = 0; i < ITEMS; i += 1) {
    const group = data.groups[i % data.groups.length];
    const appropriated = 1_000_000 + ((i * 7919) % 500) * 10_000;
    group?.items.push({
      referenceCode: `2026-${String(i + 1).padStart(3, '0')}`,
      ppa: `Youth activity number ${String(i + 1)} of the barangay`,
      target: `${String(20 + (i % 30))} participants; attendance sheets and photos`,
      accomplishment:
        i % 3 === 0
          ? ''
          : `Held ${String(1 + (i % 4))} of 4 sessions with ${String(15 + (i % 20))} youth; materials distributed`,
      status: TRACKER_STATUSES[i % TRACKER_STATUSES.length] ?? 'ongoing',
      appropriatedCents: appropriated,
      disbursedInPeriodCents: Math.floor(appropriated * ((i % 5) / 20)),
      disbursedToDateCents: Math.floor(appropriated * ((i % 9) / 10)),
      remarks: i % 10 === 0 ? 'Venue moved to the covered court' : '',
    });
  }
  return data;
}

async function main(): Promise<void> {
  const photo = await demoPhoto({
    width: 4000,
    height: 3000,
    seed: 42,
    label: 'Coastal clean-up, Purok 3',
    gps: { lat: 14.5833, lon: 121.0 },
    orientation: 6,
    noise: 0.5,
    quality: 95,
  });
  // Warm-up: libvips's first decode and encode.
  await prepareEvidence(photo);
  const photos: Measured[] = [];
  for (let i = 0; i < PHOTO_RUNS; i += 1) {
    photos.push(await measure(() => prepareEvidence(photo)));
  }

  const data = report();
  const rows: [string, Measured[]][] = [
    [`photo ${(photo.length / 1024 / 1024).toFixed(1)} MB, 4000x3000, EXIF`, photos],
  ];
  for (const format of ['xlsx', 'pdf'] as const) {
    const size = (await renderTrackerReport(data, format)).bytes.length;
    const runs: Measured[] = [];
    for (let i = 0; i < REPORT_RUNS; i += 1) {
      runs.push(await measure(() => renderTrackerReport(data, format)));
    }
    rows.push([`report ${String(ITEMS)} items ${format} (${(size / 1024).toFixed(0)} KB)`, runs]);
  }

  const fmt = (v: number) => v.toFixed(0).padStart(8);
  console.log(`machine load average (1 min): ${(loadavg()[0] ?? 0).toFixed(1)}`);
  console.log(`${'(ms)'.padEnd(42)} runs wall med wall max  CPU med  CPU max   target`);
  let met = true;
  for (const [name, runs] of rows) {
    const wall = runs.map((r) => r.wall);
    const cpu = runs.map((r) => r.cpu);
    console.log(
      `${name.padEnd(42)} ${String(runs.length).padStart(4)} ${fmt(median(wall))} ${fmt(Math.max(...wall))} ${fmt(median(cpu))} ${fmt(Math.max(...cpu))}   < ${String(TARGET_MS)}`,
    );
    met &&= median(cpu) < TARGET_MS;
  }
  if (!met) {
    console.log('TARGET MISSED (median CPU time)');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
