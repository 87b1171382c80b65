import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, login, type Session } from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { addCouncil, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// The KK registry of a council of a real city (a PSGC barangay, numeric code): its counts
// without a reason (a reason only for personal data), its public form's address and QR code,
// and a profile refused, with the answer named, when an answer of a list was left unchosen.

const PENAFRANCIA = '0501724024';
const TODAY = '2026-03-01';

describe.each(DIALECTS)('a council’s KK registry and its public form on %s', (dialect) => {
  const t = useTestApp(dialect, {
    env: { RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'https://sk.naga.gov.ph/' },
  });
  let chair: Session;
  let official: Session;

  beforeAll(async () => {
    const { db } = t.app.services;
    await importCity(db, 'City of Naga', 'Camarines Sur');
    await db
      .updateTable('barangays')
      .set({ is_active: 1 })
      .where('code', '=', PENAFRANCIA)
      .execute();
    await addCouncil(db, PENAFRANCIA, 'penafrancia');
    chair = await login(t.app, 'penafrancia.chair', DEMO_PASSWORD, PENAFRANCIA);
    official = await login(t.app, 'penafrancia.official', DEMO_PASSWORD, PENAFRANCIA);
  }, 180_000);

  const get = (session: Session | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

  it('gives every account of the council the public form’s address and its QR code', async () => {
    for (const who of [chair, official]) {
      const answer = await get(who, '/api/kk/public-link');
      expect(answer.statusCode, answer.body).toBe(200);
      const link = answer.json<{ path: string; url: string; svg: string }>();
      expect(link.path).toBe(`/kk/${PENAFRANCIA}`);
      expect(link.url).toBe(`https://sk.naga.gov.ph/kk/${PENAFRANCIA}`);
      expect(link.svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(link.svg).toContain('<path');
    }
    expect((await get(null, '/api/kk/public-link')).statusCode).toBe(401);
    // The address it gives opens the form.
    const form = await get(null, `/api/public/kk/${PENAFRANCIA}`);
    expect(form.statusCode, form.body).toBe(200);
  });

  it('shows the counts without a reason and keeps personal data behind one', async () => {
    const stats = await get(official, '/api/kk/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({ total: 0 });
    const noReason = await get(chair, '/api/kk/profiles');
    expect(noReason.statusCode).toBe(403);
    expect(noReason.json<{ code: string }>().code).toBe('KK_ACCESS_REQUIRED');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/kk/access',
      headers: chair.headers,
      payload: { reason: 'Encoding the paper forms' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const withReason = await get(chair, '/api/kk/profiles');
    expect(withReason.statusCode, withReason.body).toBe(200);
  });

  it('refuses a profile with an answer left unchosen, naming it, from the council and the public', async () => {
    const { sexAtBirth: _s, ...noSex } = youth(TODAY, 20);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: chair.headers,
      payload: { ...noSex, reason: 'Encoding the paper forms' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json<{ message: string }>().message).toContain(
      'Sex assigned at birth is required: choose Male or Female.',
    );
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: chair.headers,
      payload: {
        ...youth(TODAY, 20, { civilStatus: '' as 'Single' }),
        reason: 'Encoding the paper forms',
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(
      'Civil status is required: choose one of the list.',
    );
    const { workStatus: _w, ...noWork } = youth(TODAY, 22);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/public/kk/${PENAFRANCIA}/profiles`,
      payload: { ...noWork, consent: true },
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json<{ message: string }>().message).toContain(
      'Work status is required: choose one of the list.',
    );
    // A wrong answer keeps its own message.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: chair.headers,
      payload: {
        ...youth(TODAY, 20, { sexAtBirth: 'X' as 'Male' }),
        reason: 'Encoding the paper forms',
      },
    });
    expect(wrong.json<{ message: string }>().message).toContain(
      "Sex assigned at birth must be 'Male' or 'Female'",
    );
    // Every answer chosen: saved.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: chair.headers,
      payload: { ...youth(TODAY, 20), reason: 'Encoding the paper forms' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
