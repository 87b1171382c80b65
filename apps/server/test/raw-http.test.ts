import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

interface RawAnswer {
  text: string;
  /** Chunks the client had not sent yet when the server closed the connection. */
  unsent: number;
}

/**
 * Sends `chunks` over a plain TCP connection, `gapMs` apart (a slow client), and resolves with
 * everything the server wrote once it closes the connection. A client that has sent everything
 * ends its side, so a server that never cuts it off still ends the exchange (with `unsent` 0).
 */
function rawExchange(port: number, chunks: string[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    const sendNext = () => {
      if (socket.destroyed) {
        return;
      }
      if (index === chunks.length) {
        socket.end();
        return;
      }
      socket.write(chunks[index] ?? '');
      index += 1;
      timer = setTimeout(sendNext, gapMs);
    };
    socket.on('connect', sendNext);
    socket.on('data', (d: Buffer) => {
      text += d.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, unsent: chunks.length - index });
    });
    socket.on('error', () => undefined);
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

describe('requests Node itself refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: { HEADERS_TIMEOUT_SECONDS: '0.6', REQUEST_TIMEOUT_SECONDS: '1.2' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a malformed request in the API error shape', async () => {
    for (const request of [
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
      'NOT A REQUEST LINE\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ]) {
      const answer = await rawExchange(port, [request]);
      expect(answer.text, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.text).toMatch(/content-type: application\/json/i);
      expect(bodyOf(answer.text)).toEqual({
        success: false,
        message: 'Malformed HTTP request.',
        code: 'BAD_REQUEST',
      });
    }
  });

  it('cuts off a client that trickles its headers', async () => {
    const request = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(60);
    const answer = await rawExchange(port, request.split(''), 100);
    // Cut off mid-way: the server did not wait for the slow client to finish.
    expect(answer.unsent).toBeGreaterThan(0);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer.text)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
  });

  it('cuts off a client that trickles its body', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const answer = await rawExchange(
      port,
      [head, ...'{"username":"'.split(''), ...'a'.repeat(60).split('')],
      100,
    );
    expect(answer.unsent).toBeGreaterThan(0);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves ordinary requests on the same server', async () => {
    const answer = await rawExchange(port, [
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
