// LOAD_SPREAD=city ("the load bench with users spread over 142 barangays"): before the
// load, the city brings in every barangay of Quezon City the way a city would, through the
// product's own calls, with its e-mails read from a real SMTP server on loopback:
//   qc.admin activates the barangay and creates its administrator; the link
//   e-mailed sets the administrator's password; the administrator creates the chairperson's and
//   an official's accounts and gives them their roles (spec section 8); each signs in once with
//   the e-mailed initial password and chooses a password (the spec's first sign-in).
// Nothing is written to the database behind the server's back.
import {
  startSmtpCapture,
  type ReceivedMail,
  type SmtpCapture,
} from '../apps/server/test/helpers.ts';

export interface LoadAccount {
  username: string;
  barangay: string;
  role: 'SKO' | 'SKC';
}

interface Onboarding {
  /** The SMTP_URL the server is started with. */
  smtpUrl: string;
  /** Brings in every barangay of the city with no accounts; returns their chair's and official's. */
  onboard(base: string, password: string, skip: ReadonlySet<string>): Promise<LoadAccount[]>;
  close(): Promise<void>;
}

const json = { 'content-type': 'application/json' };

async function call<T>(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, ...json },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${String(response.status)} ${text.slice(0, 200)}`);
  }
  return JSON.parse(text) as T;
}

async function signIn(
  base: string,
  username: string,
  password: string,
  barangay: string,
): Promise<{ headers: Record<string, string>; userId: number }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password, barangay }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`sign-in of ${username}: ${String(response.status)} ${text.slice(0, 200)}`);
  }
  const body = JSON.parse(text) as { token: string; user: { userId: number } };
  const cookie =
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith('tanaw_fp=')) ?? '';
  return { headers: { authorization: `Bearer ${body.token}`, cookie }, userId: body.user.userId };
}

function matchIn(mail: ReceivedMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text)?.[1];
  if (!found) {
    throw new Error(`nothing matching ${String(pattern)} in the e-mail "${mail.subject}"`);
  }
  return found;
}

/** One barangay brought in: its administrator, then its chairperson's and official's accounts. */
async function onboardOne(
  base: string,
  smtp: SmtpCapture,
  city: { headers: Record<string, string> },
  barangay: { code: string; name: string; active: boolean },
  password: string,
): Promise<LoadAccount[]> {
  const prefix = barangay.code.toLowerCase();
  if (!barangay.active) {
    await call(base, 'PUT', `/api/city/barangays/${barangay.code}/active`, city.headers, {
      active: true,
    });
  }
  const adminEmail = `bench.${prefix}.admin@gmail.com`;
  await call(base, 'POST', `/api/city/barangays/${barangay.code}/admin`, city.headers, {
    username: `${prefix}.admin`,
    fullName: `Administrator of ${barangay.name}`,
    emailAddress: adminEmail,
    language: 'en',
  });
  const link = await smtp.waitFor((m) => m.to.includes(adminEmail), 30_000);
  const token = matchIn(link, /\/city\?token=([0-9]+\.[A-Za-z0-9_-]+)/);
  await call(base, 'POST', '/api/onboarding/password', {}, { token, newPassword: password });
  // The code signs in: two barangays of an installation may share a name, a code never.
  const admin = await signIn(base, `${prefix}.admin`, password, barangay.code);
  const accounts: LoadAccount[] = [];
  for (const [role, suffix] of [
    ['SKC', 'chair'],
    ['SKO', 'official'],
  ] as const) {
    const username = `${prefix}.${suffix}`;
    const email = `bench.${username}@gmail.com`;
    const created = await call<{ userID: number }>(
      base,
      'POST',
      '/api/admin/create-account',
      admin.headers,
      {
        username,
        fullName: `${suffix === 'chair' ? 'Chairperson' : 'Official'} of ${barangay.name}`,
        barangay: barangay.name,
        emailAddress: email,
        phoneNumber: '09171234567',
      },
    );
    await call(base, 'POST', '/api/roles/assignRole', admin.headers, {
      userId: created.userID,
      position: role,
    });
    const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
    const initial = matchIn(mail, /Initial password: (\S+)/);
    const first = await signIn(base, username, initial, barangay.code);
    await call(base, 'POST', '/api/login/change-credentials', first.headers, {
      newUsername: username,
      newPassword: password,
      currentUsername: username,
      userID: first.userId,
    });
    accounts.push({ username, barangay: barangay.code, role });
  }
  return accounts;
}

export async function cityOnboarding(): Promise<Onboarding> {
  const smtp = await startSmtpCapture();
  return {
    smtpUrl: smtp.url,
    async onboard(base, password, skip) {
      const city = await signIn(base, 'qc.admin', password, 'Quezon City');
      const { barangays } = await call<{
        barangays: { code: string; name: string; active: boolean; hasAdmin: boolean }[];
      }>(base, 'GET', '/api/city/barangays', city.headers);
      const todo = barangays.filter((b) => !b.hasAdmin && !skip.has(b.name));
      const started = performance.now();
      const accounts: LoadAccount[] = [];
      // Four at a time: a city's administrator, not a flood (each account hashes passwords).
      for (let i = 0; i < todo.length; i += 4) {
        const batch = await Promise.all(
          todo.slice(i, i + 4).map((b) => onboardOne(base, smtp, city, b, password)),
        );
        accounts.push(...batch.flat());
      }
      console.log(
        `onboarded ${String(todo.length)} barangays of Quezon City through the API (${String(accounts.length)} council accounts) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      return accounts;
    },
    close: () => smtp.close(),
  };
}
