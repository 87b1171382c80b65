import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, browserPlan } from '../../../scripts/test-browser.ts';

/**
 * `npm test` on a fresh machine: the journeys need Debian's Chromium at /usr/bin/chromium, which
 * the test command installs when it may (root with apt-get) and otherwise asks for, at once.
 */
const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe("the journeys' browser", () => {
  it('is ready when /usr/bin/chromium is there, whoever runs the tests', () => {
    for (const root of [true, false]) {
      for (const aptGet of [true, false]) {
        expect(browserPlan({ chromium: true, root, aptGet })).toEqual({ action: 'ready' });
      }
    }
  });

  it("is installed from Debian's packages by root on a machine with apt-get, as CI does", () => {
    expect(browserPlan({ chromium: false, root: true, aptGet: true })).toEqual({
      action: 'install',
      command: 'apt-get update -qq && apt-get install -y -qq chromium',
    });
    expect(readFileSync(resolve(root, '.ci/run'), 'utf8')).toContain(
      'apt-get install -y -qq chromium',
    );
  });

  it('stops the tests with the one command to run when it may not be installed', () => {
    const user = browserPlan({ chromium: false, root: false, aptGet: true });
    expect(user).toMatchObject({
      action: 'stop',
      command: 'sudo apt-get update -qq && sudo apt-get install -y -qq chromium',
    });
    const other = browserPlan({ chromium: false, root: true, aptGet: false });
    expect(other.action).toBe('stop');
    expect(other).toMatchObject({ command: expect.stringContaining('/usr/bin/chromium') });
    expect(INSTALL_COMMAND).not.toContain('sudo');
  });

  it('is checked before the lint, type check and unit run', () => {
    expect(pkg.scripts.test).toMatch(
      /^node scripts\/node-runtime\.mjs && tsx scripts\/test-browser\.ts && npm run -s test:static && /,
    );
    expect(pkg.scripts['test:static']).toMatch(/"npm:lint" "npm:typecheck"/);
  });

  // The script itself, pointed at another browser file, on a PATH without apt-get.
  const check = (chromium: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/test-browser.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: dirname(process.execPath), SK_TANAW_TEST_CHROMIUM: chromium },
    });

  it('lets the tests go on at once, silently, when the browser is there', () => {
    const run = check(process.execPath);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('stops at once, with the command to run, when the browser is missing', () => {
    const started = Date.now();
    const run = check(resolve(root, 'no-such-chromium'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Chromium at /usr/bin/chromium, which this machine lacks');
    expect(run.stderr).toContain('install Chromium so that /usr/bin/chromium runs it');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
