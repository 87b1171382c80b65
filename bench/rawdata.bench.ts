// Raw budget data at scale, against a real server process on SQLite:
// - import of a generated ~10 MB CSV (40,000 PPAs x 10 years) over HTTP: seconds, rows/s, the
//   server's peak RSS, and the ratio to a bare better-sqlite3 insert of the same rows in one
//   transaction (the floor for this machine);
// - export of 100,000 rows as CSV and as xlsx (streamed), with the server's peak RSS meanwhile.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { spawnServer, waitForHealth } from './server-env.ts';
import { packValues } from '../apps/server/src/features/raw-data/repository.ts';

const PORT = 19_000 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-rawdata-'));
const YEARS = Array.from({ length: 10 }, (_, i) => 2017 + i);
const CATEGORIES = ['Health', 'Education', 'Economic Empowerment', 'Governance', 'Environment'];
const COMMITTEES = ['Health', 'Education and Culture', 'Sports Development', 'Youth Empowerment'];

interface Row {
  ppa: string;
  category: string;
  committee: string;
  targets: string[];
  budgets: number[];
}

/** Deterministic rows: PPA i of a batch, 10 years of targets and budgets with centavos. */
function rows(count: number, prefix: string): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push({
      ppa: `${prefix} Youth Program ${String(i).padStart(6, '0')}`,
      category: CATEGORIES[i % CATEGORIES.length] ?? '',
      committee: COMMITTEES[i % COMMITTEES.length] ?? '',
      targets: YEARS.map((_, y) => `${(i % 9) + y + 1} sessions`),
      budgets: YEARS.map((_, y) => 10_000 + ((i * 37 + y * 1013) % 90_000) + 0.5),
    });
  }
  return out;
}

function toCsv(data: readonly Row[]): string {
  const header = [
    'PPA',
    'Category',
    'Committee',
    ...YEARS.flatMap((y) => [`Target ${y}`, `Budget ${y}`]),
  ];
  const lines = [header.join(',')];
  for (const r of data) {
    const cells = [r.ppa, r.category, r.committee];
    YEARS.forEach((_, y) => {
      cells.push(r.targets[y] ?? '', String(r.budgets[y]));
    });
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function signIn(): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'sb.admin',
      password: 'Tanaw#2025',
      barangay: 'San Bartolome',
    }),
  });
  if (!response.ok) {
    throw new Error(`login failed: ${response.status}`);
  }
  const { token } = (await response.json()) as { token: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { authorization: `Bearer ${token}`, cookie };
}

