import type {
  CityTurnover,
  OfficialsImportError,
  OfficialsImportResult,
  OfficialsRequirements,
} from '@sk-tanaw/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAs,
  startSmtpCapture,
  type ReceivedMail,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { addCityAccounts, importCity } from './registry-helpers.ts';

// The officials of a new council: the city imports the proclaimed chairpersons and members
// (.csv, .xlsx, one by hand) into the next term with a one-time link each; a row error refuses
// the whole file; the new chairperson sets a password and invites a member; the requirements
// before assuming office are recorded, verified and counted in the city's turnover view.

const PASSWORD = 'Kalayaan#2026';
const HEADER = 'Barangay,Position,Name,E-mail,Mobile';

function tokenIn(mail: ReceivedMail): string {
  const match = /\/city\?token=([0-9]+\.[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`no link in e-mail: ${mail.text}`);
  }
  return match[1];
}

const csv = (rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Officials');
  sheet.addRow(HEADER.split(','));
  for (const row of rows) {
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(DIALECTS)('officials of a new council on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Session;
  let ydo: Session;
  let budget: Session;
  let chair: Session;
  let makati: Session;
  let other = { code: '', name: '' };
  let makatiBarangay = '';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-11-20T02:00:00Z')),
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_URL: 'https://qc.example',
      },
    });
    const { db } = t.app.services;
    admin = await login(t.app, 'qc.admin');
    ydo = await login(t.app, 'qc.ydo');
    budget = await login(t.app, 'qc.budget');
    chair = await loginAs(t.app, 'SKC', 'SB');
    const row = await db
      .selectFrom('barangays')
      .select(['code', 'name'])
      .where('kind', '=', 'barangay')
      .where('city', '=', 'Quezon City')
      .where('code', 'not in', ['SB', 'NN'])
      .where('is_active', '=', 1)
      .orderBy('name_key')
      .executeTakeFirstOrThrow();
    other = row;
    const { list } = await importCity(db, 'City of Makati');
    makatiBarangay = list[0]?.name ?? '';
    const [name] = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    makati = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Makati');
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const upload = (who: Session, fileName: string, content: Buffer) => {
    const body = multipart({}, { name: 'file', fileName, content });
    return t.app.inject({
      method: 'POST',
      url: '/api/city/turnover/officials',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const json = (who: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const countUsers = async () =>
    Number(
      (
        await t.app.services.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const cityView = async () => {
    const r = await json(admin, 'GET', '/api/city/turnover');
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ turnover: CityTurnover }>().turnover;
  };

  it('lets only the city administrator and youth development officer import (403 otherwise)', async () => {
    const file = csv([`SB,SK chairperson,Ana Reyes,ana.reyes.sb@gmail.com,`]);
    for (const who of [chair, budget]) {
      const r = await upload(who, 'officials.csv', file);
      expect(r.statusCode, r.body).toBe(403);
    }
    expect((await json(chair, 'GET', '/api/city/turnover/officials/template')).statusCode).toBe(
      403,
    );
    const template = await json(ydo, 'GET', '/api/city/turnover/officials/template?format=csv');
    expect(template.statusCode).toBe(200);
    expect(template.body).toContain('Barangay,Position,Name,E-mail,Mobile');
    // Any city's template: no demo barangay in its example row.
    expect(template.body).not.toContain('San Bartolome');
    expect(template.body).toContain('Barangay name or PSGC code');
  });

  it('refuses a file with any bad row, listing each, and imports nothing', async () => {
    const before = await countUsers();
    const file = csv([
      'Nowhere At All,SK chairperson,A One,a.one@gmail.com,',
      `${makatiBarangay},SK chairperson,B Two,b.two@gmail.com,`,
      'SB,Mayor,C Three,c.three@gmail.com,',
      'SB,SK member,D Four,not-an-email,',
      'SB,SK member,E Five,same@gmail.com,',
      'SB,SK member,F Six,same@gmail.com,',
      'SB,SK member,G Seven,sb.chair.demo@gmail.com,',
      'SB,SK member,H Eight,h.eight@gmail.com,12345',
      `${other.name},SK chairperson,Good Row,good.row@gmail.com,09171234567`,
    ]);
    const r = await upload(admin, 'officials.csv', file);
    expect(r.statusCode, r.body).toBe(400);
    const body = r.json<OfficialsImportError>();
    expect(body.code).toBe('OFFICIALS_ROWS_INVALID');
    const got = body.errors.map((e) => `${String(e.row)} ${e.column} ${e.error}`);
    expect(got).toEqual([
      '2 barangay barangay-unknown',
      '3 barangay barangay-not-served',
      '4 position position-invalid',
      '5 email email-invalid',
      '7 email email-duplicate-file',
      expect.stringMatching(/^8 email email-(taken|invalid)$/),
      '9 mobile mobile-invalid',
    ]);
    expect(await countUsers()).toBe(before);
    // A file of another kind, and a file without the required columns.
    expect((await upload(admin, 'officials.txt', Buffer.from('x'))).statusCode).toBe(400);
    const noColumns = await upload(admin, 'o.csv', Buffer.from('Name,Mobile\r\nA,\r\n'));
    expect(noColumns.json<OfficialsImportError>().errors.map((e) => e.column)).toEqual([
      'barangay',
      'position',
      'email',
    ]);
  });

  const FILE = () =>
    csv([
      'SB,SK chairperson,Ana Reyes,ana.reyes.sb@gmail.com,09171110001',
      'San Bartolome,SK kagawad,Ben Cruz,ben.cruz.sb@gmail.com,',
      'NN,SK chairperson,Carla Lim,carla.lim.nn@gmail.com,',
      `${other.code},SK chairperson,Dan Tan,dan.tan.qc@gmail.com,`,
      `${other.code},SK member,Eva Go,eva.go.qc@gmail.com,`,
    ]);

  it('imports a good file into the next term, e-mails each a link, audits counts', async () => {
    const r = await upload(admin, 'officials.csv', FILE());
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<OfficialsImportResult>();
    expect(body).toMatchObject({ created: 5, chairs: 3, members: 2, mailed: 5 });
    expect(body.term.startsOn).toBe('2026-12-01');
    const { db } = t.app.services;
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('sk_terms as s', 's.id', 'u.term_id')
      .select(['u.username', 'u.position', 's.starts_on', 'u.phone'])
      .where('u.email', 'in', ['ana.reyes.sb@gmail.com', 'ben.cruz.sb@gmail.com'])
      .orderBy('u.position')
      .execute();
    expect(rows).toEqual([
      { username: 'ana.reyes.sb', position: 'SKC', starts_on: '2026-12-01', phone: '09171110001' },
      { username: 'ben.cruz.sb', position: 'SKO', starts_on: '2026-12-01', phone: '' },
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes('ana.reyes.sb@gmail.com'));
    expect(mail.text).toContain('Barangay San Bartolome');
    expect(mail.text).toContain('https://qc.example/city?token=');
    const audit = await db
      .selectFrom('audit_log')
      .select(['new_value', 'description'])
      .where('action', '=', 'IMPORT_OFFICIALS')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.new_value ?? '{}')).toMatchObject({ created: 5, barangays: 3 });
    expect(audit[0]?.description).not.toContain('ana.reyes');
  });

  it('refuses the same file again row by row, never a duplicate', async () => {
    const before = await countUsers();
    const r = await upload(admin, 'officials.csv', FILE());
    expect(r.statusCode).toBe(400);
    const errors = r.json<OfficialsImportError>().errors;
    expect(errors.map((e) => e.error)).toEqual(Array(5).fill('already-in'));
    expect(await countUsers()).toBe(before);
  });

  it('imports an .xlsx and one official by hand; a second chairperson is refused', async () => {
    const file = await xlsx([
      ['NN', 'SK member', 'Fe Santos', 'fe.santos.nn@gmail.com', ''],
      ['NN', 'Kagawad', 'Gil Ramos', 'gil.ramos.nn@gmail.com', '+639171112222'],
    ]);
    const r = await upload(ydo, 'officials.xlsx', file);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<OfficialsImportResult>().members).toBe(2);
    const one = await json(admin, 'POST', '/api/city/turnover/officials/one', {
      barangay: 'SB',
      position: 'SK member',
      name: 'Hana Uy',
      email: 'hana.uy.sb@gmail.com',
      language: 'en',
    });
    expect(one.statusCode, one.body).toBe(200);
    const twice = await json(admin, 'POST', '/api/city/turnover/officials/one', {
      barangay: 'SB',
      position: 'SK chairperson',
      name: 'Ivan Ko',
      email: 'ivan.ko.sb@gmail.com',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<OfficialsImportError>().errors[0]?.error).toBe('chair-twice');
  });

  it('counts the officials in the city view; another city sees none of them', async () => {
    const view = await cityView();
    expect(view.incoming?.startsOn).toBe('2026-12-01');
    const sb = view.rows.find((r) => r.code === 'SB');
    expect(sb?.officialsIn).toEqual({ chair: true, members: 2, expected: 7, signedIn: 0 });
    expect(sb?.requirementsDone).toEqual({ done: 0, verified: 0, total: 12 });
    expect(sb?.deadlines.map((d) => d.key)).toEqual(['bmo', 'bac', 'cbydp', 'kk-assembly']);
    expect(sb?.deadlines.find((d) => d.key === 'bac')?.tracked).toBe(false);
    expect(view.rows.find((r) => r.code === 'NN')?.officialsIn.members).toBe(2);
    expect(view.totals.chairsIn).toBe(3);
    const mk = await json(makati, 'GET', '/api/city/turnover');
    expect(mk.body).not.toContain('San Bartolome');
    expect((await json(makati, 'GET', '/api/city/turnover/SB/requirements')).statusCode).toBe(404);
  });

  it('lets the new chairperson set a password, invite a member, and record requirements', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes('ana.reyes.sb@gmail.com'));
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token: tokenIn(mail), newPassword: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const ana = await login(t.app, 'ana.reyes.sb', PASSWORD, 'San Bartolome');
    const invited = await json(ana, 'POST', '/api/turnover/officials', {
      name: 'Jo Dizon',
      email: 'jo.dizon.sb@gmail.com',
      language: 'fil',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await smtp.waitFor((m) => m.to.includes('jo.dizon.sb@gmail.com'));
    // A member of the outgoing council may not invite; nor may another barangay's chair.
    const official = await loginAs(t.app, 'SKO', 'SB');
    expect(
      (await json(official, 'POST', '/api/turnover/officials', { name: 'X', email: 'x@gmail.com' }))
        .statusCode,
    ).toBe(403);

    const list = await json(ana, 'GET', '/api/turnover/requirements');
    expect(list.statusCode, list.body).toBe(200);
    const req = list.json<{ requirements: OfficialsRequirements }>().requirements;
    expect(req.officials.map((o) => o.name).sort()).toEqual([
      'Ana Reyes',
      'Ben Cruz',
      'Hana Uy',
      'Jo Dizon',
    ]);
    expect(req.requirements.map((r) => r.key)).toEqual([
      'proclamation',
      'oath',
      'soce',
      'training',
    ]);
    const anaId = req.officials.find((o) => o.name === 'Ana Reyes')?.userId ?? 0;
    const benId = req.officials.find((o) => o.name === 'Ben Cruz')?.userId ?? 0;
    const put = (who: Session, url: string, body: object) => json(who, 'PUT', url, body);
    expect(
      (
        await put(ana, `/api/turnover/requirements/${String(anaId)}/oath`, {
          doneOn: '2026-11-18',
          reference: 'OATH-001',
        })
      ).statusCode,
    ).toBe(200);
    // The chairperson records for a member of the council.
    const forBen = await put(ana, `/api/turnover/requirements/${String(benId)}/soce`, {
      doneOn: '2026-11-10',
      reference: 'SOCE-22',
    });
    expect(forBen.statusCode, forBen.body).toBe(200);
    // A member of the outgoing council records for nobody but themself (and is not new).
    expect(
      (
        await put(official, `/api/turnover/requirements/${String(benId)}/soce`, {
          doneOn: '2026-11-10',
        })
      ).statusCode,
    ).toBe(403);
    // The city records one, and verifies.
    const cityPut = await put(
      admin,
      `/api/city/turnover/SB/requirements/${String(anaId)}/training`,
      { doneOn: '2026-11-15', reference: 'NYC-SKMT-123' },
    );
    expect(cityPut.statusCode, cityPut.body).toBe(200);
    const verify = await put(
      ydo,
      `/api/city/turnover/SB/requirements/${String(anaId)}/oath/verified`,
      { verified: true },
    );
    expect(verify.statusCode, verify.body).toBe(200);
    expect(
      (
        await put(budget, `/api/city/turnover/SB/requirements/${String(anaId)}/oath/verified`, {
          verified: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await put(admin, `/api/city/turnover/SB/requirements/${String(benId)}/oath/verified`, {
          verified: true,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await put(makati, `/api/city/turnover/SB/requirements/${String(anaId)}/oath/verified`, {
          verified: true,
        })
      ).statusCode,
    ).toBe(404);

    const view = await cityView();
    const sb = view.rows.find((r) => r.code === 'SB');
    expect(sb?.officialsIn).toEqual({ chair: true, members: 3, expected: 7, signedIn: 1 });
    expect(sb?.requirementsDone).toEqual({ done: 3, verified: 1, total: 16 });
    const city = await json(budget, 'GET', '/api/city/turnover/SB/requirements');
    expect(city.json<{ requirements: OfficialsRequirements }>().requirements.done).toBe(3);
    const audits = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('module', 'in', ['Turnover Requirements', 'Turnover Officials'])
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['RECORD_REQUIREMENT', 'VERIFY_REQUIREMENT', 'INVITE_MEMBER']),
    );
  });

  it('answers the city view as .xlsx with the new columns', async () => {
    const r = await json(admin, 'GET', '/api/city/turnover?format=xlsx');
    expect(r.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).join('|')));
    const header = rows.find((r) => r.includes('Barangay|District')) ?? '';
    expect(header).toContain('Chairperson in');
    expect(header).toContain('Requirements done');
  });
});

describe.each(DIALECTS)('the demo turnover on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-11-20T02:00:00Z')),
      env: { RATE_LIMIT_PER_MINUTE: '100000', SEED_DEMO_TURNOVER: 'true' },
    });
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('shows San Bartolome in the middle of the turnover and Nagkaisang Nayon done', async () => {
    const admin = await login(t.app, 'qc.admin');
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/city/turnover',
      headers: admin.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    const view = r.json<{ turnover: CityTurnover }>().turnover;
    const sb = view.rows.find((row) => row.code === 'SB');
    const nn = view.rows.find((row) => row.code === 'NN');
    expect(sb).toMatchObject({
      state: 'in progress',
      rows: 2,
      missing: 1,
      officialsIn: { chair: true, members: 3, expected: 7, signedIn: 1 },
      requirementsDone: { done: 6, verified: 0, total: 16 },
    });
    expect(nn).toMatchObject({
      state: 'signed',
      officialsIn: { chair: true, members: 7, expected: 7, signedIn: 8 },
      requirementsDone: { done: 32, verified: 32, total: 32 },
    });
  });

  it('keeps the new chairpersons signing in before and after the term starts', async () => {
    for (const at of ['2026-11-20T02:00:00Z', '2026-12-05T02:00:00Z', '2029-06-01T02:00:00Z']) {
      t.clock.set(new Date(at));
      for (const [username, barangay] of [
        ['sb.chair.new', 'San Bartolome'],
        ['nn.chair.new', 'Nagkaisang Nayon'],
      ] as const) {
        const session = await login(t.app, username, DEMO_PASSWORD, barangay);
        const req = await t.app.inject({
          method: 'GET',
          url: '/api/turnover/requirements',
          headers: session.headers,
        });
        expect(req.statusCode, `${username} at ${at}: ${req.body}`).toBe(200);
      }
    }
  });
});
