// Each request's logger is made only when the request logs (lib/request-logger.ts): a line at
// or above the route's level is written with the request's id, as a pino child would write it;
// a line below costs nothing; and the health answer is JSON with its content type.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { deferredRequestLoggers } from '../src/lib/request-logger.ts';
import { createTestApp, type TestApp } from './helpers.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('deferred request logger', () => {
  const make = deferredRequestLoggers(pino.levels.values);

  it('writes lines at or above its level with the bindings, and none below', async () => {
    const { lines, logger } = capture();
    const child = make.call(undefined as never, logger, { reqId: 'req-7' }, { level: 'warn' });
    expect(child.level).toBe('warn');
    child.info('not written');
    child.debug('not written');
    child.warn({ failed: ['redis'] }, 'not ready');
    child.error('broken');
    await flush();
    expect(lines.map((l) => [l.msg, l.reqId, l.level])).toEqual([
      ['not ready', 'req-7', 40],
      ['broken', 'req-7', 50],
    ]);
    expect(lines[0]?.failed).toEqual(['redis']);
  });

  it('inherits the parent level when the route sets none, and makes children of its own', async () => {
    const { lines, logger } = capture();
    const child = make.call(undefined as never, logger, { reqId: 'req-8' }, {});
    expect(child.level).toBe('info');
    child.info('written');
    child.child({ step: 2 }).info('nested');
    await flush();
    expect(lines.map((l) => [l.msg, l.reqId, l.step])).toEqual([
      ['written', 'req-8', undefined],
      ['nested', 'req-8', 2],
    ]);
  });
});

describe('health answer', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('is JSON, says so, and passes the security headers', async () => {
    t = await createTestApp('sqlite');
    const answer = await t.app.inject({ url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  });
});
