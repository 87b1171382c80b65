import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, AUTH_MESSAGES, ROLE_DEFINITIONS, type Account } from '@sk-tanaw/contract';
import {
  ACCOUNT_EMAIL_SUBJECT,
  ACCOUNT_EMAIL_SUBJECTS,
} from '../src/features/accounts/account-email.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAs,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
} from './helpers.ts';
import { adminSuite, lastAudit, signInNewUser, userIdOf } from './admin-helpers.ts';

describe.each(DIALECTS)('accounts, roles and account archive on %s', (dialect) => {
  let smtp: SmtpCapture;
  let created = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const s = adminSuite(dialect, () => ({ env: { SMTP_URL: smtp.url } }));

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Session | null,
    payload?: object,
  ) => s.t.app.inject({ method, url, headers: as?.headers ?? {}, ...(payload ? { payload } : {}) });

  /** A valid creation body with a username and e-mail never used before. */
  function newAccount(overrides: Record<string, unknown> = {}) {
    created += 1;
    return {
      username: `new.member${created}`,
      fullName: `New Member ${created}`,
      barangay: 'San Bartolome',
      emailAddress: `new.member${created}@gmail.com`,
      phoneNumber: '09171234567',
      password: 'new.member-guessable-suffix',
      ...overrides,
    };
  }

  async function createAndReadMail(as: Session, body: Record<string, unknown>) {
    const response = await call('POST', '/api/admin/create-account', as, body);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(String(body.emailAddress)));
    const password = /Initial password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeDefined();
    return { response, mail, password: password ?? '' };
  }

  describe('permissions', () => {
    it('refuses anonymous, SKO, SKC and default-password callers on every call', async () => {
      const target = await userIdOf(s.t.app, 'sb.official');
      const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
        ['GET', '/api/admin/users'],
        ['POST', '/api/admin/create-account', newAccount()],
        ['GET', '/api/roles/all'],
        ['GET', '/api/roles/users'],
        ['POST', '/api/roles/assignRole', { userId: target, position: 'SKC' }],
        ['GET', '/api/admin/archive/accounts'],
        ['POST', `/api/admin/archive/accounts/${target}`],
        ['POST', `/api/admin/archive/accounts/restore/${target}`],
      ];
      for (const [method, url, body] of calls) {
        const anonymous = await call(method, url, null, body);
        expect(anonymous.statusCode, `anonymous ${url}`).toBe(401);
        for (const [name, session] of [
          ['SKO', s.sko],
          ['SKC', s.skc],
        ] as const) {
          const refused = await call(method, url, session, body);
          expect(refused.statusCode, `${name} ${url}`).toBe(403);
          expect(refused.json()).toMatchObject({
            success: false,
            message: AUTH_MESSAGES.forbidden,
          });
        }
        const unchanged = await call(method, url, s.defaultAdmin, body);
        expect(unchanged.statusCode, `default password ${url}`).toBe(403);
        expect(unchanged.json().code).toBe('DEFAULT_PASSWORD');
      }
      // Nothing changed: the target still has its role and is active.
      const row = await s.t.app.services.db
        .selectFrom('users')
        .select(['position', 'is_archived'])
        .where('id', '=', target)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ position: 'SKO', is_archived: 0 });
    });

    it("lets MA and SA in, each seeing only its barangay's accounts", async () => {
      for (const [session, barangay] of [
        [s.ma, 'San Bartolome'],
        [s.sa, 'Nagkaisang Nayon'],
      ] as const) {
        const response = await call('GET', '/api/admin/users', session);
        expect(response.statusCode).toBe(200);
        const users = response.json<{ users: Account[] }>().users;
        expect(users.length).toBeGreaterThan(0);
        expect(users.every((u) => u.barangay === barangay)).toBe(true);
      }
      const nn = (await call('GET', '/api/admin/users', s.sa)).json<{ users: Account[] }>().users;
      expect(nn.map((u) => u.userName)).not.toContain('sb.admin');
    });

    it("answers 404 for another barangay's accounts and changes nothing", async () => {
      const sbOfficial = await userIdOf(s.t.app, 'sb.official');
      for (const [url, body] of [
        ['/api/roles/assignRole', { userId: sbOfficial, position: 'SKC' }],
        [`/api/admin/archive/accounts/${sbOfficial}`, undefined],
        [`/api/admin/archive/accounts/restore/${sbOfficial}`, undefined],
      ] as const) {
        const response = await call('POST', url, s.sa, body);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code).toBe('USER_NOT_FOUND');
      }
      const sessionStillWorks = await call('GET', '/api/user-data', s.sko);
      expect(sessionStillWorks.statusCode).toBe(200);
    });
  });

  describe('account list', () => {
    it('answers the spec fields with Active/Inactive from the password flag', async () => {
      const response = await call('GET', '/api/admin/users', s.ma);
      const users = response.json<{ success: boolean; users: Account[] }>().users;
      const admin = users.find((u) => u.userName === 'sb.admin');
      expect(admin).toMatchObject({
        fullName: 'Andrea Villanueva',
        emailAddress: 'sb.admin.demo@gmail.com',
        phoneNumber: '09170000001',
        barangay: 'San Bartolome',
        position: 'MA',
        isArchived: false,
        status: 'Active',
        actualStatus: 'active',
      });
      expect(users.find((u) => u.userName === 'sb.new')).toMatchObject({
        status: 'Inactive',
        actualStatus: 'inactive',
      });
      expect(users.find((u) => u.userName === 'sb.new')).not.toHaveProperty('password_hash');
    });
  });

  describe('account creation', () => {
    const cases: [field: string, value: unknown, message: string][] = [
      ['username', undefined, 'Username is required'],
      ['username', '  ', 'Username is required'],
      ['username', 'a b', 'Username must be 3-32 characters'],
      ['fullName', undefined, 'Full name is required'],
      ['fullName', '', 'Full name is required'],
      ['barangay', undefined, 'Barangay is required'],
      ['barangay', 'Quezon City', ADMIN_MESSAGES.barangayInvalid],
      ['emailAddress', undefined, ADMIN_MESSAGES.emailRequired],
      ['emailAddress', '', ADMIN_MESSAGES.emailRequired],
      ['emailAddress', 'not-an-email', ADMIN_MESSAGES.emailInvalid],
      ['emailAddress', 'someone@hotmail.com', ADMIN_MESSAGES.emailDomain],
      ['emailAddress', 'someone@gmail.com.evil.ph', ADMIN_MESSAGES.emailDomain],
      ['phoneNumber', undefined, 'Phone number is required'],
      ['phoneNumber', '0917123456', ADMIN_MESSAGES.phoneInvalid],
      ['phoneNumber', '+63917123456', ADMIN_MESSAGES.phoneInvalid],
      ['phoneNumber', '08171234567', ADMIN_MESSAGES.phoneInvalid],
    ];
    it.each(cases)('refuses %s = %j with a message naming it', async (field, value, message) => {
      const account = newAccount();
      const body = Object.fromEntries(
        Object.entries<unknown>({ ...account, [field]: value }).filter(([, v]) => v !== undefined),
      );
      const before = smtp.messages.length;
      const response = await call('POST', '/api/admin/create-account', s.ma, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      const row = await s.t.app.services.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', account.username.toLowerCase())
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect(smtp.messages.length).toBe(before);
    });

    it('accepts upper-case e-mail domains and both phone forms', async () => {
      for (const [email, phone] of [
        ['Someone.Upper@GMAIL.COM', '09171234567'],
        ['someone.plus@Outlook.com', '+639171234567'],
        ['someone.y@yahoo.com', '09991234567'],
      ]) {
        const response = await call(
          'POST',
          '/api/admin/create-account',
          s.ma,
          newAccount({ emailAddress: email, phoneNumber: phone }),
        );
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it('e-mails a random initial password that must be changed at the first sign-in', async () => {
      const body = newAccount({ username: 'Rica.Mallari', emailAddress: 'rica.mallari@gmail.com' });
      const { response, mail, password } = await createAndReadMail(s.ma, body);
      expect(response.json()).toMatchObject({
        success: true,
        message: ADMIN_MESSAGES.accountCreated,
      });
      expect(mail.subject).toBe(ACCOUNT_EMAIL_SUBJECT);
      expect(mail.text).toContain('Username: Rica.Mallari');
      expect(mail.html).toContain('Rica.Mallari');
      // The client's guessable password is ignored; the server's suffix is random.
      expect(password).not.toBe(body.password);
      expect(password).toMatch(/^Rica\.Mallari#[A-Za-z0-9]{10}$/);
      const stored = await s.t.app.services.db
        .selectFrom('users')
        .select(['password_hash', 'is_default_password', 'position', 'language'])
        .where('username_key', '=', 'rica.mallari')
        .executeTakeFirstOrThrow();
      expect(stored.language).toBe('en');
      expect(mail.html).toContain('<html lang="en">');
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(stored.password_hash).not.toContain(password);
      expect(stored.is_default_password).toBe(1);
      expect(stored.position).toBeNull();

      const listed = (await call('GET', '/api/admin/users', s.ma))
        .json<{ users: Account[] }>()
        .users.find((u) => u.userName === 'Rica.Mallari');
      expect(listed).toMatchObject({ position: 'Not Assigned', status: 'Inactive' });

      const audit = await lastAudit(s.t.app, 'ACCOUNT_CREATED');
      expect(audit).toMatchObject({ module: 'Accounts', username: 'sb.admin' });
      expect(JSON.parse(audit.new_value ?? '{}')).toMatchObject({
        username: 'Rica.Mallari',
        barangay: 'San Bartolome',
        role: 'Not Assigned',
      });
      expect(audit.new_value).not.toContain(password);

      const first = await login(s.t.app, 'Rica.Mallari', password, 'San Bartolome');
      const blocked = await call('GET', '/api/user-data', first);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('DEFAULT_PASSWORD');
      const changed = await call('POST', '/api/login/change-credentials', first, {
        newUsername: 'rica.m',
        newPassword: 'Sariling#Pass9',
        currentUsername: 'Rica.Mallari',
        userID: first.userId,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const again = await login(s.t.app, 'rica.m', 'Sariling#Pass9', 'San Bartolome');
      expect((await call('GET', '/api/user-data', again)).statusCode).toBe(200);
      const after = (await call('GET', '/api/admin/users', s.ma))
        .json<{ users: Account[] }>()
        .users.find((u) => u.userName === 'rica.m');
      expect(after).toMatchObject({ status: 'Active', actualStatus: 'active' });
    });

    it("writes the mail in a Filipino administrator's language and gives the account it", async () => {
      const setLanguage = (language: string) =>
        call('PUT', '/api/account/language', s.ma, { language });
      expect((await setLanguage('fil')).statusCode).toBe(200);
      try {
        const body = newAccount({ username: 'Lito.Reyes', emailAddress: 'lito.reyes@gmail.com' });
        const response = await call('POST', '/api/admin/create-account', s.ma, body);
        expect(response.statusCode, response.body).toBe(200);
        // The API's answer stays the spec's English; only the mail follows the language.
        expect(response.json()).toMatchObject({ message: ADMIN_MESSAGES.accountCreated });
        const mail = await smtp.waitFor((m) => m.to.includes('lito.reyes@gmail.com'));
        expect(mail.subject).toBe(ACCOUNT_EMAIL_SUBJECTS.fil);
        expect(mail.subject).not.toBe(ACCOUNT_EMAIL_SUBJECT);
        expect(mail.text).toContain(`Magandang araw, ${body.fullName},`);
        expect(mail.text).toContain('ng SK Tanaw account para sa inyo sa Barangay San Bartolome.');
        expect(mail.text).toContain('Username: Lito.Reyes');
        const password = /Unang password: (\S+)/.exec(mail.text)?.[1] ?? '';
        expect(password).toMatch(/^Lito\.Reyes#[A-Za-z0-9]{10}$/);
        expect(mail.text).not.toMatch(/Hello|Initial password|created an SK Tanaw account/);
        expect(mail.html).toContain('<html lang="fil">');
        expect(mail.html).toContain(password);
        const stored = await s.t.app.services.db
          .selectFrom('users')
          .select('language')
          .where('username_key', '=', 'lito.reyes')
          .executeTakeFirstOrThrow();
        expect(stored.language).toBe('fil');
        // The new account signs in with the mailed password, and its language is Filipino.
        const first = await login(s.t.app, 'Lito.Reyes', password, 'San Bartolome');
        const language = await call('GET', '/api/account/language', first);
        expect(language.statusCode, language.body).toBe(200);
        expect(language.json()).toMatchObject({ language: 'fil' });
      } finally {
        expect((await setLanguage('en')).statusCode).toBe(200);
      }
    });

    it('gives two accounts different initial passwords', async () => {
      const a = await createAndReadMail(s.ma, newAccount());
      const b = await createAndReadMail(s.ma, newAccount());
      expect(a.password.split('#')[1]).not.toBe(b.password.split('#')[1]);
    });

    it('answers 409 naming the username or the e-mail address already in use', async () => {
      const taken = await call(
        'POST',
        '/api/admin/create-account',
        s.ma,
        newAccount({ username: 'SB.ADMIN' }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        message: ADMIN_MESSAGES.usernameTaken,
        code: 'USERNAME_TAKEN',
      });
      const email = await call(
        'POST',
        '/api/admin/create-account',
        s.ma,
        newAccount({ emailAddress: 'NN.Admin.Demo@outlook.com' }),
      );
      expect(email.statusCode).toBe(409);
      expect(email.json()).toMatchObject({
        message: ADMIN_MESSAGES.emailTaken,
        code: 'EMAIL_TAKEN',
      });
    });

    it("creates in the admin's own barangay only, under either spelling of Nagkaisang", async () => {
      const other = await call(
        'POST',
        '/api/admin/create-account',
        s.ma,
        newAccount({ barangay: 'Nagkaisang Ngayon' }),
      );
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({
        code: 'OTHER_BARANGAY',
        message: ADMIN_MESSAGES.otherBarangay,
      });
      for (const spelling of ['Nagkaisang Ngayon', 'Nagkaisang Nayon']) {
        const body = newAccount({ barangay: spelling });
        const { mail } = await createAndReadMail(s.sa, body);
        expect(mail.text).toContain('Barangay: Nagkaisang Nayon');
      }
    });

    it('creates nothing when the e-mail cannot be sent', async () => {
      const broken = await createTestApp(dialect, {
        env: { SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' },
      });
      try {
        const admin = await loginAs(broken.app, 'MA');
        const response = await broken.app.inject({
          method: 'POST',
          url: '/api/admin/create-account',
          headers: admin.headers,
          payload: newAccount({ username: 'never.created' }),
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ success: false, code: 'MAIL_FAILED' });
        const row = await broken.app.services.db
          .selectFrom('users')
          .select('id')
          .where('username_key', '=', 'never.created')
          .executeTakeFirst();
        expect(row).toBeUndefined();
      } finally {
        await broken.close();
      }
    });
  });

  describe('roles', () => {
    it('lists the roles from the roles table', async () => {
      const response = await call('GET', '/api/roles/all', s.ma);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        roles: ROLE_DEFINITIONS.map((r) => ({
          roleID: r.code,
          roleName: r.name,
          description: r.description,
        })),
      });
    });

    it("lists active users with their role or 'Not Assigned' and the account summary", async () => {
      await call(
        'POST',
        '/api/admin/create-account',
        s.ma,
        newAccount({ username: 'no.role.yet' }),
      );
      const response = await call('GET', '/api/roles/users', s.ma);
      const body = response.json<{
        users: Account[];
        summary: { total: number; active: number; archived: number };
      }>();
      expect(body.users.find((u) => u.userName === 'no.role.yet')?.position).toBe('Not Assigned');
      expect(body.users.find((u) => u.userName === 'sb.chair')?.position).toBe('SKC');
      expect(body.users.every((u) => !u.isArchived)).toBe(true);
      const counts = await s.t.app.services.db
        .selectFrom('users')
        .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
        .select(['users.is_archived'])
        .where('barangays.code', '=', 'SB')
        .execute();
      expect(body.summary).toEqual({
        total: counts.length,
        active: counts.filter((c) => c.is_archived === 0).length,
        archived: counts.filter((c) => c.is_archived === 1).length,
      });
    });

    it('assigns a role, ends that user’s sessions and audits old and new role', async () => {
      const user = await signInNewUser(s.t.app, { position: null });
      expect((await call('GET', '/api/user-data', user)).statusCode).toBe(200);
      const response = await call('POST', '/api/roles/assignRole', s.ma, {
        userId: user.userId,
        position: 'SKO',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: ADMIN_MESSAGES.roleAssigned });
      const old = await call('GET', '/api/user-data', user);
      expect(old.statusCode).toBe(401);
      const audit = await lastAudit(s.t.app, 'ROLE_ASSIGNED');
      expect(audit.module).toBe('User Roles');
      expect(JSON.parse(audit.old_value ?? '{}')).toEqual({
        user: user.username,
        role: 'Not Assigned',
      });
      expect(JSON.parse(audit.new_value ?? '{}')).toEqual({
        user: user.username,
        role: 'SKO (SK Official)',
      });
      const again = await login(s.t.app, user.username, undefined, 'San Bartolome');
      const info = (await call('GET', '/api/user-data', again)).json<{
        userInfo: { position: string };
      }>();
      expect(info.userInfo.position).toBe('SKO');

      await call('POST', '/api/roles/assignRole', s.ma, { userId: user.userId, position: 'SKC' });
      const change = await lastAudit(s.t.app, 'ROLE_ASSIGNED');
      expect(JSON.parse(change.old_value ?? '{}').role).toBe('SKO (SK Official)');
      expect(JSON.parse(change.new_value ?? '{}').role).toBe('SKC (SK Chairperson)');
    });

    it('accepts exactly MA, SA, SKC or SKO', async () => {
      const target = await userIdOf(s.t.app, 'sb.official');
      for (const position of ['ADMIN', 'sko', '', undefined, 'Main Administrator']) {
        const response = await call('POST', '/api/roles/assignRole', s.ma, {
          userId: target,
          position,
        });
        expect(response.statusCode, String(position)).toBe(400);
        expect(response.json().message).toContain(ADMIN_MESSAGES.selectRole);
      }
      for (const userId of [undefined, 'abc', 0, -3]) {
        const response = await call('POST', '/api/roles/assignRole', s.ma, {
          userId,
          position: 'SKO',
        });
        expect(response.statusCode, String(userId)).toBe(400);
        expect(response.json().message).toContain('userId');
      }
      const unknown = await call('POST', '/api/roles/assignRole', s.ma, {
        userId: 999999,
        position: 'SKO',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses to let an administrator demote themself, and changes nothing', async () => {
      const self = await signInNewUser(s.t.app, { position: 'SA' });
      const response = await call('POST', '/api/roles/assignRole', self, {
        userId: self.userId,
        position: 'SKO',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'DEMOTE_SELF',
        message: ADMIN_MESSAGES.demoteSelf,
      });
      expect((await call('GET', '/api/admin/users', self)).statusCode).toBe(200);
      // Moving between the two administrator roles keeps the admin in.
      const lateral = await call('POST', '/api/roles/assignRole', self, {
        userId: self.userId,
        position: 'MA',
      });
      expect(lateral.statusCode).toBe(200);
    });
  });

  describe('account archive', () => {
    it('archives: sessions end at once, sign-in refused; restore brings it back unchanged', async () => {
      const user = await signInNewUser(s.t.app, { position: 'SKC' });
      const archived = await call('POST', `/api/admin/archive/accounts/${user.userId}`, s.ma);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json().message).toMatch(/^User Admin Extra \d+ archived successfully\.$/);
      expect((await call('GET', '/api/user-data', user)).statusCode).toBe(401);
      const refused = await s.t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: 'Tanaw#2025', barangay: 'San Bartolome' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.invalidCredentials);

      const list = (await call('GET', '/api/admin/archive/accounts', s.ma)).json<{
        data: Account[];
      }>();
      expect(list.data.find((u) => u.userID === user.userId)).toMatchObject({
        isArchived: true,
        archivedBy: 'Andrea Villanueva',
        position: 'SKC',
      });
      const roles = (await call('GET', '/api/roles/users', s.ma)).json<{ users: Account[] }>();
      expect(roles.users.some((u) => u.userID === user.userId)).toBe(false);
      const audit = await lastAudit(s.t.app, 'ACCOUNT_ARCHIVED');
      expect(JSON.parse(audit.old_value ?? '{}')).toMatchObject({
        user: user.username,
        status: 'Active',
      });
      expect(JSON.parse(audit.new_value ?? '{}')).toMatchObject({
        status: 'Archived',
        archivedBy: 'Andrea Villanueva',
      });

      const again = await call('POST', `/api/admin/archive/accounts/${user.userId}`, s.ma);
      expect(again.statusCode).toBe(409);

      const restored = await call(
        'POST',
        `/api/admin/archive/accounts/restore/${user.userId}`,
        s.ma,
      );
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toEqual({ success: true, message: ADMIN_MESSAGES.accountRestored });
      const back = await login(s.t.app, user.username, undefined, 'San Bartolome');
      const info = (await call('GET', '/api/user-data', back)).json<{
        userInfo: { position: string };
      }>();
      expect(info.userInfo.position).toBe('SKC');
      const restoreAudit = await lastAudit(s.t.app, 'ACCOUNT_RESTORED');
      expect(JSON.parse(restoreAudit.old_value ?? '{}')).toMatchObject({
        status: 'Archived',
        archivedBy: 'Andrea Villanueva',
      });
      expect(JSON.parse(restoreAudit.new_value ?? '{}')).toMatchObject({
        status: 'Active',
        role: 'SKC (SK Chairperson)',
      });
      const notArchived = await call(
        'POST',
        `/api/admin/archive/accounts/restore/${user.userId}`,
        s.ma,
      );
      expect(notArchived.statusCode).toBe(409);
    });

    it('refuses to let an administrator archive themself', async () => {
      const response = await call('POST', `/api/admin/archive/accounts/${s.ma.userId}`, s.ma);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ARCHIVE_SELF');
      expect((await call('GET', '/api/admin/users', s.ma)).statusCode).toBe(200);
    });

    it('keeps at least one administrator in the barangay', async () => {
      // A second administrator archives the first, then cannot be left without any.
      const second = await signInNewUser(s.t.app, { position: 'SA', barangay: 'NN' });
      const nnAdmin = await userIdOf(s.t.app, 'nn.admin');
      const others = await s.t.app.services.db
        .selectFrom('users')
        .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
        .select('users.id')
        .where('barangays.code', '=', 'NN')
        .where('users.position', 'in', ['MA', 'SA'])
        .where('users.id', 'not in', [nnAdmin, second.userId])
        .execute();
      expect(others).toEqual([]);
      const archived = await call('POST', `/api/admin/archive/accounts/${nnAdmin}`, second);
      expect(archived.statusCode).toBe(200);
      const self = await call('POST', '/api/roles/assignRole', second, {
        userId: second.userId,
        position: 'SKO',
      });
      expect(self.statusCode).toBe(403);
      const restored = await call('POST', `/api/admin/archive/accounts/restore/${nnAdmin}`, second);
      expect(restored.statusCode).toBe(200);
      s.sa = await loginAs(s.t.app, 'SA', 'NN');
    });
  });
});
