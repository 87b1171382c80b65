import { sql } from 'kysely';
import type { Database } from './database.ts';

/** A column as the database itself reports it. */
export interface ColumnInfo {
  nullable: boolean;
}

/** Table name -> column name -> facts, for the app's own tables (not Kysely's bookkeeping). */
export type SchemaInfo = Record<string, Record<string, ColumnInfo>>;

const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * Reads the tables and columns that exist in the app's database: SQLite `pragma table_info`,
 * PostgreSQL `information_schema` of the app's schema (the search path's first schema).
 */
export async function describeSchema(database: Database): Promise<SchemaInfo> {
  const info: SchemaInfo = {};
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select table_name, column_name, is_nullable
      from information_schema.columns
      where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(database.db);
    for (const row of rows) {
      if (BOOKKEEPING.has(row.table_name)) {
        continue;
      }
      (info[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === 'YES' };
    }
    return info;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%'
    order by name`.execute(database.db);
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) {
      continue;
    }
    const { rows: columns } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${name})`.execute(database.db);
    const keyColumns = columns.filter((c) => c.pk > 0);
    const columnInfo: Record<string, ColumnInfo> = {};
    for (const column of columns) {
      // A lone INTEGER PRIMARY KEY is the rowid: never null, though pragma says notnull = 0.
      const isRowid =
        column.pk > 0 && keyColumns.length === 1 && column.type.toLowerCase() === 'integer';
      columnInfo[column.name] = { nullable: column.notnull === 0 && !isRowid };
    }
    info[name] = columnInfo;
  }
  return info;
}
