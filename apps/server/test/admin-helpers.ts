import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import {
  createTestApp,
  login,
  loginAs,
  type Session,
  type TestApp,
  type TestAppOptions,
} from './helpers.ts';

let extra = 0;

/** A user written straight into the database (any position, flags), then signed in. */
export async function signInNewUser(
  app: FastifyInstance,
  options: { position: string | null; barangay?: 'SB' | 'NN'; defaultPassword?: boolean },
): Promise<Session & { username: string }> {
  const { db, hasher } = app.services;
  const barangay = await db
    .selectFrom('barangays')
    .select(['id', 'name'])
    .where('code', '=', options.barangay ?? 'SB')
    .executeTakeFirstOrThrow();
  extra += 1;
  const username = `adm.extra${extra}`;
  const stamp = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      barangay_id: barangay.id,
      username,
      username_key: username,
      password_hash: await hasher.hash(DEMO_PASSWORD),
      full_name: `Admin Extra ${extra}`,
      position: options.position,
      email: `${username}@gmail.com`,
      phone: '09170000098',
      is_default_password: options.defaultPassword ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { ...(await login(app, username, DEMO_PASSWORD, barangay.name)), username };
}

export async function userIdOf(app: FastifyInstance, username: string): Promise<number> {
  const row = await app.services.db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditRow {
  module: string;
  action: string;
  username: string | null;
  description: string;
  old_value: string | null;
  new_value: string | null;
}

/** The newest audit entry with this action. */
export async function lastAudit(app: FastifyInstance, action: string): Promise<AuditRow> {
  return app.services.db
    .selectFrom('audit_log')
    .select(['module', 'action', 'username', 'description', 'old_value', 'new_value'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** What an admin test file works with: its app and the callers every admin rule is tried with. */
export interface AdminSuite {
  t: TestApp;
  /** The demo municipal admin of San Bartolome. */
  ma: Session;
  /** The demo system admin, of the other barangay. */
  sa: Session;
  skc: Session;
  sko: Session;
  /** An admin still on the default password (refused everywhere but the password change). */
  defaultAdmin: Session & { username: string };
}

/**
 * Registers the beforeAll and afterAll of an admin test file on one dialect and returns the
 * suite, filled in by that beforeAll. `options` is read when the app is built, so it may use
 * what an earlier beforeAll set up (an SMTP capture).
 */
export function adminSuite(
  dialect: DialectName,
  options: () => TestAppOptions = () => ({}),
): AdminSuite {
  const suite = {} as AdminSuite;
  beforeAll(async () => {
    const t = await createTestApp(dialect, options());
    suite.t = t;
    [suite.ma, suite.sa, suite.skc, suite.sko] = await Promise.all([
      loginAs(t.app, 'MA', 'SB'),
      loginAs(t.app, 'SA', 'NN'),
      loginAs(t.app, 'SKC', 'SB'),
      loginAs(t.app, 'SKO', 'SB'),
    ]);
    suite.defaultAdmin = await signInNewUser(t.app, { position: 'MA', defaultPassword: true });
  }, 180_000);
  afterAll(async () => {
    await suite.t.close();
  });
  return suite;
}
