// SIGTERM to the real server: new connections are refused at once, a request in flight is still
// answered in full, then the process exits 0 (a rolling upgrade behind a load balancer).
import { request, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStore, startServer, type ServerProcess } from './server-process.ts';

describe('SIGTERM', () => {
  const store = processStore('sqlite', 'tanaw-sigterm-');
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServer({ ...store.env, SEED_DEMO: 'true' });
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    await store.drop();
  });

  it('refuses new connections, finishes the request in flight, then exits 0', async () => {
    if (!server) {
      throw new Error('no server');
    }
    const { base, child } = server;
    const body = Buffer.from(
      JSON.stringify({ username: 'sb.chair', password: 'Tanaw#2025', barangay: 'San Bartolome' }),
    );
    // A sign-in whose body arrives in two halves, the second only after SIGTERM.
    const req = request(new URL('/api/login', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    const answered = once(req, 'response') as Promise<[IncomingMessage]>;
    req.write(body.subarray(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    child.kill('SIGTERM');

    // The listening socket closes: a new connection is refused.
    let refused: unknown;
    for (let i = 0; i < 50 && refused === undefined; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refused = await fetch(`${base}/api/health`).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(String((refused as Error | undefined)?.cause ?? refused)).toMatch(/ECONNREFUSED/);
    expect(child.exitCode).toBeNull();

    // The request in flight is still served in full.
    req.end(body.subarray(20));
    const [response] = await answered;
    // The client is asked to close its keep-alive connection, so the process need not wait for it.
    expect(response.headers.connection).toBe('close');
    let text = '';
    for await (const chunk of response as AsyncIterable<Buffer>) {
      text += chunk.toString();
    }
    expect(response.statusCode, text).toBe(200);
    expect((JSON.parse(text) as { success: boolean }).success).toBe(true);

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
