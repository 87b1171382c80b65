// After every flow that carries a secret has run on the real server, no password, recovery code,
// token, cookie value or link signature the test used or received appears anywhere the server
// writes: its log (stdout and stderr at LOG_LEVEL=info), any column of any table (the audit trail
// included), any file under DATA_DIR (the SQLite file and its journal, documents) or a backup,
// stored or downloaded, read unpacked the way the backup code reads it (gzip). Password hashes
// and HMACs are expected in the database; the plaintext is not.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileNameOfLocation } from '@sk-tanaw/contract';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/database.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DEVICE_COOKIE } from '../src/lib/device-cookie.ts';
import { FINGERPRINT_COOKIE } from '../src/plugins/auth.ts';
import { rawQuery } from './backup-helpers.ts';
import { DIALECTS, startSmtpCapture, type SmtpCapture } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { processStore, repoRoot, startServer, type ServerProcess } from './server-process.ts';

interface Secret {
  label: string;
  value: string;
}

interface Haystack {
  where: string;
  text: string;
}

const letters = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijkmnpqrstuvwxyz'.charAt(randomInt(24))).join('');
const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');
/** A password no rule refuses (8-16 characters, all four kinds) and no file holds by chance. */
const strongPassword = (head: string) => `${head}#${letters(6)}${digits(4)}`;

/** The forms a secret could be written in: as is, and percent-encoded as in a URL or form. */
function needles(secret: Secret): string[] {
  const forms = new Set([secret.value, encodeURIComponent(secret.value)]);
  return [...forms];
}

/**
 * Every place a secret occurs, with the secret masked in the context shown. A code of digits only
 * counts where it stands alone (not inside a longer number, a hash or a decimal fraction); in a
 * raw SQLite page it may touch the next column's digits, which the per-column table dump covers.
 */
function findLeaks(secrets: Secret[], haystacks: Haystack[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    for (const needle of needles(secret)) {
      const pattern = /^\d+$/.test(needle)
        ? new RegExp(`(?<![0-9A-Za-z.])${needle}(?![0-9A-Za-z])`, 'g')
        : new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
      for (const { where, text } of haystacks) {
        for (const match of text.matchAll(pattern)) {
          const at = match.index;
          const context = text
            .slice(Math.max(0, at - 60), at + needle.length + 60)
            .replaceAll(needle, '<SECRET>')
            .replace(/[^\x20-\x7e]/g, '.');
          found.push(`${secret.label} in ${where}: ...${context}...`);
        }
      }
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** A file's bytes as text, and unpacked too when it is gzip (a .bak backup). */
function fileHaystacks(where: string, bytes: Buffer): Haystack[] {
  const stacks = [{ where, text: bytes.toString('latin1') }];
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    stacks.push({ where: `${where} (unpacked)`, text: gunzipSync(bytes).toString('latin1') });
  }
  return stacks;
}

/** Runs a server script (`npm run create-admin`) as an operator would, output into `logFile`. */
async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  output: string[],
  input?: string,
): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  // A password is piped in, as a script gives it (never a flag: it would stay in the history).
  if (input !== undefined) {
    child.stdin?.end(input);
  }
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  return code;
}