/** Peak resident memory of a process so far (MB), from /proc. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function currentRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resets the peak so the next phase's peak can be read on its own (Linux clear_refs 5). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function upload(headers: Record<string, string>, csv: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const start = performance.now();
  const response = await fetch(`${base}/api/rawdata/upload`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await response.json()) as {
    summary?: { processedRows: number; totalInserts: number };
  };
  const seconds = (performance.now() - start) / 1000;
  if (!response.ok || !body.summary) {
    throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { seconds, summary: body.summary };
}

/** The same rows into a fresh database with the same schema: prepared statements, one transaction. */
async function bareInsertSeconds(data: readonly Row[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tanaw-bench-bare-'));
  const database = createDatabase({
    databaseUrl: undefined,
    databaseSchema: undefined,
    dataDir: dir,
  });
  try {
    await migrateToLatest(database);
    const sqlite = database.sqlite;
    if (!sqlite) {
      throw new Error('expected SQLite');
    }
    const barangayId = Number(
      sqlite
        .prepare(
          "insert into barangays (code, name, created_at) values ('BX', 'Bench', '2026-01-01')",
        )
        .run().lastInsertRowid,
    );
    // The same rows as the app stores them, packed values included (packed before the clock
    // starts: what is timed is the database's work alone).
    const insertPpa = sqlite.prepare(
      'insert into raw_ppas (barangay_id, ppa, category, committee, ppa_key, created_at, updated_at, values_packed) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const packed = data.map((r) =>
      packValues({ years: [...YEARS], targets: r.targets, budgets: r.budgets }),
    );
    const insertValue = sqlite.prepare(
      'insert into raw_values (ppa_id, year, target, budget) values (?, ?, ?, ?)',
    );
    const stamp = new Date().toISOString();
    const start = performance.now();
    sqlite.transaction(() => {
      data.forEach((r, index) => {
        const key = `${r.ppa}|${r.category}|${r.committee}`.toLowerCase();
        const id = insertPpa.run(
          barangayId,
          r.ppa,
          r.category,
          r.committee,
          key,
          stamp,
          stamp,
          packed[index],
        ).lastInsertRowid;
        YEARS.forEach((year, y) => {
          insertValue.run(id, year, r.targets[y], r.budgets[y]);
        });
      });
    })();
    return (performance.now() - start) / 1000;
  } finally {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timedDownload(headers: Record<string, string>, format: 'csv' | 'excel') {
  const start = performance.now();
  const response = await fetch(`${base}/api/rawdata/download?format=${format}`, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) {
    throw new Error(`download failed: ${response.status}`);
  }
  return { seconds: (performance.now() - start) / 1000, mb: bytes / (1024 * 1024) };
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

async function main(): Promise<void> {
  const server = spawnServer(PORT, dataDir, {
    RATE_LIMIT_PER_MINUTE: '1000000',
    SEED_DEMO: 'true',
  });
  const pid = server.pid ?? 0;
  try {
    await waitForHealth(base, 300);
    const headers = await signIn();
    const first = rows(40_000, 'A');
    const csv = toCsv(first);
    const valueCount = first.length * YEARS.length;
    console.log(
      `import: ${first.length} PPAs x ${YEARS.length} years (${valueCount} values), ${fmt(Buffer.byteLength(csv) / (1024 * 1024))} MB CSV`,
    );
    const idleRss = currentRssMb(pid);
    resetPeak(pid);
    const imported = await upload(headers, csv, 'bench.csv');
    const importPeak = peakRssMb(pid);
    if (imported.summary.totalInserts !== valueCount) {
      throw new Error(`expected ${valueCount} values, got ${imported.summary.totalInserts}`);
    }
    const bare = await bareInsertSeconds(first);
    const ratio = bare / imported.seconds;
    console.log(
      `  over HTTP: ${fmt(imported.seconds)} s (target <= 3 s: ${verdict(imported.seconds <= 3)}), ${Math.round(first.length / imported.seconds)} rows/s, ${Math.round(valueCount / imported.seconds)} values/s`,
    );
    console.log(
      `  server RSS: ${fmt(idleRss, 0)} MB idle, peak ${fmt(importPeak, 0)} MB during the import (target < 300 MB: ${verdict(importPeak < 300)})`,
    );
    console.log(
      `  bare better-sqlite3 insert of the same rows in one transaction: ${fmt(bare)} s; ratio bare/HTTP ${fmt(ratio)} (target >= 0.5: ${verdict(ratio >= 0.5)})`,
    );
    const reupload = await upload(headers, csv, 'bench.csv');
    console.log(
      `  re-upload of the same file (every PPA matched, values replaced): ${fmt(reupload.seconds)} s`,
    );

    // 100,000 rows for the exports: 60,000 more PPAs on top (plus the demo data's few dozen).
    await upload(headers, toCsv(rows(60_000, 'B')), 'bench-2.csv');
    for (const format of ['csv', 'excel'] as const) {
      await timedDownload(headers, format); // warm-up (query plans, JIT)
      resetPeak(pid);
      const before = currentRssMb(pid);
      const result = await timedDownload(headers, format);
      const peak = peakRssMb(pid);
      const limit = format === 'csv' ? 1 : 3;
      console.log(
        `export ${format === 'csv' ? 'CSV ' : 'xlsx'} of 100,000+ rows: ${fmt(result.seconds)} s (target <= ${limit} s: ${verdict(result.seconds <= limit)}), ${fmt(result.mb, 1)} MB, server RSS ${fmt(before, 0)} -> peak ${fmt(peak, 0)} MB`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
