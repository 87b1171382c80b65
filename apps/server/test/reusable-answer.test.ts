// Cached answers are turned into JSON once per route; every other answer on every request.
import { describe, expect, it } from 'vitest';
import { memoisingSerializer, reusableAnswer } from '../src/lib/reusable-answer.ts';

describe('memoising serializer', () => {
  function counting() {
    const calls: unknown[] = [];
    const compile = memoisingSerializer(() => (data: unknown) => {
      calls.push(data);
      return JSON.stringify(data);
    });
    return { calls, compile };
  }
  const route = { schema: {}, method: 'GET', url: '/x', httpStatus: '200' } as never;

  it('serializes a reusable answer once per route and sends the same bytes again', () => {
    const { calls, compile } = counting();
    const first = compile(route);
    const second = compile(route);
    const answer = reusableAnswer({ success: true, rows: [1, 2, 3], peso: '₱' });
    const sent = first(answer) as unknown as Buffer;
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(sent.toString('utf8')).toBe('{"success":true,"rows":[1,2,3],"peso":"₱"}');
    expect(first(answer)).toBe(sent);
    expect(calls).toHaveLength(1);
    // Another route (another schema) makes its own.
    expect((second(answer) as unknown as Buffer).equals(sent)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('serializes every other answer on every request', () => {
    const { calls, compile } = counting();
    const serialize = compile(route);
    const answer = { success: true, n: 1 };
    serialize(answer);
    answer.n = 2;
    expect(serialize(answer)).toBe('{"success":true,"n":2}');
    expect(serialize('text')).toBe('"text"');
    expect(serialize(null)).toBe('null');
    expect(calls).toHaveLength(4);
  });
});
