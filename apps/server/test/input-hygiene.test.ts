import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

describe.each(DIALECTS)('control and text-direction characters on %s', (dialect) => {
  let t: TestApp;
  let official: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    official = await loginAs(t.app, 'SKO');
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (fields: Record<string, string>, fileName?: string) => {
    const body = multipart(
      { userId: String(official.userId), ...fields },
      fileName
        ? { name: 'projectFile', fileName, content: buildSimplePdf('Doc', 'Body text.') }
        : undefined,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...official.headers, ...body.headers },
    });
  };
  const projectCount = async () =>
    (
      await t.app.services.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses a NUL in a sign-in field with 400, not a database error', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.\u0000chair', password: 'Wrong#Pass1', barangay: 'San Bartolome' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Username must not contain control or text-direction characters',
    });
  });

  it('refuses NUL, control and bidi-override characters in titles and descriptions', async () => {
    const before = await projectCount();
    const cases = [
      [{ title: 'Clean\u0000up drive', description: 'ok' }, 'Title'],
      [{ title: 'Tree planting', description: 'Bring \u202egloves' }, 'Description'],
      [{ title: 'Bell\u0007 ringing', description: 'ok' }, 'Title'],
      [{ title: 'Isolate \u2066x\u2069', description: 'ok' }, 'Title'],
    ] as const;
    for (const [fields, label] of cases) {
      const r = await submit(fields);
      expect(r.statusCode, JSON.stringify(fields)).toBe(400);
      expect(r.json()).toMatchObject({
        success: false,
        message: `${label} must not contain control or text-direction characters`,
      });
    }
    expect(await projectCount()).toBe(before);
    // Line breaks and tabs in a description are ordinary text.
    const ok = await submit({ title: 'Sports fest', description: 'Day 1\n\tBasketball\r\nDay 2' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('strips control and text-direction characters from uploaded file names', async () => {
    const r = await submit(
      { title: 'Disguised file', description: 'A file name that hides its type' },
      'inv\u202excod\u0000.pdf',
    );
    expect(r.statusCode, r.body).toBe(200);
    const row = await t.app.services.db
      .selectFrom('project_documents')
      .select('original_name')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.original_name).toBe('invxcod.pdf');
  });

  it('answers a multipart body without a boundary with 400 JSON', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: 'title=x',
      headers: { ...official.headers, 'content-type': 'multipart/form-data' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      success: false,
      code: 'INVALID_MULTIPART',
      message: expect.stringMatching(/multipart/i),
    });
  });
});
