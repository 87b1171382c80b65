// The raw-data export's workbook written two ways, in this process, to a sink that only counts
// bytes: the hand-written streaming writer (apps/server/src/lib/files/xlsx-writer.ts) and
// exceljs's streaming WorkbookWriter, on the export's shape (100,000 PPAs: 3 texts and 10 years
// of a target text and a budget). The hand-written writer was to be retired unless exceljs is more
// than twice as slow: this prints both times, the ratio and the peak memory of each.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { xlsxStream, type XlsxCell } from '../apps/server/src/lib/files/xlsx-writer.ts';

const ROWS = 100_000;
const YEARS = 10;
const RUNS = 3;

const header: XlsxCell[] = [
  'PPA',
  'Category',
  'Committee',
  ...Array.from({ length: YEARS }, (_, y) => [
    `Target ${String(2017 + y)}`,
    `Budget ${String(2017 + y)}`,
  ]).flat(),
];

function row(i: number): XlsxCell[] {
  const cells: XlsxCell[] = [
    `Youth Program ${String(i).padStart(6, '0')}`,
    ['Health', 'Education', 'Governance', 'Environment'][i % 4] ?? '',
    ['Health', 'Education and Culture', 'Sports Development'][i % 3] ?? '',
  ];
  for (let y = 0; y < YEARS; y += 1) {
    cells.push(
      `${String((i % 9) + y + 1)} sessions`,
      10_000 + ((i * 37 + y * 1013) % 90_000) + 0.5,
    );
  }
  return cells;
}

async function* batches(): AsyncGenerator<XlsxCell[][]> {
  for (let at = 0; at < ROWS; at += 1000) {
    yield await Promise.resolve(Array.from({ length: 1000 }, (_, i) => row(at + i)));
  }
}

class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

async function handWritten(): Promise<number> {
  const sink = new CountingSink();
  await pipeline(xlsxStream('Raw Data', header, batches()), sink);
  return sink.bytes;
}

async function withExcelJs(): Promise<number> {
  const sink = new CountingSink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Raw Data');
  sheet.addRow(header).commit();
  for await (const rows of batches()) {
    for (const cells of rows) {
      sheet.addRow(cells).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
  return sink.bytes;
}

async function measure(name: string, write: () => Promise<number>) {
  const times: number[] = [];
  let bytes = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    bytes = await write();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  clearInterval(sampler);
  const middle = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `${name.padEnd(22)} median wall ${(middle(times) / 1000).toFixed(2)} s, CPU ${(middle(cpu) / 1000).toFixed(2)} s (${String(RUNS)} runs), ${(bytes / 1024 / 1024).toFixed(1)} MB, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`,
  );
  return { wall: middle(times), cpu: middle(cpu) };
}

async function main(): Promise<void> {
  console.log(`${ROWS.toLocaleString('en-US')} rows x ${String(header.length)} columns`);
  // exceljs first, so the hand-written writer's run cannot lower its peak memory figure.
  const exceljs = await measure('exceljs WorkbookWriter', withExcelJs);
  const hand = await measure('hand-written writer', handWritten);
  console.log(
    `exceljs / hand-written: wall ${(exceljs.wall / hand.wall).toFixed(2)}x, CPU ${(exceljs.cpu / hand.cpu).toFixed(2)}x (retire when <= 2x)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
