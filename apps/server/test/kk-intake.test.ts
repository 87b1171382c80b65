import type { KkDuplicateAnswer, KkProfile, KkWindow } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { youth } from './kk-helpers.ts';

/**
 * The public self-profiling form at a KK assembly, and the verification of what it takes:
 * - verifying a self-registration applies the duplicate check of adding and importing, naming
 *   the profile it duplicates;
 * - a submission refused does not use up the address's allowance, while every call of an
 *   address is still bounded;
 * - an assembly window (audited, closable early) takes sixty youths from one address, while a
 *   flood from one address outside it stores at most the limit.
 */

const TODAY = '2026-03-01';
const NOW = `${TODAY}T01:00:00.000Z`;
const HALL = '198.51.100.20';

describe.each(DIALECTS)('the KK public form at an assembly on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let nnChair: Session;

  const api = (
    session: Session | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const profiles = async () => {
    // Reads carry their reason in the header API clients may use, never in the address.
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/kk/profiles',
      headers: {
        ...chair.headers,
        'x-access-reason': 'Verification of the assembly registrations',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ profiles: KkProfile[] }>().profiles;
  };
  const publicRows = async () =>
    Number(
      (
        await t.app.services.db
          .selectFrom('kk_profiles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('source', '=', 'public')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const submit = (body: unknown, ip: string, token?: string) =>
    api(
      null,
      'POST',
      `/api/public/kk/SB/profiles${token ? `?window=${encodeURIComponent(token)}` : ''}`,
      body,
      ip,
    );
  const person = (lastName: string, firstName = 'Kabataan') => ({
    ...youth(TODAY, 20, { lastName, firstName }),
    consent: true,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date(NOW)),
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('refuses to verify a self-registration that duplicates a profile, naming it', async () => {
    const encoded = await api(chair, 'POST', '/api/kk/profiles', {
      ...youth(TODAY, 22, { lastName: 'Magbanua', firstName: 'Isagani' }),
      reason: 'Encoding the paper forms',
    });
    expect(encoded.statusCode, encoded.body).toBe(200);
    const existing = encoded.json<{ profile: KkProfile }>().profile;
    // The same youth registers again through the public form (other spacing and case).
    const again = await submit(
      {
        ...youth(TODAY, 22, { lastName: 'MAGBANUA ', firstName: 'isagani', email: '' }),
        consent: true,
      },
      '192.0.2.1',
    );
    expect(again.statusCode, again.body).toBe(200);
    const pending = (await profiles()).find(
      (p) => p.status === 'pending' && p.lastName.trim().toUpperCase() === 'MAGBANUA',
    );
    expect(pending?.duplicate).toBe(true);

    const refused = await api(chair, 'POST', `/api/kk/profiles/${String(pending?.id)}/verify`, {
      reason: 'Checked at the assembly',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const answer = refused.json<KkDuplicateAnswer>();
    expect(answer.code).toBe('KK_DUPLICATE');
    expect(answer.message).toContain(`#${String(existing.id)}`);
    expect(answer.duplicateOf).toEqual({
      id: existing.id,
      lastName: 'Magbanua',
      firstName: 'Isagani',
      middleName: existing.middleName,
      suffix: '',
      status: 'verified',
    });
    // Still pending, nothing audited as verified; counted once in the statistics.
    expect((await profiles()).find((p) => p.id === pending?.id)?.status).toBe('pending');
    const stats = await api(chair, 'GET', '/api/kk/stats');
    const verifiedBefore = stats.json<{ total: number }>().total;

    // The way out: the duplicate self-registration is removed (audited with its reason).
    const removed = await api(chair, 'DELETE', `/api/kk/profiles/${String(pending?.id)}`, {
      reason: `Duplicate of profile ${String(existing.id)}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api(chair, 'GET', '/api/kk/stats')).json<{ total: number }>().total).toBe(
      verifiedBefore,
    );
  });

  it('verifies a self-registration that duplicates no profile', async () => {
    const sent = await submit(person('Villareal', 'Amihan'), '192.0.2.2');
    expect(sent.statusCode, sent.body).toBe(200);
    const pending = (await profiles()).find((p) => p.lastName === 'Villareal');
    expect(pending).toMatchObject({ status: 'pending', duplicate: false });
    const verified = await api(chair, 'POST', `/api/kk/profiles/${String(pending?.id)}/verify`, {
      reason: 'Checked at the assembly',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ profile: KkProfile }>().profile.status).toBe('verified');
  });

  it('does not count refused submissions against the address’s allowance', async () => {
    const ip = '192.0.2.30';
    const before = await publicRows();
    for (let i = 0; i < 8; i += 1) {
      // Too old: refused, stored nowhere.
      const old = await submit({ ...youth(TODAY, 35), consent: true }, ip);
      expect(old.json<{ code: string }>().code).toBe('KK_AGE_OUTSIDE');
      // No consent: refused by the schema.
      expect((await submit({ ...youth(TODAY, 20) }, ip)).statusCode).toBe(400);
    }
    for (let i = 0; i < 5; i += 1) {
      const ok = await submit(person(`Tinanggap${'a'.repeat(i + 1)}`), ip);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    expect(await publicRows()).toBe(before + 5);
    // The allowance (five an hour) is used up by the five taken.
    const sixth = await submit(person('Ikaanim'), ip);
    expect(sixth.statusCode).toBe(429);
    expect(await publicRows()).toBe(before + 5);
  });

  it('bounds every call of an address, refused ones included', async () => {
    const ip = '192.0.2.31';
    const codes: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      codes.push((await submit({ ...youth(TODAY, 40), consent: true }, ip)).statusCode);
    }
    expect(codes.slice(0, 50).every((c) => c === 422)).toBe(true);
    expect(codes.slice(50).every((c) => c === 429)).toBe(true);
  });

  it('takes sixty youths from one address in an assembly window, at most five outside', async () => {
    const opened = await api(chair, 'POST', '/api/kk/windows', {
      startsAt: '2026-03-01T08:30:00+08:00',
      endsAt: '2026-03-01T17:00:00+08:00',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const window = opened.json<{ window: KkWindow }>().window;
    expect(window).toMatchObject({ open: true, submissions: 0, closedAt: null });
    expect(window.path).toMatch(/^\/kk\/SB\?window=\d+\.[\w-]{32}$/);
    expect(window.svg).toContain('<svg');
    const token = decodeURIComponent(window.path.split('window=')[1] ?? '');

    const form = await api(null, 'GET', `/api/public/kk/SB?window=${encodeURIComponent(token)}`);
    expect(form.json()).toMatchObject({
      window: { open: true, endsAt: '2026-03-01T09:00:00.000Z' },
    });

    const before = await publicRows();
    const names = Array.from({ length: 60 }, (_, i) => `Dumalo${String(i).padStart(2, '0')}`);
    const inWindow = await Promise.all(names.map((n) => submit(person(n), HALL, token)));
    for (const r of inWindow) {
      expect(r.statusCode, r.body).toBe(200);
      // The answer never repeats what was sent.
      expect(r.body).not.toContain('Dumalo');
    }
    expect(await publicRows()).toBe(before + 60);
    const listed = await api(chair, 'GET', '/api/kk/windows');
    expect(listed.json<{ windows: KkWindow[] }>().windows[0]).toMatchObject({
      id: window.id,
      submissions: 60,
    });

    // The same flood from another single address without the window's link.
    const flood = await Promise.all(names.map((n) => submit(person(`Baha${n}`), '198.51.100.21')));
    expect(flood.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(flood.every((r) => [200, 429].includes(r.statusCode))).toBe(true);
    expect(await publicRows()).toBe(before + 65);

    // A forged or another barangay's token counts as no window.
    const forged = `${String(window.id)}.${'A'.repeat(32)}`;
    const byForged = await Promise.all(
      ['Huwad1', 'Huwad2', 'Huwad3', 'Huwad4', 'Huwad5', 'Huwad6'].map((n) =>
        submit(person(n), '198.51.100.22', forged),
      ),
    );
    expect(byForged.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const nnForm = await api(null, 'GET', `/api/public/kk/NN?window=${encodeURIComponent(token)}`);
    expect(nnForm.json()).toMatchObject({ window: { open: false, endsAt: null } });

    // Closed early: the link takes no more than the address's allowance.
    const closed = await api(chair, 'POST', `/api/kk/windows/${String(window.id)}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ window: KkWindow }>().window).toMatchObject({ open: false });
    const after = await Promise.all(
      ['Huli1', 'Huli2', 'Huli3', 'Huli4', 'Huli5', 'Huli6'].map((n) =>
        submit(person(n), '198.51.100.23', token),
      ),
    );
    expect(after.filter((r) => r.statusCode === 200)).toHaveLength(5);

    // Audited, opened and closed, without the token.
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'description', 'new_value'])
      .where('action', 'in', ['KK_WINDOW_OPENED', 'KK_WINDOW_CLOSED'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['KK_WINDOW_OPENED', 'KK_WINDOW_CLOSED']);
    expect(JSON.stringify(audit)).not.toContain(token.split('.')[1] ?? '');
  });

  it('lets only the chairperson and the secretary open windows, of their own barangay', async () => {
    const hours = { startsAt: '2026-03-02T08:00:00+08:00', endsAt: '2026-03-02T12:00:00+08:00' };
    const byOfficial = await api(official, 'POST', '/api/kk/windows', hours);
    expect(byOfficial.statusCode).toBe(403);
    expect((await api(null, 'POST', '/api/kk/windows', hours)).statusCode).toBe(401);
    const mine = await api(chair, 'POST', '/api/kk/windows', hours);
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json<{ window: KkWindow }>().window.id;
    expect(mine.json<{ window: KkWindow }>().window.open).toBe(false);
    const other = await api(nnChair, 'POST', `/api/kk/windows/${String(id)}/close`);
    expect(other.statusCode).toBe(404);
    // Longer than twelve hours, ended, or ending before it starts: refused.
    for (const bad of [
      { startsAt: '2026-03-02T06:00:00+08:00', endsAt: '2026-03-02T19:00:00+08:00' },
      { startsAt: '2026-02-27T08:00:00+08:00', endsAt: '2026-02-27T12:00:00+08:00' },
      { startsAt: '2026-03-02T12:00:00+08:00', endsAt: '2026-03-02T08:00:00+08:00' },
    ]) {
      const r = await api(chair, 'POST', '/api/kk/windows', bad);
      expect([400, 422], r.body).toContain(r.statusCode);
    }
  });
});
