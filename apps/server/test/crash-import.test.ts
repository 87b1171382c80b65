// kill -9 of the real server during a raw data CSV import: after a restart the data is whole.
// The barangay's raw data is exactly what it was before the import or exactly what the complete
// import makes of it (never a part of it), its version and audit trail agree with that, no value
// is left without its PPA, no file is left behind in DATA_DIR, an import that was answered is
// there, and the restarted server imports again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDataResponse, RawDataUploadResponse } from '@sk-tanaw/contract';
import { createDatabase, sqliteFile } from '../src/db/database.ts';
import { rawQuery } from './backup-helpers.ts';
import { DIALECTS } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import {
  processStore,
  signIn,
  startServer,
  type HttpSession,
  type ServerProcess,
} from './server-process.ts';

const YEARS = Array.from({ length: 10 }, (_, i) => 2015 + i);
/** PPAs of the large import: about 7 MB of CSV, a few seconds to parse and write. */
const LARGE = 20_000;
/** PPAs of the first, small import (the first of the large import's PPAs, other values). */
const SMALL = 40;

type YearValue = [target: string | null, budget: number | null];

/** A barangay's raw data as the database holds it, by PPA key. */
interface ModelPpa {
  ppa: string;
  category: string;
  committee: string;
  values: Map<number, YearValue>;
}
type Model = Map<string, ModelPpa>;

interface Csv {
  text: string;
  ppas: Model;
  values: number;
}

/**
 * `count` PPAs over YEARS; each variant gives other targets and budgets and leaves other cells
 * empty, so applying one over another changes, adds and removes values.
 */
function crashCsv(variant: number, count: number): Csv {
  const lines = [
    ['PPA', 'Category', 'Committee', ...YEARS.flatMap((y) => [`Target ${y}`, `Budget ${y}`])].join(
      ',',
    ),
  ];
  const ppas: Model = new Map();
  let values = 0;
  for (let i = 0; i < count; i += 1) {
    const ppa = `Crash PPA ${String(i).padStart(5, '0')}`;
    const category = `Category ${String(i % 7)}`;
    const committee = `Committee ${String(i % 5)}`;
    const cells = [ppa, category, committee];
    const byYear = new Map<number, YearValue>();
    for (const year of YEARS) {
      if ((i + year + variant) % 6 === 0) {
        cells.push('', '');
        continue;
      }
      const target = `Reach ${String((i * 3 + year + variant) % 500)} youth`;
      const budget = ((i * 37 + year * 11 + variant * 1009) % 900_000) + 0.25;
      cells.push(target, String(budget));
      byYear.set(year, [target, budget]);
      values += 1;
    }
    lines.push(cells.join(','));
    ppas.set(`${ppa}|${category}|${committee}`.toLowerCase(), {
      ppa,
      category,
      committee,
      values: byYear,
    });
  }
  return { text: `${lines.join('\r\n')}\r\n`, ppas, values };
}

/** What an import makes of `model`: its PPAs matched by key, their values for its years replaced. */
function applyImport(model: Model, csv: Csv): Model {
  const out: Model = new Map(model);
  for (const [key, p] of csv.ppas) {
    const values = new Map(
      [...(model.get(key)?.values ?? [])].filter(([year]) => !YEARS.includes(year)),
    );
    for (const [year, value] of p.values) {
      values.set(year, value);
    }
    out.set(key, { ...p, values });
  }
  return out;
}

