import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import type { Session } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

/**
 * Runs SQL queries on the app's database through its driver, not through the app's code: `use`
 * gets a query function on one connection, closed when it returns.
 */
async function withRawConnection<T>(
  database: Database,
  use: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (database.dialect === 'sqlite') {
    const conn = new SQLite(database.file ?? '', { readonly: true });
    try {
      return await use((text) =>
        Promise.resolve(conn.prepare(text).all() as Record<string, unknown>[]),
      );
    } finally {
      conn.close();
    }
  }
  const client = new pg.Client({
    connectionString: database.url,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  await client.connect();
  try {
    return await use(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

/** Runs one SQL query on the app's database through its driver, not through the app's code. */
export function rawQuery(database: Database, text: string): Promise<Record<string, unknown>[]> {
  return withRawConnection(database, (query) => query(text));
}

/**
 * Every backed-up table's rows, read independently of the backup code: table -> rows sorted, each
 * row a JSON text with its keys sorted, so SQLite and PostgreSQL data compare equal. Kysely's
 * tables and install_state (the installation's own values) are never in a backup. One connection
 * reads them all (a PostgreSQL connection per table cost seconds per call on a busy machine).
 */
export function allRows(database: Database): Promise<Record<string, string[]>> {
  return withRawConnection(database, async (query) => {
    const tables = await query(
      database.dialect === 'sqlite'
        ? `select name from sqlite_master where type = 'table'
           and name not like 'sqlite%' and name not like 'kysely%' and name <> 'install_state'`
        : `select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_name not like 'kysely%'
           and table_name <> 'install_state'`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await query(`select * from "${String(name)}"`);
      result[String(name)] = rows
        .map((row) =>
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((k) => [k, row[k]]),
          ),
        )
        .sort();
    }
    return result;
  });
}

/**
 * allRows without what a restore itself changes: sessions end, an audit entry, and the raw-data
 * version numbers (moved past the live ones).
 */
export function withoutRestoreEffects(rows: Record<string, string[]>): Record<string, string[]> {
  const { sessions: _s, audit_log: _a, raw_data_versions: versions = [], ...rest } = rows;
  const unnumbered = versions.map((row) =>
    JSON.stringify((JSON.parse(row) as [string, unknown][]).filter(([k]) => k !== 'version')),
  );
  return { ...rest, raw_data_versions: unnumbered.sort() };
}

/** Stored documents: name -> SHA-256. */
export function documentHashes(dataDir: string): Record<string, string> {
  const dir = join(dataDir, 'uploads');
  const result: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return result;
  }
  for (const name of names.sort()) {
    if (!name.startsWith('.')) {
      result[name] = createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex');
    }
  }
  return result;
}

/** Raw budget data with awkward values: centavos, nulls, non-ASCII text, quotes. */
export async function addRawData(database: Database, ppas: number, years = 5): Promise<void> {
  const db = database.db;
  const barangay = await db
    .selectFrom('barangays')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const stamp = '2026-01-02T03:04:05.678Z';
  const existing = await db
    .selectFrom('raw_ppas')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const start = existing.n;
  const chunk = 200;
  for (let at = 0; at < ppas; at += chunk) {
    const rows = [];
    for (let i = at; i < Math.min(ppas, at + chunk); i++) {
      const n = start + i;
      rows.push({
        barangay_id: barangay.id,
        ppa: `Pagsasanay sa "liderato" ñ #${n}`,
        category: n % 2 ? 'Education' : 'Health',
        committee: n % 3 ? 'Youth Employment' : 'Sports',
        ppa_key: `ppa-${n}`,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    const inserted = await db.insertInto('raw_ppas').values(rows).returning('id').execute();
    const values = inserted.flatMap(({ id }, i) =>
      Array.from({ length: years }, (_, y) => ({
        ppa_id: id,
        year: 2020 + y,
        target: y % 4 === 3 ? null : `Target ${i}/${y}: 50 youth`,
        budget: y % 5 === 4 ? null : 1000 * (i + 1) + y + 0.25,
      })),
    );
    for (let v = 0; v < values.length; v += 1000) {
      await db
        .insertInto('raw_values')
        .values(values.slice(v, v + 1000))
        .execute();
    }
  }
}

export async function createBackup(app: FastifyInstance, session: Session) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/backup',
    headers: session.headers,
  });
  return response;
}

export function backupBytes(dataDir: string, name: string): Buffer {
  return readFileSync(join(dataDir, 'backups', name));
}

export function installJson(app: FastifyInstance, session: Session, bytes: Buffer) {
  return app.inject({
    method: 'POST',
    url: '/api/backup/install',
    headers: session.headers,
    payload: { file: bytes.toString('base64') },
  });
}

export function installMultipart(app: FastifyInstance, session: Session, bytes: Buffer) {
  const body = multipart({}, { name: 'file', fileName: 'install.bak', content: bytes });
  return app.inject({
    method: 'POST',
    url: '/api/backup/install',
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  });
}
