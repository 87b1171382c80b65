/**
 * Each account has a language. The web saves the reader's choice with
 * PUT /api/account/language and reads it with GET (the spec's sign-in and user-data answers
 * keep exactly their fields); the change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('the account language on %s', (dialect) => {
  let t: TestApp;
  let sb: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    sb = await loginAs(t.app, 'SKO', 'SB');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const setLanguage = (as: Session | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      headers: as?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });

  const userData = async (as: Session = sb) => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/account/language',
      headers: as.headers,
    });
    expect(r.statusCode).toBe(200);
    return r.json<{ language?: string }>();
  };

  it('starts in English, saves Filipino, reports it and audits the change once', async () => {
    expect((await userData()).language).toBe('en');
    const r = await setLanguage(sb, { language: 'fil' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ success: true, message: 'Language saved.', language: 'fil' });
    expect((await userData()).language).toBe('fil');
    // Saving the same language again changes nothing and writes no second entry.
    expect((await setLanguage(sb, { language: 'fil' })).statusCode).toBe(200);
    const entries = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'old_value', 'new_value', 'barangay_id'])
      .where('action', '=', 'CHANGE_LANGUAGE')
      .where('user_id', '=', sb.userId)
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.old_value ?? '{}')).toEqual({ language: 'en' });
    expect(JSON.parse(entries[0]?.new_value ?? '{}')).toEqual({ language: 'fil' });
  });

  it('keeps the language across sign-ins, and the spec answers keep their fields', async () => {
    const again = await loginAs(t.app, 'SKO', 'SB');
    expect((await userData(again)).language).toBe('fil');
    const r = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: again.headers });
    expect(Object.keys(r.json().userInfo)).not.toContain('language');
  });

  it('refuses an unknown language with a clear message and changes nothing', async () => {
    for (const payload of [{ language: 'de' }, { language: 'tl' }, {}, { language: 1 }]) {
      const r = await setLanguage(sb, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(r.json().message).toMatch(/language/i);
    }
    expect((await userData()).language).toBe('fil');
  });

  it('needs a signed-in account', async () => {
    const r = await setLanguage(null, { language: 'en' });
    expect(r.statusCode).toBe(401);
  });
});
