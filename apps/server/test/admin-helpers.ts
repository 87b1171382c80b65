import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { login, type Session } from './helpers.ts';

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
