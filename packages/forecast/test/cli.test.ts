import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeIo, runCli } from '../src/cli.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../../..');
const dataDir = join(here, '../benchmark-data');
const cliPath = join(here, '../src/cli.ts');
const tsxBin = join(repoRoot, 'node_modules/.bin/tsx');

describe('CLI', () => {
  it('eval reproduces the published Naive2 sMAPE of 17.88 on M3 yearly (spawned)', () => {
    const run = spawnSync(tsxBin, [cliPath, 'eval', join(dataDir, 'm3-yearly.csv')], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^n\s+645$/m);
    const m = /^sMAPE\s+([\d.]+)\s+\(Naive2 ([\d.]+)\)/m.exec(run.stdout);
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m?.[2]) - 17.88)).toBeLessThanOrEqual(0.01);
    // the engine itself beats the published Theta (16.90) there
    expect(Number(m?.[1])).toBeLessThan(16.9);
    expect(run.stdout).toMatch(/^OWA\s+0\.\d+/m);
    expect(run.stdout).toMatch(/^coverage80\s+[\d.]+%/m);
    expect(run.stdout).toMatch(/^MSIS95\s+[\d.]+/m);
    expect(run.stdout).toMatch(/^ms\/series\s+[\d.]+/m);
  });

  it('predict writes id,f1..fh to a real file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecast-cli-'));
    try {
      const input = join(dir, 'in.csv');
      const output = join(dir, 'out.csv');
      writeFileSync(input, 'id,train,test\nA,1 2 3 4 5,0 0 0\nB,10,1 1\n');
      const errors: string[] = [];
      const code = runCli(['predict', input, output], { ...nodeIo, err: (l) => errors.push(l) });
      expect(code).toBe(0);
      const lines = readFileSync(output, 'utf8').trim().split('\n');
      expect(lines[0]).toBe('id,f1,f2,f3');
      expect(lines).toHaveLength(3);
      const a = (lines[1] as string).split(',');
      expect(a[0]).toBe('A');
      expect(a).toHaveLength(4);
      for (const v of a.slice(1)) {
        expect(Number(v)).toBeGreaterThan(5);
        expect(Number(v)).toBeLessThan(9);
      }
      expect(lines[2]).toBe('B,10,10');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('usage and errors return non-zero codes', () => {
    const errors: string[] = [];
    const io = { ...nodeIo, err: (l: string) => errors.push(l) };
    expect(runCli([], io)).toBe(2);
    expect(runCli(['eval', join(dataDir, 'does-not-exist.csv')], io)).toBe(1);
    expect(errors.join('\n')).toMatch(/usage/);
  });
});
