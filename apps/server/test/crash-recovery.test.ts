// kill -9 of the real server during submissions with a file: after a restart the data is whole.
// Every project has its document row and its file, no staging file or unreferenced file is left,
// and every submission that was answered is there: the restarted server follows the upload
// intents the killed one left (common/document-sweep.ts), without listing the storage.
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DIALECTS } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import {
  processStore,
  signIn,
  startServer,
  type HttpSession,
  waitUntil,
  type ServerProcess,
} from './server-process.ts';

/** A PDF of about `kb` kilobytes: a real PDF with a long body. */
const bigPdf = (title: string, kb: number) =>
  buildSimplePdf(title, 'Budget line. '.repeat(kb * 80));

describe.each(DIALECTS)('kill -9 during submissions on %s', (dialect) => {
  const store = processStore(dialect, 'tanaw-crash-');
  const { dataDir } = store;
  const env: Record<string, string> = { ...store.env, SEED_DEMO: 'true' };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServer(env);
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    await store.drop();
  });

  const uploads = () => join(dataDir, 'uploads');
  const filesIn = () => (existsSync(uploads()) ? readdirSync(uploads()) : []);

  function submission(s: HttpSession, title: string, kb: number) {
    return multipart(
      { title, description: `${title} description`, userId: String(s.userId) },
      { name: 'projectFile', fileName: `${title}.pdf`, content: bigPdf(title, kb) },
    );
  }

  /** Sends a submission whose body trickles in; resolves once the server is staging its file. */
  function slowUpload(base: string, s: HttpSession, title: string): Promise<void> {
    const body = submission(s, title, 256);
    const url = new URL('/api/projects/submit', base);
    return new Promise((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { ...s.headers, ...body.headers, 'content-length': body.payload.length },
      });
      req.on('error', () => undefined); // the server dies under it
      const headerEnd = body.payload.indexOf('%PDF');
      req.write(body.payload.subarray(0, headerEnd + 2048));
      let sent = headerEnd + 2048;
      const started = Date.now();
      const timer = setInterval(() => {
        if (filesIn().some((name) => name.startsWith('.staging-'))) {
          clearInterval(timer);
          resolve();
          return;
        }
        if (Date.now() - started > 15_000) {
          clearInterval(timer);
          reject(new Error('the server never started staging the upload'));
          return;
        }
        // A trickle: never the whole file, so the upload is always mid-way when killed.
        if (sent < body.payload.length - 4096) {
          req.write(body.payload.subarray(sent, sent + 1024));
          sent += 1024;
        }
      }, 20);
    });
  }

  async function submit(base: string, s: HttpSession, title: string): Promise<number | null> {
    const body = submission(s, title, 64);
    const response = await fetch(`${base}/api/projects/submit`, {
      method: 'POST',
      headers: { ...s.headers, ...body.headers },
      body: new Uint8Array(body.payload),
    }).catch(() => null);
    if (!response?.ok) {
      return null;
    }
    const answer = (await response.json()) as { project: { id: number } };
    return answer.project.id;
  }

  /** The data is whole: rows and files agree, nothing staged or unreferenced is left. */
  async function expectWhole(answeredIds: number[]): Promise<void> {
    const database = createDatabase({
      databaseUrl: env.DATABASE_URL,
      databaseSchema: env.DATABASE_SCHEMA,
      dataDir,
    });
    try {
      // The restarted server follows the intents the killed one left, once it listens.
      await waitUntil(
        async () =>
          (await database.db.selectFrom('pending_uploads').select('id').execute()).length === 0,
        'the upload intents left by the crash are swept',
      );
      const projects = await database.db.selectFrom('projects').select(['id', 'title']).execute();
      const documents = await database.db
        .selectFrom('project_documents')
        .select(['project_id', 'stored_name', 'size_bytes'])
        .execute();
      // The tracker's evidence (demo photos and their thumbnails) shares the document storage.
      const evidence = await database.db
        .selectFrom('tracker_evidence')
        .select(['stored_name', 'thumbnail_name'])
        .execute();
      const files = filesIn();
      expect(files.filter((name) => name.startsWith('.staging-'))).toEqual([]);
      // Every stored file belongs to a row, and every row has its file.
      expect(files.sort()).toEqual(
        [
          ...documents.map((d) => d.stored_name),
          ...evidence.flatMap((e) => [
            e.stored_name,
            ...(e.thumbnail_name ? [e.thumbnail_name] : []),
          ]),
        ].sort(),
      );
      // Every submission (all carried a file) has its document: no half-written project.
      const withDocument = new Set(documents.map((d) => d.project_id));
      for (const project of projects.filter((p) => p.title.startsWith('Crash '))) {
        expect(withDocument.has(project.id), project.title).toBe(true);
      }
      const ids = new Set(projects.map((p) => p.id));
      for (const id of answeredIds) {
        expect(ids.has(id), `answered project ${String(id)}`).toBe(true);
      }
    } finally {
      await database.destroy();
    }
  }

  it('keeps the data whole when killed mid-upload and right after answers', async () => {
    if (!server) {
      throw new Error('no server');
    }
    let s = await signIn(server.base, 'sb.official');

    // 1. Killed while a file is streaming in.
    await slowUpload(server.base, s, 'Crash mid upload');
    await server.kill9();
    expect(filesIn().some((name) => name.startsWith('.staging-'))).toBe(true);
    server = await startServer(env);
    await expectWhole([]);

    // 2. Killed the moment the first of several concurrent submissions is answered, with the
    // others at every stage (streaming, checking, inserting, moving the file, committing).
    s = await signIn(server.base, 'sb.official');
    const answered: number[] = [];
    const running = server;
    const inFlight = Array.from({ length: 6 }, (_, i) =>
      submit(running.base, s, `Crash burst ${String(i)}`).then(async (id) => {
        if (id !== null) {
          answered.push(id);
          await running.kill9();
        }
      }),
    );
    await Promise.all(inFlight);
    await running.kill9();
    expect(answered.length).toBeGreaterThan(0);
    server = await startServer(env);
    await expectWhole(answered);

    // The restarted server still takes submissions.
    s = await signIn(server.base, 'sb.official');
    const after = await submit(server.base, s, 'Crash after restart');
    expect(after).not.toBeNull();
    await expectWhole([...answered, after ?? 0]);
  }, 120_000);
});
