import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RAW_DATA_MESSAGES,
  manilaYear,
  type RawDataOptionsResponse,
  type RawDataResponse,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import { GENERAL_ADMINISTRATION } from '../src/common/plan-raw-values.ts';
import { DEMO_CATEGORIES } from '../src/features/raw-data/demo-seed.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

const MAX_BYTES = 256 * 1024;

describe.each(DIALECTS)('raw budget data on %s', (dialect) => {
  let t: TestApp;
  let ma: Session;
  let skc: Session;
  let sko: Session;
  let nnSa: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { RAW_DATA_MAX_BYTES: String(MAX_BYTES) } });
    [ma, skc, sko, nnSa] = await Promise.all([
      loginAs(t.app, 'MA', 'SB'),
      loginAs(t.app, 'SKC', 'SB'),
      loginAs(t.app, 'SKO', 'SB'),
      loginAs(t.app, 'SA', 'NN'),
    ]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const upload = (as: Session | null, content: string | Buffer, fileName = 'data.csv') => {
    const body = multipart(
      {},
      { name: 'file', fileName, content: Buffer.from(content), contentType: 'text/csv' },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/rawdata/upload',
      payload: body.payload,
      headers: { ...(as?.headers ?? {}), ...body.headers },
    });
  };
  const uploadOk = async (as: Session, content: string) => {
    const response = await upload(as, content);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RawDataUploadResponse>();
  };
  const list = async (as: Session, query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rawdata',
      query,
      headers: as.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RawDataResponse>();
  };
  const download = (as: Session | null, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/rawdata/download',
      query,
      headers: as?.headers ?? {},
    });
  const version = async (barangayCode: string) => {
    const row = await t.app.services.db
      .selectFrom('raw_data_versions as v')
      .innerJoin('barangays as b', 'b.id', 'v.barangay_id')
      .where('b.code', '=', barangayCode)
      .select('v.version')
      .executeTakeFirst();
    return row ? row.version : 0;
  };

  it('seeds believable demo data: 2019 to this year, San Bartolome larger than Nagkaisang Nayon', async () => {
    const sb = await list(ma);
    const nn = await list(nnSa);
    const thisYear = manilaYear(t.clock.now());
    expect(sb.years[0]).toBe(2019);
    expect(sb.years.at(-1)).toBe(thisYear);
    expect(sb.data.length).toBeGreaterThan(nn.data.length);
    expect(sb.summary).toMatchObject({
      totalRecords: sb.data.length,
      yearRange: `2019-${thisYear}`,
    });
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/rawdata/options', headers: ma.headers })
    ).json<RawDataOptionsResponse>();
    expect(options.categories).toEqual([...options.categories].sort());
    // The demo's posted plan adds its General Administration lines for this year.
    expect(
      options.categories.every((c) => [...DEMO_CATEGORIES, GENERAL_ADMINISTRATION].includes(c)),
    ).toBe(true);
    expect(options.committees.length).toBeGreaterThan(4);
  });

  it('lets officers read but only administrators upload, and nobody without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/rawdata' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/rawdata/options' })).statusCode).toBe(
      401,
    );
    expect((await download(null, { format: 'csv' })).statusCode).toBe(401);
    expect((await upload(null, 'PPA,Budget 2023\nA,1\n')).statusCode).toBe(401);
    expect((await list(sko)).data.length).toBeGreaterThan(0);
    expect((await list(skc)).data.length).toBeGreaterThan(0);
    expect((await download(sko, { format: 'csv' })).statusCode).toBe(200);
    for (const officer of [sko, skc]) {
      const refused = await upload(officer, 'PPA,Budget 2023\nOfficer PPA,1\n');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await list(ma, { ppa: 'Officer PPA' })).data).toEqual([]);
  });

  it('imports a file with skipped rows: counts, line numbers, warning, audit entry and a new version', async () => {
    const before = await version('SB');
    const body = await uploadOk(
      ma,
      [
        'PPA,Category,Committee,Target 2023,Budget 2023,Target 2024,Budget 2024',
        'Zeta Youth Camp,Governance,Youth Empowerment,1 camp,"₱50,000.00",2 camps,"60,000"',
        ',Governance,Youth Empowerment,1,1,1,1',
        'Zeta Coding Club,Education,Education and Culture,10 members,-1,,',
        'Zeta Art Workshop,Education,Education and Culture,,,3 workshops,₱ 7 500',
      ].join('\r\n'),
    );
    expect(body.summary).toEqual({
      processedRows: 2,
      totalRows: 4,
      totalInserts: 3,
      yearRange: '2023-2024',
      errorRows: 2,
      planValuesReplaced: 0,
    });
    expect(body.skipped).toEqual([
      { line: 3, reason: 'No PPA' },
      { line: 4, reason: 'Negative budget in "Budget 2023": -1' },
    ]);
    expect(body.skippedMore).toBe(0);
    expect(body.warning).toBe(RAW_DATA_MESSAGES.skippedWarning(2));
    expect(await version('SB')).toBe(before + 1);

    const rows = await list(ma, { ppa: 'zeta' });
    expect(rows.data).toHaveLength(2);
    const camp = rows.data.find((r) => r.ppa === 'Zeta Youth Camp');
    expect(camp).toMatchObject({
      category: 'Governance',
      '2023_target': '1 camp',
      '2023_budget': 50_000,
      '2024_budget': 60_000,
    });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .where('module', '=', 'Raw Data')
      .where('username', '=', 'sb.admin')
      .selectAll()
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.description).toContain('data.csv');
    expect(JSON.parse(audit[0]?.new_value ?? '{}')).toMatchObject({
      fileName: 'data.csv',
      processedRows: 2,
      totalRows: 4,
      totalInserts: 3,
      errorRows: 2,
    });
  });

  it('re-uploading replaces the years in the file for the PPAs in the file and keeps the rest', async () => {
    await uploadOk(
      ma,
      [
        'PPA,Category,Committee,Target 2023,Budget 2023,Target 2024,Budget 2024',
        'Kappa Fun Run,Health,Sports Development,1 run,1000,1 run,2000',
        'Kappa Seminar,Health,Health,2 seminars,3000,,',
      ].join('\n'),
    );
    await uploadOk(
      ma,
      [
        'PPA,Category,Committee,Budget 2024,Budget 2025',
        'kappa  FUN run,health,sports development,2500,2600',
      ].join('\n'),
    );
    const rows = await list(ma, { ppa: 'kappa', sort: 'ppa', page: '1', pageSize: '10' });
    expect(rows.total).toBe(2);
    const run = rows.data.find((r) => r.ppa.toLowerCase() === 'kappa fun run');
    const seminar = rows.data.find((r) => r.ppa === 'Kappa Seminar');
    expect(run).toMatchObject({
      ppa: 'kappa FUN run',
      '2023_target': '1 run',
      '2023_budget': 1000,
      '2024_target': null,
      '2024_budget': 2500,
      '2025_budget': 2600,
    });
    expect(seminar).toMatchObject({ ppa: 'Kappa Seminar', '2023_budget': 3000 });
  });

  it('answers a page from its cache until an upload changes the data, then reads it anew', async () => {
    const query = { ppa: 'lambda', page: '1', pageSize: '10' };
    await uploadOk(ma, 'PPA,Category,Committee,Budget 2024\nLambda Clinic,Health,Health,100\n');
    const first = await list(ma, query);
    expect(first.data).toEqual([
      expect.objectContaining({ ppa: 'Lambda Clinic', '2024_budget': 100 }),
    ]);
    // A change behind the app's back (no new version) is not seen: the page is cached...
    await runSql([
      "update raw_values set budget = 999 where ppa_id in (select id from raw_ppas where ppa = 'Lambda Clinic')",
    ]);
    expect(await list(ma, query)).toEqual(first);
    // ...and an upload (a new version) is seen at once.
    await uploadOk(ma, 'PPA,Category,Committee,Budget 2024\nLambda Clinic,Health,Health,250\n');
    const after = await list(ma, query);
    expect(after.data).toEqual([
      expect.objectContaining({ ppa: 'Lambda Clinic', '2024_budget': 250 }),
    ]);
  });

  /** Runs SQL on the test database outside the app (to plant a failure inside the import). */
  async function runSql(statements: string[]): Promise<void> {
    const sqlite = t.app.services.database.sqlite;
    if (sqlite) {
      statements.forEach((statement) => sqlite.exec(statement));
      return;
    }
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query(`set search_path to ${t.config.databaseSchema ?? 'public'}`);
      for (const statement of statements) {
        await client.query(statement);
      }
    } finally {
      await client.end();
    }
  }

  it('rolls the whole upload back when the database fails half-way through it', async () => {
    const before = await list(ma);
    const versionBefore = await version('SB');
    const auditCount = async () =>
      (await t.app.services.db.selectFrom('audit_log').select('id').execute()).length;
    const auditBefore = await auditCount();
    const plant =
      dialect === 'sqlite'
        ? [
            "create trigger raw_poison before insert on raw_values when new.target = 'POISON' begin select raise(abort, 'poisoned row'); end",
          ]
        : [
            "create function raw_poison() returns trigger language plpgsql as $$ begin if new.target = 'POISON' then raise exception 'poisoned row'; end if; return new; end; $$",
            'create trigger raw_poison before insert on raw_values for each row execute function raw_poison()',
          ];
    await runSql(plant);
    try {
      const response = await upload(
        ma,
        [
          'PPA,Category,Committee,Target 2023,Budget 2023',
          'Kappa Seminar,Health,Health,changed,1',
          'Omega First,Health,Health,fine,2',
          'Omega Poisoned,Health,Health,POISON,3',
          'Omega Last,Health,Health,fine,4',
        ].join('\n'),
      );
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('poisoned');
    } finally {
      await runSql(
        dialect === 'sqlite'
          ? ['drop trigger raw_poison']
          : ['drop trigger raw_poison on raw_values', 'drop function raw_poison()'],
      );
    }
    expect(await list(ma)).toEqual(before);
    expect(await version('SB')).toBe(versionBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it("imports a Windows-1252 file (Excel's usual CSV) with its ñ intact", async () => {
    const file = Buffer.from(
      'PPA,Category,Committee,Budget 2023\r\nLiga ng Parañaque,Sports,Sports,"1,500"\r\n',
      'latin1',
    );
    const response = await upload(ma, file);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (await list(ma, { ppa: 'Liga ng' })).data;
    expect(rows.map((row) => [row.ppa, row['2023_budget']])).toEqual([['Liga ng Parañaque', 1500]]);
  });

  it('refuses a bad file whole and leaves the previous data untouched', async () => {
    const before = await list(ma);
    const versionBefore = await version('SB');
    const cases: [string, string, number, string][] = [
      ['Name,Budget 2023\nA,1\n', 'data.csv', 400, 'RAW_DATA_MISSING_COLUMNS'],
      ['PPA,Budget\nA,1\n', 'data.csv', 400, 'RAW_DATA_MISSING_COLUMNS'],
      ['', 'data.csv', 400, 'RAW_DATA_EMPTY'],
      ['PPA,Budget 2023\nGood row,1\n"Broken,2\n', 'data.csv', 400, 'RAW_DATA_UNREADABLE'],
      ['PPA,Budget 2023\nA,1\n', 'data.xlsx', 400, 'RAW_DATA_NOT_CSV'],
      ['PPA,Budget 2023,2023 budget\nA,1,2\n', 'data.csv', 400, 'RAW_DATA_DUPLICATE_COLUMN'],
      [
        `PPA,Budget 2023\n${'Big row,1\n'.repeat(MAX_BYTES / 9)}`,
        'data.csv',
        413,
        'RAW_DATA_TOO_LARGE',
      ],
    ];
    for (const [content, name, status, code] of cases) {
      const response = await upload(ma, content, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, code });
    }
    // UTF-8 text, then a Windows-1252 'ñ': two encodings in one file.
    const mixed = Buffer.concat([
      Buffer.from('PPA,Budget 2023\nParañaque,1\nNi'),
      Buffer.from([0xf1]),
      Buffer.from('o,2\n'),
    ]);
    const mixedResponse = await upload(ma, mixed);
    expect(mixedResponse.statusCode).toBe(400);
    expect(mixedResponse.json()).toMatchObject({ success: false, code: 'RAW_DATA_ENCODING' });
    const missing = (await upload(ma, 'Name,Amount\n')).json<{ message: string }>();
    expect(missing.message).toBe(
      RAW_DATA_MESSAGES.missingColumns([
        RAW_DATA_MESSAGES.missingPpaColumn,
        RAW_DATA_MESSAGES.missingYearColumns,
      ]),
    );
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/rawdata/upload',
      ...(() => {
        const body = multipart({ note: 'x' });
        return { payload: body.payload, headers: { ...ma.headers, ...body.headers } };
      })(),
    });
    expect(noFile.json()).toMatchObject({ message: RAW_DATA_MESSAGES.noFile });
    expect(await list(ma)).toEqual(before);
    expect(await version('SB')).toBe(versionBefore);
  });

  it("keeps barangays apart: another barangay's admin neither sees nor changes this data", async () => {
    await uploadOk(nnSa, 'PPA,Category,Committee,Budget 2023\nKappa Seminar,Health,Health,999\n');
    const sb = await list(ma, { ppa: 'Kappa Seminar' });
    expect(sb.data[0]?.['2023_budget']).toBe(3000);
    const nn = await list(nnSa, { ppa: 'kappa' });
    expect(nn.data).toHaveLength(1);
    expect(nn.data[0]?.['2023_budget']).toBe(999);
    expect((await list(nnSa, { ppa: 'Zeta' })).data).toEqual([]);
    const csv = (await download(nnSa, { format: 'csv' })).body;
    expect(csv).not.toContain('Zeta');
  });

  it('filters by PPA text (any case), exact committee and category, and pages with a total', async () => {
    const all = await list(ma);
    const byCommittee = await list(ma, { committee: 'Health' });
    expect(byCommittee.data.length).toBeGreaterThan(0);
    expect(byCommittee.data.every((r) => r.committee === 'Health')).toBe(true);
    expect((await list(ma, { committee: 'health' })).data).toEqual([]);
    const byBoth = await list(ma, { category: 'Health', committee: 'Sports Development' });
    expect(
      byBoth.data.every((r) => r.category === 'Health' && r.committee === 'Sports Development'),
    ).toBe(true);
    expect((await list(ma, { ppa: 'ZETA youth' })).data.map((r) => r.ppa)).toEqual([
      'Zeta Youth Camp',
    ]);
    expect((await list(ma, { ppa: '%' })).data).toEqual([]);

    const page1 = await list(ma, { page: '1', pageSize: '5', sort: '-ppa' });
    const page2 = await list(ma, { page: '2', pageSize: '5', sort: '-ppa' });
    expect(page1.total).toBe(all.data.length);
    expect(page1.data).toHaveLength(5);
    expect(page2.data[0]?.ppa).not.toBe(page1.data[0]?.ppa);
    expect(page1.summary).toEqual(all.summary);
    expect(all.total).toBeUndefined();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/rawdata',
      query: { pageSize: '100000' },
      headers: ma.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV that imports back unchanged, with formulas neutralised', async () => {
    await uploadOk(
      nnSa,
      [
        'PPA,Category,Committee,Target 2024,Budget 2024',
        '=HYPERLINK("http://x"),Health,Health,"+5 ""quoted"", seminars",1234.5',
        '"@SUM(1,2)",-Category,Health,"two\nlines",0',
      ].join('\n'),
    );
    const before = await list(nnSa);
    const response = await download(nnSa, { format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('raw_data_export.csv');
    const csv = response.body;
    // The demo's posted plan supplies some values: their years are listed in a last column.
    expect(before.summary.planValues).toBeGreaterThan(0);
    expect(csv.split('\r\n')[0]).toBe(
      `\uFEFFPPA,Category,Committee,${before.years.map((y) => `Target ${y},Budget ${y}`).join(',')},From plan`,
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")",Health,Health`);
    expect(csv).toContain(`'@SUM(1,2)`);
    expect(csv).toContain(`'-Category`);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);

    const again = await uploadOk(nnSa, csv);
    expect(again.summary.errorRows).toBe(0);
    expect(again.summary.totalRows).toBe(before.data.length);
    expect(await list(nnSa)).toEqual(before);

    const filtered = await download(nnSa, { format: 'csv', ppa: 'hyperlink' });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('exports a real xlsx workbook named raw_data_export.xlsx', async () => {
    const response = await download(ma, { format: 'excel', committee: 'Health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain('raw_data_export.xlsx');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const expected = await list(ma, { committee: 'Health' });
    expect(sheet?.getRow(1).getCell(1).value).toBe('PPA');
    expect(sheet?.getRow(1).getCell(4).value).toBe(`Target ${expected.years[0]}`);
    expect(sheet?.actualRowCount).toBe(expected.data.length + 1);
    const names = new Set(expected.data.map((r) => r.ppa));
    expect(names.has(sheet?.getRow(2).getCell(1).text ?? '')).toBe(true);

    await uploadOk(nnSa, 'PPA,Category,Committee,Target 2024\n"=1+2 xlsx",+Health,Health,@once\n');
    const nnBook = new ExcelJS.Workbook();
    await nnBook.xlsx.load(
      (await download(nnSa, { format: 'excel', ppa: 'xlsx' })).rawPayload as unknown as ArrayBuffer,
    );
    const formulaRow = nnBook.worksheets[0]?.getRow(2);
    expect(formulaRow?.getCell(1).value).toBe("'=1+2 xlsx");
    expect(formulaRow?.getCell(2).value).toBe("'+Health");
    expect(formulaRow?.values).toContain("'@once");
    expect((await download(ma, { format: 'pdf' })).statusCode).toBe(400);
  });

  it('keeps the packed values of every PPA equal to its stored values, after new and re-uploaded rows', async () => {
    // The uploads above made new PPAs, re-uploaded some with other years and refused others.
    const db = t.app.services.db;
    const ppas = await db.selectFrom('raw_ppas').select(['id', 'values_packed']).execute();
    const values = await db
      .selectFrom('raw_values')
      .select(['ppa_id', 'year', 'target', 'budget'])
      .execute();
    const stored = new Map<number, Map<number, [string | null, number | null]>>();
    for (const v of values) {
      const byYear = stored.get(v.ppa_id) ?? new Map<number, [string | null, number | null]>();
      byYear.set(v.year, [v.target, v.budget]);
      stored.set(v.ppa_id, byYear);
    }
    expect(ppas.length).toBeGreaterThan(50);
    for (const p of ppas) {
      const packed = new Map<number, [string | null, number | null]>();
      if (p.values_packed !== null) {
        const [years = '', budgets = '', ...targets] = p.values_packed.split(';');
        const targetList = JSON.parse(targets.join(';')) as (string | null)[];
        const budgetList = budgets.split(',');
        years.split(',').forEach((year, i) => {
          const budget = budgetList[i];
          packed.set(Number(year), [targetList[i] ?? null, budget ? Number(budget) : null]);
        });
      }
      expect(packed, `PPA ${String(p.id)}`).toEqual(stored.get(p.id) ?? new Map());
    }
  });
});
