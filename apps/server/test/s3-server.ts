// A local server that speaks the S3 protocol (the s3rver package) for tests and benches, in a
// child process of its own on a free loopback port, with a fresh bucket and folder. Production
// uses a real S3-compatible service; this only checks that our driver speaks the protocol.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from '../src/lib/files/s3-storage.ts';
import { repoRoot } from './server-process.ts';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** How many listings (ListObjects v1 or v2) of keys under `prefix` it has answered so far. */
  listings(prefix: string): Promise<number>;
  /** Whether the document `name` (a stored name) is in the bucket. */
  hasDocument(name: string): Promise<boolean>;
  /** Stores each of `names` as a small document, 50 at a time. */
  putDocuments(names: readonly string[]): Promise<void>;
  /** A new client of the bucket, as the product's driver makes it (the caller destroys it). */
  newClient(): S3Client;
  /** The S3_* variables that point a server at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// Counts the listings it answers (GET /__listings?prefix=P: how many listed keys under P), so a
// test can tell whether a server process listed the documents.
const SCRIPT = `
import S3rver from 's3rver';
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({
  port: 0, address: '127.0.0.1', silent: true, directory,
  configureBuckets: [{ name: bucket }],
});
const prefixes = [];
const listObjects = server.store.listObjects.bind(server.store);
server.store.listObjects = (name, options) => {
  prefixes.push(options.prefix ?? '');
  return listObjects(name, options);
};
server.middleware.unshift(async (ctx, next) => {
  if (ctx.path === '/__listings') {
    const prefix = ctx.query.prefix ?? '';
    ctx.body = String(prefixes.filter((p) => p.startsWith(prefix)).length);
    return;
  }
  await next();
});
const { port } = await server.run();
console.log(JSON.stringify({ port }));
process.on('SIGTERM', () => { server.close().finally(() => process.exit(0)); });
`;

export async function startS3Server(bucket = 'tanaw-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'tanaw-s3-'));
  // Plain node (not tsx): s3rver's dependencies are CommonJS that tsx's loader resolves wrongly.
  // s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy
  // provider: without it every listing that needs a second page answers 500 (a bug of this test
  // server only; real S3 services page).
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=module', '-e', SCRIPT, directory, bucket],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${String(code)}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const newClient = () =>
    createS3Client({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  let client: S3Client | undefined;
  const bucketClient = () => (client ??= newClient());
  return {
    endpoint,
    bucket,
    newClient,
    hasDocument: (name) =>
      bucketClient()
        .send(new HeadObjectCommand({ Bucket: bucket, Key: `documents/${name}` }))
        .then(
          () => true,
          // Absent only when the bucket says so: any other failure (a refused or reset
          // connection of a loaded machine) is the test's error, never "not stored".
          (error: unknown) => {
            if (
              (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ===
              404
            ) {
              return false;
            }
            throw error;
          },
        ),
    async putDocuments(names) {
      for (let i = 0; i < names.length; i += 50) {
        await Promise.all(
          names.slice(i, i + 50).map((name) =>
            bucketClient().send(
              new PutObjectCommand({
                Bucket: bucket,
                Key: `documents/${name}`,
                Body: 'document',
              }),
            ),
          ),
        );
      }
    },
    async listings(prefix) {
      const answer = await fetch(`${endpoint}/__listings?prefix=${encodeURIComponent(prefix)}`);
      return Number(await answer.text());
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      client?.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
