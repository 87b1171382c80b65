// Other clients creating and dropping schemas while this app migrates its own (parallel test
// files, other apps on the same server): Kysely's migrator reads the whole catalogue, and a schema
// dropped during that read must not fail our migration.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migrations on PostgreSQL while other schemas come and go', () => {
  it('migrates every new schema while another client keeps creating and dropping schemas', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    const prefix = `churn_${randomBytes(4).toString('hex')}`;
    const state = { stop: false };
    // Schemas with a few tables each, dropped again at once, as fast as the server allows.
    const churning = (async () => {
      for (let i = 0; !state.stop; i += 1) {
        const name = `${prefix}_${String(i)}`;
        await churn.query(
          `create schema ${name}; create table ${name}.a (id serial primary key, t text);
           create table ${name}.b (id serial primary key); create table ${name}.c (x int)`,
        );
        await churn.query(`drop schema ${name} cascade`);
      }
    })();
    const schemas = Array.from({ length: 12 }, () => `t_${randomBytes(6).toString('hex')}`);
    try {
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(
          schemas.slice(round * 4, round * 4 + 4).map(async (schema) => {
            const database = createDatabase({
              databaseUrl: url,
              databaseSchema: schema,
              dataDir: '',
            });
            try {
              await migrateToLatest(database);
            } finally {
              await database.destroy();
            }
          }),
        );
      }
    } finally {
      state.stop = true;
      await churning;
      for (const schema of schemas) {
        await churn.query(`drop schema if exists ${schema} cascade`);
      }
      await churn.end();
    }
    expect(schemas).toHaveLength(12);
  }, 180_000);
});
