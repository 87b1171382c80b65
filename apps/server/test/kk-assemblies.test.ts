import { KK_ASSEMBLY_MESSAGES, type KkAssembly } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';

const ASSEMBLY = {
  heldOn: '2026-07-05',
  kind: 'special',
  agenda: 'Consultation on youth employment programs',
  attendance: 87,
};

describe.each(DIALECTS)('KK assemblies on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let admin: Session;
  let nnChair: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
  });
  afterAll(async () => {
    await t.close();
  });

  const audit = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'KK Assemblies')
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const list = async (session: Session) =>
    (await call(t.app, 'GET', '/api/kk/assemblies', session)).json<{ assemblies: KkAssembly[] }>()
      .assemblies;
  const upload = (session: Session, id: number, content: Buffer, fileName = 'minutes.pdf') => {
    const form = multipart({}, { name: 'file', fileName, content });
    return t.app.inject({
      method: 'POST',
      url: `/api/kk/assemblies/${String(id)}/minutes`,
      payload: form.payload,
      headers: { ...session.headers, ...form.headers },
    });
  };

  it('seeds one assembly per demo barangay, which concurred in the demo CBYDP', async () => {
    const [seeded] = await list(chair);
    expect(seeded).toMatchObject({ kind: 'regular', attendance: 143, minutes: null });
    expect(seeded?.concurredIn).toHaveLength(1);
    expect((await list(nnChair)).map((a) => a.attendance)).toEqual([118]);
  });

  it('lets an SK official record, correct and delete an assembly, each change audited', async () => {
    const created = await call(t.app, 'POST', '/api/kk/assemblies', official, ASSEMBLY);
    expect(created.statusCode, created.body).toBe(200);
    const assembly = created.json<{ assembly: KkAssembly }>().assembly;
    expect(assembly).toMatchObject({ ...ASSEMBLY, minutes: null, concurredIn: [] });
    const url = `/api/kk/assemblies/${String(assembly.id)}`;
    const saved = await call(t.app, 'PUT', url, chair, { ...ASSEMBLY, attendance: 91 });
    expect(saved.json<{ assembly: KkAssembly }>().assembly.attendance).toBe(91);
    expect((await list(admin)).find((a) => a.id === assembly.id)?.attendance).toBe(91);
    const updated = await audit('KK_ASSEMBLY_UPDATED');
    expect(updated.at(-1)?.old_value).toContain('"attendance":87');
    expect(updated.at(-1)?.new_value).toContain('"attendance":91');
    expect((await call(t.app, 'DELETE', url, official)).statusCode).toBe(200);
    expect((await list(chair)).some((a) => a.id === assembly.id)).toBe(false);
    expect(await audit('KK_ASSEMBLY_CREATED')).toHaveLength(1);
    expect(await audit('KK_ASSEMBLY_DELETED')).toHaveLength(1);
  });

  it('validates the assembly on the server', async () => {
    for (const bad of [
      { ...ASSEMBLY, heldOn: '2026-02-30' },
      { ...ASSEMBLY, kind: 'secret' },
      { ...ASSEMBLY, agenda: '  ' },
      { ...ASSEMBLY, attendance: -1 },
      { ...ASSEMBLY, attendance: 2.5 },
    ]) {
      const response = await call(t.app, 'POST', '/api/kk/assemblies', chair, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses administrators (they read) and hides another barangay’s assemblies (404)', async () => {
    const refused = await call(t.app, 'POST', '/api/kk/assemblies', admin, ASSEMBLY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'KK_ASSEMBLY_FORBIDDEN' });
    const [sb] = await list(chair);
    const url = `/api/kk/assemblies/${String(sb?.id)}`;
    for (const response of [
      await call(t.app, 'PUT', url, nnChair, ASSEMBLY),
      await call(t.app, 'DELETE', url, nnChair),
      await call(t.app, 'GET', `${url}/minutes`, nnChair),
      await upload(nnChair, sb?.id ?? 0, buildSimplePdf('Minutes', 'x')),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'KK_ASSEMBLY_NOT_FOUND' });
    }
    expect((await list(nnChair)).some((a) => a.id === sb?.id)).toBe(false);
  });

  it('stores the minutes as a PDF checked by its content, and serves them to the barangay', async () => {
    const created = await call(t.app, 'POST', '/api/kk/assemblies', chair, ASSEMBLY);
    const id = created.json<{ assembly: KkAssembly }>().assembly.id;
    const fake = await upload(chair, id, Buffer.from('not a pdf at all'), 'minutes.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      code: 'KK_MINUTES_NOT_PDF',
      message: KK_ASSEMBLY_MESSAGES.minutesNotPdf,
    });
    const json = await call(t.app, 'POST', `/api/kk/assemblies/${String(id)}/minutes`, chair, {
      file: 'x',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const none = await call(t.app, 'GET', `/api/kk/assemblies/${String(id)}/minutes`, chair);
    expect(none.json()).toMatchObject({ code: 'KK_NO_MINUTES' });

    const pdf = buildSimplePdf('Minutes of the KK assembly', 'Attendance: 87.');
    const stored = await upload(chair, id, pdf, 'Minutes July.pdf');
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json<{ assembly: KkAssembly }>().assembly.minutes).toEqual({
      fileName: 'Minutes July.pdf',
      sizeBytes: pdf.length,
    });
    const download = await call(t.app, 'GET', `/api/kk/assemblies/${String(id)}/minutes`, admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // A new file replaces the old one.
    const second = buildSimplePdf('Minutes, corrected', 'Attendance: 87.');
    expect((await upload(official, id, second)).statusCode).toBe(200);
    const again = await call(t.app, 'GET', `/api/kk/assemblies/${String(id)}/minutes`, chair);
    expect(again.rawPayload.equals(second)).toBe(true);
    expect(await audit('KK_MINUTES_UPLOADED')).toHaveLength(2);
    expect((await upload(admin, id, pdf)).statusCode).toBe(403);
  });

  it('keeps an assembly that concurred in an approved CBYDP', async () => {
    const [seeded] = (await list(chair)).filter((a) => a.concurredIn.length > 0);
    const response = await call(t.app, 'DELETE', `/api/kk/assemblies/${String(seeded?.id)}`, chair);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'KK_ASSEMBLY_IN_USE' });
  });
});
