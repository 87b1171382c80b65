// A demo-seeded installation built once per test file and copied for each case. Seeding the demo
// (argon2 hashes of every demo account, thousands of rows) takes 15-25 s on a busy two-core
// machine; a copy takes about a second. Each copy is a data folder of its own and, on
// PostgreSQL, a database of its own made from the built one (CREATE DATABASE ... TEMPLATE), so
// the cases stay as isolated as with a server seeded for each.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DialectName } from '../src/db/database.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { newSchemaName } from './helpers.ts';

/** The environment of a server on `dataDir` (and `schema` on PostgreSQL). */
export type EnvFor = (dataDir: string, schema: string | null) => Record<string, string>;

export interface InstallCopy {
  dataDir: string;
  /** PostgreSQL: the schema holding the data (the same name in every copy), else null. */
  schema: string | null;
  /** PostgreSQL: the URL of the copy's own database. */
  databaseUrl: string | null;
  /** `envFor` of the copy, pointing at its folder and database. */
  env: Record<string, string>;
  /** Drops the copy's database and removes its folder. */
  remove(): Promise<void>;
}

export interface SeededInstalls {
  /** A copy of the seeded installation (built on the first call). */
  copy(): Promise<InstallCopy>;
  /** Removes the built installation; copies are removed on their own. */
  dispose(): Promise<void>;
}

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A seeded installation on `dialect`, built by the app itself (migrations and demo seed) with the
 * environment `envFor` gives, then closed; `copy` hands out copies of it.
 */
export function seededInstalls(dialect: DialectName, envFor: EnvFor): SeededInstalls {
  const tag = randomBytes(6).toString('hex');
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  const templateDb = `tanaw_seeded_${tag}`;
  let dataDir: string | undefined;
  let built: Promise<void> | undefined;
  let copies = 0;

  const withUrl = (env: Record<string, string>, url: string | null) =>
    url === null ? env : { ...env, DATABASE_URL: url };

  async function build(): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), 'tanaw-seeded-'));
    if (schema !== null) {
      await onServer(`create database ${templateDb}`);
    }
    const url = schema === null ? null : databaseUrl(templateDb);
    const app = await buildApp(loadConfig(withUrl(envFor(dataDir, schema), url)));
    // Closed: no connection may stay on a template database, and SQLite leaves a whole file.
    await app.close();
  }

  return {
    async copy() {
      built ??= build();
      await built;
      const dir = mkdtempSync(join(tmpdir(), 'tanaw-copy-'));
      cpSync(dataDir ?? '', dir, { recursive: true });
      let url: string | null = null;
      let name = '';
      if (schema !== null) {
        copies += 1;
        name = `${templateDb}_${String(copies)}`;
        await onServer(`create database ${name} template ${templateDb}`);
        url = databaseUrl(name);
      }
      return {
        dataDir: dir,
        schema,
        databaseUrl: url,
        env: withUrl(envFor(dir, schema), url),
        async remove() {
          if (name) {
            await onServer(`drop database if exists ${name} with (force)`);
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    async dispose() {
      if (built) {
        await built.catch(() => undefined);
        if (schema !== null) {
          await onServer(`drop database if exists ${templateDb} with (force)`);
        }
        if (dataDir) {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
  };
}
