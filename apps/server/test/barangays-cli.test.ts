import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run barangays -- ...` on a fresh SQLite install: what an operator types.

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

  it('imports a city once (no demo barangay without the demo data) and lists it', () => {
    const first = run('import', '--city', 'Quezon City');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Quezon City: 142 barangays added, 0 already there.');
    expect(first.status).toBe(0);
    const again = run('import', '--city', 'quezon city');
    expect(again.stdout).toContain('Quezon City: 0 barangays added, 142 already there.');
    const list = run('list', '--city', 'Quezon City');
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('1381300097\tSan Bartolome\tQuezon City\tactive');
    expect(list.stdout).not.toContain('SB\t');
    expect(list.stdout).toContain('142 barangays (142 active).');
  });

  it('removes a barangay without data, has no demo barangays to remove, and adds aliases', () => {
    expect(run('remove-demo').stdout).toContain('The demo barangays are not in this installation.');
    expect(run('remove', '1381300097').stdout).toContain('San Bartolome (1381300097) removed.');
    expect(run('list', '--city', 'Quezon City').stdout).toContain('141 barangays (141 active).');
    expect(run('remove', '1381300097').stderr).toContain('No barangay has the code 1381300097');
    const city = run('add-city', '--city', 'City of Naga', '--province', 'Camarines Sur');
    expect(city.stdout).toContain('City of Naga added (code 0501724000)');
    const alias = run('alias', '0501724000', 'Naga', 'Camarines', 'Sur');
    expect(alias.stderr).toBe('');
    expect(alias.stdout).toContain('City of Naga now also answers to "Naga Camarines Sur"');
    // "Naga City" came with the city's row: taken, by the same city.
    expect(run('alias', '0501724000', 'Naga City').status).toBe(0);
    const clash = run('alias', '0501724000', 'Nagkaisang Nayon');
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain('"Nagkaisang Nayon" already names Nagkaisang Nayon');
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
