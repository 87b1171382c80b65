import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import {
  DIALECTS,
  login,
  newSchemaName,
  removeTestData,
  startSmtpCapture,
  testEnv,
  type SmtpCapture,
} from './helpers.ts';
import { repoRoot } from './server-process.ts';

// The recipe for a real city in docs/operations.md, run as it stands: the fenced block after the
// `recipe:real-city` marker, every line of it but `npm start`, on an empty installation; then the
// server on what it made, as `npm start` would serve it.

const run = promisify(execFile);
const PASSWORD = 'Naga#Admin2026';

/** The recipe's shell block, from docs/operations.md (the test fails when the marker is gone). */
function recipe(): string {
  const operations = readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8');
  const marker = operations.indexOf('<!-- recipe:real-city -->');
  expect(marker, 'docs/operations.md has the real-city recipe').toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(operations.slice(marker));
  expect(block?.[1]).toBeTruthy();
  return block?.[1] ?? '';
}

describe.each(DIALECTS)('the real-city recipe of docs/operations.md on %s', (dialect) => {
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-recipe-'));
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  let recipeEnv: Record<string, string> = {};
  let output = '';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const lines = recipe().split('\n');
    expect(lines.some((l) => l.trim() === 'npm start')).toBe(true);
    // Everything up to `npm start`; then the environment the server would start with.
    const envFile = join(dataDir, 'recipe.env');
    const script = [
      'set -euo pipefail',
      ...lines.filter((l) => l.trim() !== 'npm start'),
      `node -e 'process.stdout.write(JSON.stringify(process.env))' > "${envFile}"`,
    ].join('\n');
    const result = await run('bash', ['-c', script], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        ADMIN_PASSWORD: PASSWORD,
        ...testEnv(dataDir, schema),
        LOG_LEVEL: 'silent',
      },
      timeout: 180_000,
    });
    output = `${result.stdout}${result.stderr}`;
    recipeEnv = JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>;
    const pick = (name: string) => (recipeEnv[name] ? { [name]: recipeEnv[name] } : {});
    // The server as `npm start` would run it on this environment, its mail to a capture server.
    const config = loadConfig({
      ...testEnv(dataDir, schema),
      ...pick('SEED_DEMO'),
      ...pick('ACCOUNT_EMAIL_DOMAINS'),
      ...pick('PUBLIC_URL'),
      ...pick('CONTACT_EMAIL'),
      ...pick('CONTACT_PHONE'),
      SMTP_URL: smtp.url,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    app = await buildApp(config);
  }, 240_000);

  afterAll(async () => {
    await app.close();
    await smtp.close();
    await removeTestData(schema, [dataDir]);
  });

  it('imports the city, makes its row and its administrator, and says so', () => {
    expect(recipeEnv.SEED_DEMO).toBe('false');
    expect(output).toContain('City of Naga, Camarines Sur: 27 barangays added');
    expect(output).toContain('City of Naga added');
    expect(output).toContain('naga.admin');
  });

  it('serves the city and none of the demo, with the configured contact', async () => {
    const site = (await app.inject({ method: 'GET', url: '/api/site-info' })).json<{
      barangayCount: number;
      demo: boolean;
      contact: { email: string; phone: string };
    }>();
    expect(site).toMatchObject({
      barangayCount: 27,
      demo: false,
      contact: { email: 'sk.federation@naga.gov.ph', phone: '(054) 473 0000' },
    });
    const demo = await app.inject({ method: 'GET', url: '/api/barangays?q=San%20Bartolome' });
    expect(demo.json<{ barangays: unknown[] }>().barangays).toEqual([]);
    const board = await app.inject({ method: 'GET', url: '/api/public/disclosure/0501724024' });
    expect(board.statusCode, board.body).toBe(200);
  });

  it('lets the city administrator sign in as "Naga City" and make a budget officer on the city domain', async () => {
    const session = await login(app, 'naga.admin', PASSWORD, 'Naga City');
    const made = await app.inject({
      method: 'POST',
      url: '/api/city/accounts',
      headers: session.headers,
      payload: {
        username: 'naga.budget',
        fullName: 'Ramon Dela Cruz',
        emailAddress: 'budget.office@naga.gov.ph',
        position: 'CBO',
        language: 'en',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('budget.office@naga.gov.ph'));
    expect(mail.text).toContain('https://sktanaw.naga.gov.ph/city?token=');
  });
});