describe.each(DIALECTS)('no secret left behind on %s', (dialect) => {
  const store = processStore(dialect, 'tanaw-secrets-');
  const { dataDir } = store;
  const logDir = mkdtempSync(join(tmpdir(), 'tanaw-secrets-log-'));
  const logFile = join(logDir, 'server.log');
  const jwtSecret = randomBytes(32).toString('base64url');
  let smtp: SmtpCapture;
  let server: ServerProcess | undefined;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    env = {
      ...store.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      JWT_SECRET: jwtSecret,
      SMTP_URL: smtp.url,
    };
  });
  afterAll(async () => {
    await server?.kill9();
    await smtp.close();
    await store.drop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('finds no password, code, token, cookie or link signature in logs, database, files or backups', async () => {
    const secrets: Secret[] = [{ label: 'JWT_SECRET', value: jwtSecret }];
    const keep = (label: string, value: string | undefined): string => {
      expect(value, label).toBeTruthy();
      expect(value?.length, label).toBeGreaterThanOrEqual(6);
      secrets.push({ label, value: value ?? '' });
      return value ?? '';
    };

    // The first administrator, made from the command line with a password of the operator's.
    const adminPassword = keep('first admin password', strongPassword('Adm'));
    const scriptOutput: string[] = [];
    // Without the demo data the installation serves the barangays its operator imports.
    const imported = await runScript(
      'apps/server/src/scripts/barangays.ts',
      ['add', '1381300097'],
      env,
      scriptOutput,
    );
    expect(imported, scriptOutput.join('')).toBe(0);
    const created = await runScript(
      'apps/server/src/scripts/create-admin.ts',
      [
        ...['--username', 'ana.admin', '--full-name', 'Ana Admin', '--barangay', 'San Bartolome'],
        ...['--email', 'ana.admin@gmail.com', '--phone', '09171230000', '--position', 'MA'],
      ],
      env,
      scriptOutput,
      `${adminPassword}\n`,
    );
    expect(created, scriptOutput.join('')).toBe(0);

    server = await startServer(env, { outputFile: logFile });
    const base = server.base;

    interface Reply {
      status: number;
      body: Record<string, unknown>;
      cookies: Record<string, string>;
    }
    const call = async (
      method: string,
      path: string,
      headers: Record<string, string> = {},
      payload?: object | { raw: Buffer; headers: Record<string, string> },
    ): Promise<Reply> => {
      const raw = payload && 'raw' in payload ? payload : undefined;
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...headers,
          ...(raw ? raw.headers : payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(raw ? { body: raw.raw } : payload ? { body: JSON.stringify(payload) } : {}),
      });
      const cookies: Record<string, string> = {};
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies[pair.slice(0, at)] = pair.slice(at + 1);
      }
      const text = await response.text();
      return {
        status: response.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        cookies,
      };
    };
    const post = (path: string, payload: object, headers?: Record<string, string>) =>
      call('POST', path, headers, payload);
    const login = (username: string, password: string, device?: string, barangay?: string) =>
      post(
        '/api/login',
        { username, password, barangay: barangay ?? 'San Bartolome' },
        device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {},
      );

    /** Signs in and keeps every secret the answer carries; headers as the browser sends them. */
    async function signIn(who: string, username: string, password: string, device?: string) {
      const r = await login(username, password, device);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const token = keep(`${who}: JWT`, String(r.body.token));
      keep(`${who}: JWT signature`, token.split('.')[2]);
      const fingerprint = keep(
        `${who}: ${FINGERPRINT_COOKIE} cookie`,
        r.cookies[FINGERPRINT_COOKIE],
      );
      const deviceCookie = keep(`${who}: ${DEVICE_COOKIE} cookie`, r.cookies[DEVICE_COOKIE]);
      keep(`${who}: device cookie signature`, deviceCookie.split('.')[2]);
      const user = r.body.user as { userId: number };
      return {
        userId: user.userId,
        device: deviceCookie,
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `${FINGERPRINT_COOKIE}=${fingerprint}; ${DEVICE_COOKIE}=${deviceCookie}`,
        },
      };
    }

    /** Fetches a signed link (no session: the signature is the permission), keeping its sig. */
    async function openSignedLink(label: string, url: string): Promise<Buffer> {
      keep(`${label} link signature`, new URL(url, base).searchParams.get('sig') ?? undefined);
      const response = await fetch(`${base}${url}`);
      expect(response.status, label).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    }

    // Wrong passwords: typos of the real one, another guess, an unknown user, a wrong barangay.
    for (const [username, password] of [
      ['ana.admin', keep('wrong password 1', `${adminPassword.slice(0, -1)}x`)],
      ['ana.admin', keep('wrong password 2', strongPassword('Gue'))],
      ['no.such.user', keep('wrong password 3', strongPassword('Unk'))],
    ] as const) {
      expect((await login(username, password)).status).toBe(401);
    }
    expect((await login('ana.admin', adminPassword, undefined, 'Nagkaisang Nayon')).status).toBe(
      401,
    );

    const admin = await signIn('admin', 'ana.admin', adminPassword);

    // An account made in the admin area: the server picks the initial password and e-mails it;
    // a password the client sends along is ignored.
    const newAccount = await post(
      '/api/admin/create-account',
      {
        username: 'bea.official',
        fullName: 'Bea Dela Cruz',
        barangay: 'San Bartolome',
        emailAddress: 'bea.official@gmail.com',
        phoneNumber: '09171234567',
        password: keep('password sent with create-account', strongPassword('Cli')),
      },
      admin.headers,
    );
    expect(newAccount.status, JSON.stringify(newAccount.body)).toBe(200);
    const bea = Number(newAccount.body.userID);
    const welcome = await smtp.waitFor((m) => m.to.includes('bea.official@gmail.com'));
    const initialPassword = keep(
      'initial password',
      /Initial password: (\S+)/.exec(welcome.text)?.[1],
    );
    const role = await post(
      '/api/roles/assignRole',
      { userId: bea, position: 'SKO' },
      admin.headers,
    );
    expect(role.status).toBe(200);

    // First sign-in and the forced change: a refused weak password, then the new one.
    const first = await signIn('bea first', 'bea.official', initialPassword);
    const change = (newPassword: string) =>
      post(
        '/api/login/change-credentials',
        {
          currentUsername: 'bea.official',
          userID: bea,
          newUsername: 'bea.official',
          newPassword,
        },
        first.headers,
      );
    expect((await change(keep('refused weak new password', `weak#${letters(8)}`))).status).toBe(
      400,
    );
    const changedPassword = keep('changed password', strongPassword('Chg'));
    expect((await change(changedPassword)).status).toBe(200);
    await signIn('bea changed', 'bea.official', changedPassword, first.device);

    // Password recovery: a code by e-mail, one wrong code, the right one, a new password.
    const requested = await post('/api/forgotpassword/request', { username: 'bea.official' });
    expect(requested.status).toBe(200);
    const codeMail = await smtp.waitFor(
      (m) => m.to.includes('bea.official@gmail.com') && /verification code/.test(m.text),
    );
    const code = keep(
      'recovery code',
      /verification code is:\s*(\d{6})\b/.exec(codeMail.text)?.[1],
    );
    let wrongCode = digits(6);
    while (wrongCode === code) {
      wrongCode = digits(6);
    }
    keep('wrong recovery code', wrongCode);
    const verify = (otp: string) =>
      post('/api/forgotpassword/verify-otp', { username: 'bea.official', otp });
    expect((await verify(wrongCode)).status).toBe(400);
    expect((await verify(code)).status).toBe(200);
    const resetPassword = keep('password set by recovery', strongPassword('Rst'));
    const reset = await post('/api/forgotpassword/reset', {
      username: 'bea.official',
      otp: code,
      newPassword: resetPassword,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const official = await signIn('bea reset', 'bea.official', resetPassword, first.device);

    // A proposal with a PDF, opened through its signed link by the proposer and by the admin.
    const pdf = buildSimplePdf('Youth Sports Clinic', 'Proposal body text.');
    const form = multipart(
      { title: 'Youth Sports Clinic', description: 'Basketball clinic', userId: String(bea) },
      { name: 'projectFile', fileName: 'clinic.pdf', content: pdf, contentType: 'application/pdf' },
    );
    const submitted = await call('POST', '/api/projects/submit', official.headers, {
      raw: form.payload,
      headers: form.headers,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const project = submitted.body.project as { id: number; fileUrl: string };
    const link = await call(
      'GET',
      `/api/projects/download/${fileNameOfLocation(project.fileUrl)}`,
      official.headers,
    );
    expect(link.status).toBe(200);
    expect(await openSignedLink('project file', String(link.body.url))).toEqual(pdf);
    const adminLink = await call(
      'GET',
      `/api/admin/projects/file-url/${project.id}`,
      admin.headers,
    );
    expect(adminLink.status).toBe(200);
    expect(await openSignedLink('admin project file', String(adminLink.body.url))).toEqual(pdf);

    // A backup of all of it, and its download through a signed link.
    const backup = await call('POST', '/api/backup', admin.headers);
    expect(backup.status, JSON.stringify(backup.body)).toBe(200);
    const backupName = (backup.body.backup as { name: string }).name;
    const backupLink = await call('GET', `/api/backup/file-url/${backupName}`, admin.headers);
    expect(backupLink.status).toBe(200);
    const downloaded = await openSignedLink('backup', String(backupLink.body.url));

    // Signing out, and a token presented after that.
    expect((await call('POST', '/api/logout', official.headers)).status).toBe(200);
    expect((await call('GET', '/api/user-data', official.headers)).status).toBe(401);

    await server.stop();
    expect(server.child.exitCode).toBe(0);

    // Everything the server wrote.
    const log = readFileSync(logFile, 'utf8') + scriptOutput.join('');
    const haystacks: Haystack[] = [{ where: 'server log', text: log }];
    const files = filesUnder(dataDir);
    for (const file of files) {
      haystacks.push(...fileHaystacks(relative(dataDir, file), readFileSync(file)));
    }
    haystacks.push(...fileHaystacks('downloaded backup', downloaded));
    const database = createDatabase(loadConfig(env));
    try {
      const tables = await rawQuery(
        database,
        dialect === 'sqlite'
          ? `select name from sqlite_master where type = 'table'`
          : `select table_name as name from information_schema.tables
             where table_schema = current_schema()`,
      );
      for (const { name } of tables) {
        const rows = await rawQuery(database, `select * from "${String(name)}"`);
        const text = rows
          .flatMap((row) =>
            Object.values(row).map((v) =>
              Buffer.isBuffer(v) ? v.toString('latin1') : v instanceof Date ? '' : String(v),
            ),
          )
          .join('\n');
        haystacks.push({ where: `table ${String(name)}`, text });
      }
    } finally {
      await database.destroy();
    }

    expect(findLeaks(secrets, haystacks)).toEqual([]);

    // The scan sees what it should: each secret is found when planted, and the places read are
    // the real ones (request lines in the log, hashes in the tables, rows in the backups).
    for (const secret of secrets) {
      for (const needle of needles(secret)) {
        const planted = findLeaks([secret], [{ where: 'probe', text: `a ${needle} b` }]);
        expect(planted, secret.label).toHaveLength(1);
      }
    }
    expect(secrets.length).toBeGreaterThanOrEqual(35);
    expect(log).toContain('"url":"/api/login"');
    expect(log).toMatch(
      /"url":"\/api\/files\/[0-9a-f]{32}\.pdf\?exp=\[redacted\]&sig=\[redacted\]"/,
    );
    expect(log).toMatch(/"url":"\/api\/backup\/files\/[^"?]+\?exp=\[redacted\]&sig=\[redacted\]"/);
    const text = (where: string) => haystacks.find((h) => h.where === where)?.text ?? '';
    expect(text('table users')).toContain('$argon2id$');
    expect(text('table users')).toContain('bea.official');
    for (const action of [
      'CREATE_ADMIN',
      'LOGIN_FAILED',
      'ACCOUNT_CREATED',
      'CHANGE_CREDENTIALS',
      'PASSWORD_RESET_OTP_FAILED',
      'PASSWORD_RESET',
      'LOGOUT',
    ]) {
      expect(text('table audit_log')).toContain(action);
    }
    expect(text('table password_reset_codes')).toMatch(/[0-9a-f]{64}/);
    const stored = `backups/${backupName} (unpacked)`;
    expect(text(stored)).toContain('SK-TANAW-BACKUP');
    expect(text(stored)).toContain('$argon2id$');
    expect(text(stored)).toContain('PASSWORD_RESET_OTP_FAILED');
    expect(text('downloaded backup (unpacked)')).toBe(text(stored));
    if (dialect === 'sqlite') {
      expect(files.map((f) => relative(dataDir, f))).toContain('tanaw.db');
      expect(statSync(join(dataDir, 'tanaw.db')).size).toBeGreaterThan(0);
    }
  }, 180_000);
});
