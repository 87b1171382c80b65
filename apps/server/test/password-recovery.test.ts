import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES } from '@sk-tanaw/contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed.ts';
import { minutes } from '../src/lib/clock.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import {
  CODE_EMAIL_SUBJECT,
  CODE_EMAIL_SUBJECTS,
  codeEmail,
} from '../src/features/password-recovery/code-email.ts';
import {
  ACCOUNT_ADDRESS_REQUESTS_PER_HOUR,
  ACCOUNT_REQUESTS_PER_HOUR,
  ADDRESS_REQUESTS_PER_HOUR,
  CODE_GRACE_SECONDS,
  RESET_WINDOW_MINUTES,
  generateCode,
} from '../src/features/password-recovery/service.ts';
import {
  DIALECTS,
  createTestApp,
  demoBarangay,
  login,
  startSmtpCapture,
  type ReceivedMail,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';

const NEW_PASSWORD = 'Recover3d!pw';

function emailOf(username: string): string {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) {
    throw new Error(`no demo account ${username}`);
  }
  return account.email;
}

function codeIn(mail: ReceivedMail): string {
  const match = /verification code is:\s*(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`no code in e-mail: ${mail.text}`);
  }
  return match[1];
}

describe('the recovery code e-mail', () => {
  /** A code for an account whose name needs escaping in HTML. */
  const ANA_CODE = {
    to: 'ana@example.test',
    fullName: 'Ana <b>Cruz</b>',
    username: 'ana.cruz',
    barangayName: 'Nagkaisang Nayon',
    code: '004217',
    validSeconds: 60,
    expiresAt: new Date('2026-06-01T06:05:30.000Z'),
  };

  it('names the barangay, the code and its expiry in text and escaped HTML', () => {
    const mail = codeEmail(ANA_CODE);
    expect(mail.subject).toBe(CODE_EMAIL_SUBJECT);
    expect(mail.text).toContain('Your verification code is: 004217');
    expect(mail.text).toContain('Barangay Nagkaisang Nayon');
    expect(mail.text).toContain(
      'It is valid for 60 seconds, until 14:05:30 (Asia/Manila) on June 1, 2026.',
    );
    expect(mail.html).toContain('004217');
    expect(mail.html).toContain('14:05:30 (Asia/Manila)');
    expect(mail.html).toContain('Ana &lt;b&gt;Cruz&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Cruz');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('writes the same facts in Filipino for a Filipino account, dates with Filipino months', () => {
    const input = ANA_CODE;
    const mail = codeEmail({ ...input, language: 'fil' });
    expect(mail.subject).toBe(CODE_EMAIL_SUBJECTS.fil);
    expect(mail.subject).not.toBe(CODE_EMAIL_SUBJECT);
    expect(mail.text).toContain('Magandang araw, Ana <b>Cruz</b>,');
    expect(mail.text).toContain(
      'May humiling na i-reset ang password ng SK Tanaw account na "ana.cruz" ng Barangay Nagkaisang Nayon.',
    );
    expect(mail.text).toContain('Ang inyong verification code ay: 004217');
    expect(mail.text).toContain(
      'May bisa ito nang 60 segundo, hanggang 14:05:30 (Asia/Manila) ng Hunyo 1, 2026.',
    );
    expect(mail.text).not.toMatch(/Hello|Your verification code|June/);
    expect(mail.html).toContain('<html lang="fil">');
    expect(mail.html).toContain('004217');
    expect(mail.html).toContain('Ana &lt;b&gt;Cruz&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Cruz');
    // English stays the default, word for word.
    expect(codeEmail({ ...input, language: 'en' })).toEqual(codeEmail(input));
  });
});

describe.each(DIALECTS)('password recovery API on %s', (dialect) => {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url } });
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const requestCode = (username: string, remoteAddress?: string) =>
    post('/api/forgotpassword/request', { username }, remoteAddress);
  const verify = (username: string, otp: string) =>
    post('/api/forgotpassword/verify-otp', { username, otp });
  const reset = (username: string, otp: string, newPassword = NEW_PASSWORD) =>
    post('/api/forgotpassword/reset', { username, otp, newPassword });

  /** Requests a code and reads it out of the e-mail that the SMTP listener receives. */
  async function sendAndReceive(username: string): Promise<{ code: string; mail: ReceivedMail }> {
    const to = emailOf(username);
    const before = smtp.messages.filter((m) => m.to.includes(to)).length;
    const response = await requestCode(username);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(to) && smtp.messages.filter((x) => x.to.includes(to)).indexOf(m) >= before,
    );
    return { code: codeIn(mail), mail };
  }

  /** A code other than `code`, so a "wrong code" is never accidentally right. */
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  const auditActions = async (username: string) =>
    (
      await t.app.services.db
        .selectFrom('audit_log')
        .select('action')
        .where('module', '=', 'Password Recovery')
        .where('username', '=', username)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  it('runs the whole flow: e-mailed code, verify, new password, login with it', async () => {
    const { code, mail } = await sendAndReceive('sb.official');
    expect(mail.subject).toBe(CODE_EMAIL_SUBJECT);
    expect(mail.to).toEqual([emailOf('sb.official')]);
    expect(mail.text).toContain('San Bartolome');
    expect(mail.text).toMatch(/valid for 60 seconds, until \d{2}:\d{2}:\d{2} \(Asia\/Manila\)/);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('San Bartolome');

    const verified = await verify('sb.official', code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: FORGOT_PASSWORD_MESSAGES.otpVerified,
    });

    const done = await reset('sb.official', code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGES.resetDone });

    const session = await login(t.app, 'sb.official', NEW_PASSWORD);
    expect(session.token).toBeTruthy();
    const old = await post('/api/login', {
      username: 'sb.official',
      password: DEMO_PASSWORD,
      barangay: demoBarangay('sb.official'),
    });
    expect(old.statusCode).toBe(401);
    expect(await auditActions('sb.official')).toEqual([
      'PASSWORD_RESET_REQUESTED',
      'PASSWORD_RESET_OTP_VERIFIED',
      'PASSWORD_RESET',
    ]);
  });

  it("mails the code in the account's language, and that code works", async () => {
    await t.app.services.db
      .updateTable('users')
      .set({ language: 'fil' })
      .where('username_key', '=', 'sb.official')
      .execute();
    const to = emailOf('sb.official');
    expect((await requestCode('sb.official')).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe(CODE_EMAIL_SUBJECTS.fil);
    expect(mail.text).toContain('San Bartolome');
    expect(mail.text).toMatch(
      /May bisa ito nang 60 segundo, hanggang \d{2}:\d{2}:\d{2} \(Asia\/Manila\) ng (Enero|Pebrero|Marso|Abril|Mayo|Hunyo|Hulyo|Agosto|Setyembre|Oktubre|Nobyembre|Disyembre) \d{1,2}, \d{4}\./,
    );
    expect(mail.html).toContain('<html lang="fil">');
    const code = /verification code ay:\s*(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    expect((await verify('sb.official', code)).statusCode).toBe(200);

    // Another account, still in English, gets the English mail word for word.
    const english = await sendAndReceive('sb.chair');
    expect(english.mail.subject).toBe(CODE_EMAIL_SUBJECT);
    expect(english.mail.text).toContain('Your verification code is: ');
    expect(english.mail.html).toContain('<html lang="en">');
  });

  it('makes 6-digit codes that keep their leading zeros', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('never stores the code itself', async () => {
    const { code } = await sendAndReceive('sb.chair');
    const rows = await t.app.services.db.selectFrom('password_reset_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers unknown and known usernames alike and mails only the real account', async () => {
    const unknown = await requestCode('no.such.user');
    const known = await requestCode('nn.chair');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      success: true,
      message: FORGOT_PASSWORD_MESSAGES.requestAccepted,
    });
    await smtp.waitFor((m) => m.to.includes(emailOf('nn.chair')));
    expect(smtp.messages).toHaveLength(1);
    const invalid = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('username', '=', 'no.such.user')
      .execute();
    expect(invalid).toEqual([{ action: 'PASSWORD_RESET_REQUESTED', user_id: null }]);
  });

  it('answers a verify for an unknown username like a wrong code', async () => {
    const response = await verify('no.such.user', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: FORGOT_PASSWORD_MESSAGES.invalidOtp,
    });
  });

  it('kills a code after 5 wrong tries, so the right code then fails', async () => {
    const { code } = await sendAndReceive('sb.chair');
    for (let i = 0; i < 5; i++) {
      const wrong = await verify('sb.chair', otherThan(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: FORGOT_PASSWORD_MESSAGES.invalidOtp,
      });
    }
    const right = await verify('sb.chair', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(FORGOT_PASSWORD_MESSAGES.invalidOtp);
    const actions = await auditActions('sb.chair');
    expect(actions.filter((a) => a === 'PASSWORD_RESET_OTP_FAILED')).toHaveLength(6);
    expect(actions.filter((a) => a === 'PASSWORD_RESET_CODE_LOCKED')).toHaveLength(1);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { code } = await sendAndReceive('sb.chair');
    for (let i = 0; i < 4; i++) {
      expect((await verify('sb.chair', otherThan(code))).statusCode).toBe(400);
    }
    expect((await verify('sb.chair', code)).statusCode).toBe(200);
    expect((await reset('sb.chair', code)).statusCode).toBe(200);
  });

  it('lets only 5 of many parallel guesses be compared', async () => {
    const { code } = await sendAndReceive('sb.chair');
    const guesses = Array.from({ length: 12 }, () => verify('sb.chair', otherThan(code)));
    await Promise.all(guesses);
    const row = await t.app.services.db
      .selectFrom('password_reset_codes')
      .select('attempts')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify('sb.chair', code)).statusCode).toBe(400);
  });

  it('accepts a code within the countdown plus grace and refuses an expired one', async () => {
    const first = await sendAndReceive('sb.official');
    t.clock.advance((60 + CODE_GRACE_SECONDS - 1) * 1000);
    expect((await verify('sb.official', first.code)).statusCode).toBe(200);

    const second = await sendAndReceive('nn.official');
    t.clock.advance((60 + CODE_GRACE_SECONDS) * 1000);
    const late = await verify('nn.official', second.code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(FORGOT_PASSWORD_MESSAGES.invalidOtp);
  });

  it('gives a verified code a window to set the password, then refuses it', async () => {
    const { code } = await sendAndReceive('sb.official');
    expect((await verify('sb.official', code)).statusCode).toBe(200);
    t.clock.advance(minutes(RESET_WINDOW_MINUTES) + 1000);
    const late = await reset('sb.official', code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(FORGOT_PASSWORD_MESSAGES.codeNotUsable);
  });

  it('kills the previous code when a new one is requested (resend)', async () => {
    const first = await sendAndReceive('nn.admin');
    let second = await sendAndReceive('nn.admin');
    while (second.code === first.code) {
      second = await sendAndReceive('nn.admin');
    }
    const old = await verify('nn.admin', first.code);
    expect(old.statusCode).toBe(400);
    expect((await verify('nn.admin', second.code)).statusCode).toBe(200);
  });

  it("refuses user A's code for user B", async () => {
    const a = await sendAndReceive('sb.official');
    let b = await sendAndReceive('nn.official');
    while (b.code === a.code) {
      b = await sendAndReceive('nn.official');
    }
    expect((await verify('nn.official', a.code)).statusCode).toBe(400);
    expect((await verify('sb.official', a.code)).statusCode).toBe(200);
    expect((await reset('nn.official', a.code)).statusCode).toBe(400);
  });

  it('ends every old session of the user at reset (old token gets 401)', async () => {
    const one = await login(t.app, 'sb.chair');
    const two = await login(t.app, 'sb.chair');
    const { code } = await sendAndReceive('sb.chair');
    expect((await verify('sb.chair', code)).statusCode).toBe(200);
    expect((await reset('sb.chair', code)).statusCode).toBe(200);
    for (const s of [one, two]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-data',
        headers: s.headers,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('resets only with a verified code, and only once', async () => {
    const { code } = await sendAndReceive('nn.chair');
    const early = await reset('nn.chair', code);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(FORGOT_PASSWORD_MESSAGES.codeNotUsable);
    expect((await verify('nn.chair', code)).statusCode).toBe(200);
    expect((await reset('nn.chair', code)).statusCode).toBe(200);
    const again = await reset('nn.chair', code, 'Another#Pass9');
    expect(again.statusCode).toBe(400);
    expect((await verify('nn.chair', code)).statusCode).toBe(400);
  });

  it('applies the server password rules at reset', async () => {
    const { code } = await sendAndReceive('sb.official');
    expect((await verify('sb.official', code)).statusCode).toBe(200);
    const weak = await reset('sb.official', code, 'weakpass1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');
    for (const common of ['Password1!', 'P@ssw0rd123', 'Qwerty#2024']) {
      const refused = await reset('sb.official', code, common);
      expect(refused.statusCode, common).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        code: 'COMMON_PASSWORD',
        message: AUTH_MESSAGES.commonPassword,
      });
    }
    const same = await reset('sb.official', code, DEMO_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(AUTH_MESSAGES.passwordUnchanged);
    expect((await reset('sb.official', code)).statusCode).toBe(200);
  });

  it('clears the default-password flag', async () => {
    const { code } = await sendAndReceive('sb.new');
    expect((await verify('sb.new', code)).statusCode).toBe(200);
    expect((await reset('sb.new', code)).statusCode).toBe(200);
    const response = await post('/api/login', {
      username: 'sb.new',
      password: NEW_PASSWORD,
      barangay: 'San Bartolome',
    });
    expect(response.json().user.isDefaultPassword).toBe(false);
  });

  it('sends no code to an archived account', async () => {
    await t.app.services.db
      .updateTable('users')
      .set({ is_archived: 1 })
      .where('username_key', '=', 'nn.official')
      .execute();
    const response = await requestCode('nn.official');
    expect(response.json()).toEqual({
      success: true,
      message: FORGOT_PASSWORD_MESSAGES.requestAccepted,
    });
    // A later request for an active account is delivered; the archived one never gets mail.
    await sendAndReceive('sb.official');
    expect(smtp.messages.map((m) => m.to)).toEqual([[emailOf('sb.official')]]);
  });

  it('limits code e-mails per username from one address, known or not, for an hour', async () => {
    for (const username of ['sb.admin', 'ghost.user']) {
      for (let i = 0; i < ACCOUNT_ADDRESS_REQUESTS_PER_HOUR; i++) {
        expect((await requestCode(username, '10.0.0.1')).statusCode).toBe(200);
      }
      const limited = await requestCode(username, '10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: FORGOT_PASSWORD_MESSAGES.accountLimited,
      });
    }
    t.clock.advance(minutes(61));
    expect((await requestCode('sb.admin', '10.0.0.1')).statusCode).toBe(200);
    expect(await auditActions('sb.admin')).toContain('PASSWORD_RESET_RATE_LIMITED');
  });

  it('keeps the owner able to get a code while a stranger asks for theirs', async () => {
    t.clock.advance(minutes(61));
    for (let i = 0; i < ACCOUNT_ADDRESS_REQUESTS_PER_HOUR + 3; i++) {
      await requestCode('nn.chair', '10.66.6.6');
    }
    expect((await requestCode('nn.chair', '10.66.6.6')).statusCode).toBe(429);
    const before = smtp.messages.length;
    const own = await requestCode('nn.chair', '192.0.2.10');
    expect(own.statusCode).toBe(200);
    await smtp.waitFor(
      (m) => m.to.includes(emailOf('nn.chair')) && smtp.messages.indexOf(m) >= before,
    );
  });

  it('caps requests for one username across all addresses, known or not', async () => {
    t.clock.advance(minutes(61));
    for (const username of ['nn.admin', 'ghost.user2']) {
      for (let i = 0; i < ACCOUNT_REQUESTS_PER_HOUR; i++) {
        expect((await requestCode(username, `10.1.${i}.1`)).statusCode).toBe(200);
      }
      const limited = await requestCode(username, '10.1.200.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(FORGOT_PASSWORD_MESSAGES.accountLimited);
    }
  });

  it('limits code requests per address', async () => {
    for (let i = 0; i < ADDRESS_REQUESTS_PER_HOUR; i++) {
      expect((await requestCode(`someone.${i}`, '10.9.9.9')).statusCode).toBe(200);
    }
    const limited = await requestCode('sb.admin', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(FORGOT_PASSWORD_MESSAGES.addressLimited);
    expect((await requestCode('sb.admin', '10.9.9.10')).statusCode).toBe(200);
  });

  it('names the missing username and a malformed code', async () => {
    const empty = await requestCode('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: FORGOT_PASSWORD_MESSAGES.usernameRequired,
    });
    const short = await verify('sb.admin', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(FORGOT_PASSWORD_MESSAGES.otpFormat);
  });
});

describe.each(DIALECTS)('password recovery e-mail delivery on %s', (dialect) => {
  const requestFor = (t: TestApp, username: string) =>
    t.app.inject({ method: 'POST', url: '/api/forgotpassword/request', payload: { username } });

  it('answers without waiting for the mail server, so its latency reveals nothing', async () => {
    const started: MailMessage[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Mailer = {
      async send(message) {
        started.push(message);
        await gate;
      },
      close: () => undefined,
    };
    const t = await createTestApp(dialect, { mailer: slow });
    try {
      const response = await requestFor(t, 'sb.chair');
      expect(response.statusCode).toBe(200);
      expect(started.map((m) => m.to)).toEqual([emailOf('sb.chair')]);
    } finally {
      release();
      await t.close();
    }
  });

  it('gives the same answer when the mail server fails', async () => {
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP down')),
      close: () => undefined,
    };
    const t = await createTestApp(dialect, { mailer: failing });
    try {
      const response = await requestFor(t, 'sb.chair');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: FORGOT_PASSWORD_MESSAGES.requestAccepted,
      });
    } finally {
      await t.close();
    }
  });
});
