// Locks that hold across every server process of an installation: PostgreSQL session-level
// advisory locks, named per schema, held on one pooled connection for as long as the work runs
// (the database releases them by itself if that connection or its process dies). On SQLite one
// process owns the database file, so the work simply runs.
import { sql } from 'kysely';
import type { Database } from './database.ts';

const keyOf = (database: Database, name: string) => `sk-tanaw:${name}:${database.schema ?? ''}`;

/** Runs `work` holding the installation-wide lock `name`, waiting for it if another holds it. */
export async function withInstallLock<T>(
  database: Database,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'postgres') {
    return work();
  }
  const key = keyOf(database, name);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtextextended(${key}, 0))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(conn);
    }
  });
}

export type TryLockResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` only if the installation-wide lock `name` is free (another process holding it means
 * the work is being done there): `{ ran: false }` without waiting otherwise.
 */
export async function tryInstallLock<T>(
  database: Database,
  name: string,
  work: () => Promise<T>,
): Promise<TryLockResult<T>> {
  if (database.dialect !== 'postgres') {
    return { ran: true, value: await work() };
  }
  const key = keyOf(database, name);
  return database.db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`.execute(conn);
    if (!rows[0]?.locked) {
      return { ran: false };
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(conn);
    }
  });
}
