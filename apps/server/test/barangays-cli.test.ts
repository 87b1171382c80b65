import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run barangays -- ...` (issue 34) on a fresh SQLite install: what an operator types.

describe('npm run barangays', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tanaw-barangays-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/scripts/barangays.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );

  it('imports a city once, matching SB and NN, and lists it', () => {
    const first = run('import', '--city', 'Quezon City');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Quezon City: 140 barangays added, 2 already there.');
    expect(first.status).toBe(0);
    const again = run('import', '--city', 'quezon city');
    expect(again.stdout).toContain('Quezon City: 0 barangays added, 142 already there.');
    const list = run('list', '--city', 'Quezon City');
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('SB\tSan Bartolome\tQuezon City, District 5\tactive');
    expect(list.stdout).toContain('NN\tNagkaisang Nayon\tQuezon City, District 5\tactive');
    expect(list.stdout).toContain('142 barangays (142 active).');
  });

  it('asks for a province when a city name is shared, and refuses unknown names', () => {
    const shared = run('import', '--city', 'San Jose');
    expect(shared.status).toBe(1);
    expect(shared.stderr).toContain('San Jose names 9 places; add --province');
    const batangas = run('import', '--city', 'San Jose', '--province', 'Batangas');
    expect(batangas.stdout).toMatch(/^San Jose, Batangas: \d+ barangays added, 0 already there/);
    const unknown = run('import', '--city', 'Atlantis');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No city or municipality named Atlantis');
  });

  it('adds one barangay by PSGC code, deactivates and activates it', () => {
    // Barangay 1 of Caloocan (NCR).
    expect(run('add', '1380100001').stdout).toMatch(/added \(code 1380100001\)/);
    expect(run('add', '1380100001').stdout).toContain('is there already');
    expect(run('deactivate', '1380100001').stdout).toContain('deactivated');
    expect(run('deactivate', '1380100001').stdout).toContain('was inactive already');
    expect(run('list').stdout).toContain('1380100001');
    expect(run('activate', '1380100001').stdout).toContain('activated');
    const nothing = run('deactivate', 'XX');
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toContain('No barangay has the code XX');
    expect(run('frobnicate').stderr).toContain('Usage: npm run barangays');
  });
});