function digest(model: Model): string {
  const lines = [...model].map(([key, p]) => {
    const values = [...p.values]
      .sort(([a], [b]) => a - b)
      .map(([year, [target, budget]]) => `${String(year)}:${target ?? '-'}:${String(budget)}`);
    return [key, p.ppa, p.category, p.committee, ...values].join('\t');
  });
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** The whole raw data state: data, data version and count of upload audit entries agree. */
interface State {
  ppas: number;
  values: number;
  digest: string;
  version: number;
  uploads: number;
}

const stateOf = (model: Model, version: number, uploads: number): State => ({
  ppas: model.size,
  values: [...model.values()].reduce((sum, p) => sum + p.values.size, 0),
  digest: digest(model),
  version,
  uploads,
});

describe.each(DIALECTS)('kill -9 during a raw data import on %s', (dialect) => {
  const store = processStore(dialect, 'tanaw-crash-import-');
  const { dataDir, schema } = store;
  const env: Record<string, string> = { ...store.env, SEED_DEMO: 'true' };
  let server: ServerProcess | undefined;
  let observer: pg.Client | undefined;

  beforeAll(async () => {
    server = await startServer(env);
    if (dialect === 'postgres') {
      observer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await observer.connect();
    }
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    await observer?.end();
    await store.drop();
  });

  /** Every file and folder under DATA_DIR, but SQLite's own WAL companions. */
  function filesInDataDir(dir = dataDir, prefix = ''): string[] {
    if (!existsSync(dir)) {
      return [];
    }
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const name = `${prefix}${entry.name}`;
      if (/^tanaw\.db-(wal|shm)$/.test(name)) {
        return [];
      }
      return entry.isDirectory()
        ? [`${name}/`, ...filesInDataDir(join(dir, entry.name), `${name}/`)]
        : [name];
    });
  }

  /**
   * Reads the barangay's raw data, its version and its upload audit entries straight from the
   * database, through the driver (not the app's code).
   */
  async function readState(): Promise<{ model: Model; state: State }> {
    const database = createDatabase({
      databaseUrl: env.DATABASE_URL,
      databaseSchema: env.DATABASE_SCHEMA,
      dataDir,
    });
    try {
      const query = (text: string) => rawQuery(database, text);
      const [barangay] = await query(`select id from barangays where code = 'SB'`);
      const id = Number(barangay?.id);
      // One row per PPA with its values as JSON (ten times fewer rows to carry than a join).
      const values =
        dialect === 'postgres'
          ? 'json_agg(json_build_array(v.year, v.target, v.budget))::text'
          : 'json_group_array(json_array(v.year, v.target, v.budget))';
      const rows = await query(
        `select p.ppa_key, p.ppa, p.category, p.committee,
           (select ${values} from raw_values v where v.ppa_id = p.id) as values_json
         from raw_ppas p where p.barangay_id = ${String(id)}`,
      );
      const model: Model = new Map();
      const twice: string[] = [];
      for (const row of rows) {
        const p: ModelPpa = {
          ppa: String(row.ppa),
          category: String(row.category),
          committee: String(row.committee),
          values: new Map(),
        };
        const entries = JSON.parse(
          typeof row.values_json === 'string' ? row.values_json : '[]',
        ) as [number, string | null, number | null][];
        for (const [year, target, budget] of entries) {
          if (p.values.has(year)) {
            twice.push(`${p.ppa} ${String(year)}`);
          }
          p.values.set(year, [target, budget]);
        }
        model.set(String(row.ppa_key), p);
      }
      expect(twice, 'values stored twice').toEqual([]);
      // No value without its PPA, anywhere.
      const [orphans] = await query(
        `select count(*) as n from raw_values v left join raw_ppas p on p.id = v.ppa_id
         where p.id is null`,
      );
      expect(Number(orphans?.n)).toBe(0);
      const [version] = await query(
        `select version from raw_data_versions where barangay_id = ${String(id)}`,
      );
      const [uploads] = await query(
        `select count(*) as n from audit_log where barangay_id = ${String(id)}
         and module = 'Raw Data' and action = 'Upload'`,
      );
      return {
        model,
        state: stateOf(model, version ? Number(version.version) : 0, Number(uploads?.n)),
      };
    } finally {
      await database.destroy();
    }
  }

  const firstPage = async (s: HttpSession): Promise<RawDataResponse> => {
    const response = await fetch(`${server?.base ?? ''}/api/rawdata?page=1&pageSize=30`, {
      headers: s.headers,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as RawDataResponse;
  };

  /** The read endpoint tells the same as the database: counts, years and the first page's rows. */
  function expectApiShows(page: RawDataResponse, model: Model): void {
    const years = [...new Set([...model.values()].flatMap((p) => [...p.values.keys()]))].sort(
      (a, b) => a - b,
    );
    expect(page.total).toBe(model.size);
    expect(page.summary.totalRecords).toBe(model.size);
    expect(page.years).toEqual(years);
    expect(page.data.length).toBe(Math.min(30, model.size));
    for (const row of page.data) {
      const p = model.get(`${row.ppa}|${row.category}|${row.committee}`.toLowerCase());
      expect(p, row.ppa).toBeDefined();
      for (const year of years) {
        const [target, budget] = p?.values.get(year) ?? [null, null];
        expect([row[`${year}_target`], row[`${year}_budget`]], `${row.ppa} ${year}`).toEqual([
          target,
          budget,
        ]);
      }
    }
  }

  const body = (csv: Csv) =>
    multipart(
      {},
      {
        name: 'file',
        fileName: 'crash.csv',
        content: Buffer.from(csv.text),
        contentType: 'text/csv',
      },
    );

  interface Posted {
    /** When the last byte of the body was handed to the socket (never, if killed before). */
    sent: Promise<number>;
    answer: Promise<{ status: number; text: string } | null>;
  }

  function postImport(base: string, s: HttpSession, csv: Csv): Posted {
    const form = body(csv);
    let markSent: (at: number) => void = () => undefined;
    const sent = new Promise<number>((resolve) => {
      markSent = resolve;
    });
    const answer = new Promise<{ status: number; text: string } | null>((resolve) => {
      const req = request(
        new URL('/api/rawdata/upload', base),
        {
          method: 'POST',
          headers: { ...s.headers, ...form.headers, 'content-length': form.payload.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
          });
          res.on('error', () => resolve(null));
        },
      );
      req.on('error', () => resolve(null)); // the server dies under it
      req.end(form.payload, () => markSent(Date.now()));
    });
    return { sent, answer };
  }

  /**
   * Sends the first part of an import's body and never the rest. Each chunk waits until the
   * socket has taken the one before, so the server is reading the body when it is killed.
   */
  async function trickleImport(base: string, s: HttpSession, csv: Csv): Promise<void> {
    const form = body(csv);
    const req = request(new URL('/api/rawdata/upload', base), {
      method: 'POST',
      headers: { ...s.headers, ...form.headers, 'content-length': form.payload.length },
    });
    req.on('error', () => undefined);
    let sent = 0;
    for (let i = 0; i < 20; i += 1) {
      const chunk = form.payload.subarray(sent, sent + 64 * 1024);
      sent += chunk.length;
      await new Promise<void>((resolve) => req.write(chunk, () => resolve()));
    }
    expect(sent).toBeLessThan(form.payload.length / 2);
  }

  /** Resolves once the import's write transaction has started writing (polled from outside). */
  async function writing(): Promise<void> {
    const deadline = Date.now() + 30_000;
    if (dialect === 'postgres') {
      // A write lock on raw_values is held from the transaction's first change to its commit.
      for (;;) {
        const locks = await observer?.query(
          `select 1 from pg_locks l join pg_class c on c.oid = l.relation
             join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and c.relname = 'raw_values' and l.mode = 'RowExclusiveLock'`,
          [schema],
        );
        if ((locks?.rowCount ?? 0) > 0) {
          return;
        }
        if (Date.now() > deadline) {
          throw new Error('the import never started writing');
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    // SQLite: the transaction's pages start spilling into the WAL file.
    const wal = `${sqliteFile(dataDir)}-wal`;
    const stamp = () => (existsSync(wal) ? `${statSync(wal).size}:${statSync(wal).mtimeMs}` : '');
    const before = stamp();
    while (stamp() === before) {
      if (Date.now() > deadline) {
        throw new Error('the import never started writing');
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  let session: HttpSession;
  let files: string[] = [];

  async function restart(): Promise<void> {
    await server?.kill9();
    server = await startServer(env);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    session = await signIn(server.base, 'sb.admin');
    // No staging or temporary file is left behind, in DATA_DIR or under it.
    expect(filesInDataDir()).toEqual(files);
  }

  it('keeps the import whole or absent when killed at any moment', async () => {
    if (!server) {
      throw new Error('no server');
    }
    session = await signIn(server.base, 'sb.admin');
    const variants = [crashCsv(1, LARGE), crashCsv(2, LARGE)];

    // The previous data: the demo data and a first small import.
    const small = crashCsv(0, SMALL);
    const first = await postImport(server.base, session, small).answer;
    expect(first?.status, first?.text).toBe(200);
    const { model: previous, state: previousState } = await readState();
    expect(previous.size).toBeGreaterThan(SMALL);
    expect(applyImport(previous, small)).toEqual(previous);
    const previousPage = await firstPage(session);
    expectApiShows(previousPage, previous);
    files = filesInDataDir();

    let current = { model: previous, state: previousState };
    /** Kills, restarts, and checks the data is exactly `current` or exactly `current` + `csv`. */
    const expectWholeAfterKill = async (csv: Csv): Promise<'before' | 'after'> => {
      await restart();
      const after = applyImport(current.model, csv);
      const afterState = stateOf(after, current.state.version + 1, current.state.uploads + 1);
      const { model, state } = await readState();
      expect(
        [current.state, afterState],
        `the data after the kill: ${JSON.stringify(state)}; before and after the import: ${JSON.stringify([current.state, afterState])}`,
      ).toContainEqual(state);
      const outcome = state.version === afterState.version ? 'after' : 'before';
      if (outcome === 'after') {
        current = { model, state };
      }
      expectApiShows(await firstPage(session), current.model);
      expect(model.size).toBe(current.model.size);
      return outcome;
    };
    /** The large import that changes the current data (the other variant than the last one in). */
    const nextCsv = () => {
      const csv = variants.find(
        (v) => digest(applyImport(current.model, v)) !== current.state.digest,
      );
      if (!csv) {
        throw new Error('no import would change the data');
      }
      return csv;
    };

    // 1. Killed while the body is still arriving: exactly the previous data.
    await trickleImport(server.base, session, variants[0] ?? small);
    expect(await expectWholeAfterKill(variants[0] ?? small)).toBe('before');
    expect(await firstPage(session)).toEqual(previousPage);

    // 2. Answered, then killed at once: the import is all there.
    const answeredCsv = nextCsv();
    const answered = postImport(server.base, session, answeredCsv);
    const sentAt = await answered.sent;
    const reply = await answered.answer;
    const importMs = Date.now() - sentAt;
    expect(reply?.status, reply?.text).toBe(200);
    expect((JSON.parse(reply?.text ?? '{}') as RawDataUploadResponse).summary).toMatchObject({
      totalRows: LARGE,
      processedRows: LARGE,
      totalInserts: answeredCsv.values,
      errorRows: 0,
    });
    expect(await expectWholeAfterKill(answeredCsv)).toBe('after');

    // 3. Killed the moment the whole body has been sent.
    const atSent = nextCsv();
    await postImport(server.base, session, atSent).sent;
    await expectWholeAfterKill(atSent);

    // 4. Killed while the import's transaction is writing.
    const atWrite = nextCsv();
    const writingImport = postImport(server.base, session, atWrite);
    await writingImport.sent;
    await writing();
    await expectWholeAfterKill(atWrite);

    // 5. Killed at random moments between the end of the upload and the answer.
    for (let run = 0; run < 3; run += 1) {
      const csv = nextCsv();
      const posted = postImport(server.base, session, csv);
      await posted.sent;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * importMs * 1.2));
      const status = await Promise.race([
        posted.answer.then((a) => a?.status ?? 0),
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 0)),
      ]);
      const outcome = await expectWholeAfterKill(csv);
      if (status === 200) {
        expect(outcome).toBe('after');
      }
    }

    // The restarted server imports again, completely.
    const last = nextCsv();
    const again = await postImport(server.base, session, last).answer;
    expect(again?.status, again?.text).toBe(200);
    const expected = stateOf(
      applyImport(current.model, last),
      current.state.version + 1,
      current.state.uploads + 1,
    );
    const final = await readState();
    expect(final.state).toEqual(expected);
    expectApiShows(await firstPage(session), final.model);
    expect(filesInDataDir()).toEqual(files);
  }, 300_000);
});
