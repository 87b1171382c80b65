// The server's log output: lines held and written in batches, in order, all of them on close;
// while nothing reads the output, memory stays bounded and the dropped lines are reported.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedLogDestination } from '../src/lib/log-destination.ts';

describe('batched log destination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tanaw-log-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function open(name: string) {
    const file = join(dir, name);
    const fd = openSync(file, 'w');
    return { file, fd, text: () => readFileSync(file, 'utf8') };
  }

  it('writes once a batch is full, and everything in order on close', () => {
    const out = open('a.log');
    const log = new BatchedLogDestination(out.fd, { minLength: 100 });
    log.write('{"n":1,"peso":"₱"}\n');
    log.write('{"n":2}\n');
    expect(out.text()).toBe('');
    const long = `{"n":3,"pad":"${'x'.repeat(100)}"}\n`;
    log.write(long);
    expect(out.text()).toBe(`{"n":1,"peso":"₱"}\n{"n":2}\n${long}`);
    log.write('{"n":4}\n');
    log.close();
    expect(out.text().split('\n').filter(Boolean)).toHaveLength(4);
    expect(out.text().endsWith('{"n":4}\n')).toBe(true);
    closeSync(out.fd);
  });

  it('holds at most maxPending characters and reports how many lines it dropped', () => {
    const out = open('b.log');
    const log = new BatchedLogDestination(out.fd, { minLength: 10_000, maxPending: 300 });
    const line = `${'y'.repeat(29)}\n`;
    const taken = Array.from({ length: 20 }, () => log.write(line));
    expect(taken.filter(Boolean)).toHaveLength(10);
    log.close();
    const lines = out.text().split('\n').filter(Boolean);
    expect(lines.slice(0, 10).every((l) => l === line.trim())).toBe(true);
    expect(JSON.parse(lines[10] ?? '{}')).toMatchObject({
      level: 40,
      msg: '10 log lines were dropped: the log output was not being read',
    });
    closeSync(out.fd);
  });
});
