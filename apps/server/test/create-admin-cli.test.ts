import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { manualClock } from '../src/lib/clock.ts';
import {
  DIALECTS,
  login,
  loginAttempt,
  newSchemaName,
  removeTestData,
  testEnv,
} from './helpers.ts';

// `npm run create-admin` as scripts and people run it: every answer a flag, the password the
// first line of a piped standard input (never a flag), nothing created and exit 1 with the
// reason when an answer is missing or refused; a city administrator for a city imported with
// `npm run barangays`.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'Kalayaan#2026';

describe.each(DIALECTS)('npm run create-admin on %s', (dialect) => {
  let dataDir: string;
  let schema: string | null;
  let env: Record<string, string>;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tanaw-create-admin-'));
    schema = dialect === 'postgres' ? newSchemaName() : null;
    env = { ...testEnv(dataDir, schema), SEED_DEMO: 'false', ACCOUNT_EMAIL_DOMAINS: 'naga.gov.ph' };
  });
  afterAll(async () => {
    await removeTestData(schema, [dataDir]);
  });

  const run = (
    script: string,
    args: string[],
    input?: string,
    extra: Record<string, string> = {},
  ) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/scripts/${script}.ts`, ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, ...extra },
        input: input ?? '',
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
  const createAdmin = (args: string[], input?: string, extra?: Record<string, string>) =>
    run('create-admin', args, input, extra);
  const cityAdmin = (overrides: Record<string, string> = {}) =>
    Object.entries({
      barangay: 'City of Naga',
      position: 'CA',
      username: 'naga.admin',
      'full-name': 'Ana Cruz',
      email: 'ana.cruz@naga.gov.ph',
      phone: '09171234567',
      language: 'fil',
      ...overrides,
    }).map(([flag, value]) => `--${flag}=${value}`);

  /** The accounts in the data directory's database, through a server on it. */
  const withApp = async <T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) => {
    const app = await buildApp(loadConfig(env), { clock: manualClock(new Date()) });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  const usernames = () =>
    withApp(async (app) =>
      (await app.services.db.selectFrom('users').select('username').execute()).map(
        (u) => u.username,
      ),
    );

  it('imports the city and adds its row with npm run barangays', () => {
    const imported = run('barangays', [
      'import',
      '--city',
      'City of Naga',
      '--province',
      'Camarines Sur',
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const city = run('barangays', [
      'add-city',
      '--city',
      'City of Naga',
      '--province',
      'Camarines Sur',
    ]);
    expect(city.stderr).toBe('');
    expect(city.status).toBe(0);
  }, 120_000);

  it('refuses missing and invalid answers with the reason on stderr, creating nothing', async () => {
    const cases: [args: string[], input: string, reason: RegExp, extra?: Record<string, string>][] =
      [
        // What piped answers did before: no flags at all.
        [[], 'naga.admin\nAna Cruz\nCity of Naga\n', /Missing --barangay, --position, --username/],
        [
          cityAdmin({ email: '' }).filter((a) => !a.startsWith('--email')),
          `${PASSWORD}\n`,
          /Missing --email/,
        ],
        [cityAdmin(), '', /No password on standard input/],
        [[...cityAdmin(), `--password=${PASSWORD}`], '', /not taken as a flag/],
        [cityAdmin({ position: 'CBO' }), `${PASSWORD}\n`, /position must be MA .* or CA/],
        [cityAdmin({ language: 'de' }), `${PASSWORD}\n`, /language must be en or fil/],
        [cityAdmin(), 'weakpass\n', /Password must contain at least one uppercase letter/],
        [cityAdmin({ phone: '12345' }), `${PASSWORD}\n`, /Philippine mobile number/],
        [
          cityAdmin({ email: 'ana@example.com' }),
          `${PASSWORD}\n`,
          /^No administrator was created: Invalid email domain\. Only @gmail\.com, @outlook\.com, @yahoo\.com, and @naga\.gov\.ph are allowed\.$/m,
        ],
        [
          cityAdmin(),
          `${PASSWORD}\n`,
          /Invalid email domain\. Only @gmail\.com, @outlook\.com, and @yahoo\.com are allowed\./,
          { ACCOUNT_EMAIL_DOMAINS: '' },
        ],
        [
          cityAdmin({ barangay: 'Atlantis' }),
          `${PASSWORD}\n`,
          /Atlantis is not a barangay of this installation/,
        ],
        [cityAdmin({ position: 'MA' }), `${PASSWORD}\n`, /City of Naga is a city: .*--position CA/],
        [cityAdmin({ barangay: 'Peñafrancia' }), `${PASSWORD}\n`, /Peñafrancia is a barangay/],
        [['--frobnicate'], '', /Unknown option '--frobnicate'/],
      ];
    for (const [args, input, reason, extra] of cases) {
      const result = createAdmin(args, input, extra);
      expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(1);
      expect(result.stderr).toMatch(reason);
      expect(result.stdout).not.toContain('created.');
      // No prompt is printed when standard input is not a terminal.
      expect(result.stdout + result.stderr).not.toMatch(/Username: |Full name: /);
    }
    expect(await usernames()).toEqual([]);
  }, 300_000);

  it('creates the city administrator from flags and a piped password, who signs in', async () => {
    const result = createAdmin(cityAdmin(), `${PASSWORD}\n`);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Administrator naga.admin created. Sign in at the landing page.\n');
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    await withApp(async (app) => {
      const session = await login(app, 'naga.admin', PASSWORD, 'City of Naga');
      const me = await app.inject({
        method: 'GET',
        url: '/api/user-data',
        headers: session.headers,
      });
      expect(me.json<{ userInfo: unknown }>().userInfo).toMatchObject({
        barangay: 'City of Naga',
        position: 'CA',
        isDefaultPassword: false,
      });
      const row = await app.services.db
        .selectFrom('users')
        .select(['email', 'language', 'full_name'])
        .where('username_key', '=', 'naga.admin')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        email: 'ana.cruz@naga.gov.ph',
        language: 'fil',
        full_name: 'Ana Cruz',
      });
      const wrong = await loginAttempt(app, {
        username: 'naga.admin',
        password: 'Wrong#Pass99',
        barangay: 'City of Naga',
        ip: '10.7.0.1',
      });
      expect(wrong.statusCode).toBe(401);
    });
    // A second city administrator of the same city is refused, nothing created.
    const again = createAdmin(cityAdmin({ username: 'naga.second' }), `${PASSWORD}\n`);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/An administrator already exists \(naga\.admin\)/);
    expect(await usernames()).toEqual(['naga.admin']);
  }, 120_000);

  it('makes a barangay administrator by the numeric-coded barangay, password from a pipe', async () => {
    const result = createAdmin(
      cityAdmin({
        barangay: '0501724024',
        position: 'MA',
        username: 'pena.admin',
        email: 'pena.admin@gmail.com',
        language: 'en',
      }),
      `${PASSWORD}\r\nignored second line\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    await withApp(async (app) => {
      await login(app, 'pena.admin', PASSWORD, 'Peñafrancia');
    });
  }, 120_000);
});
