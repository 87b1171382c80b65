// Queries on the hot path (the session check every signed-in call makes) built and compiled by
// Kysely once per dialect instead of on every call: building a join with a dozen columns costs
// tens of microseconds, running the compiled statement a few.
import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database.ts';

interface Compiled {
  query: CompiledQuery;
  /** For each parameter of the compiled query: the argument it takes, or -1 (a constant). */
  sources: number[];
}

/** Markers passed as arguments while compiling, so their places among the parameters show. */
const marker = (index: number) => `\u0000compiled-once-argument-${String(index)}\u0000`;

export interface CompiledOnce<Args extends unknown[], Row> {
  /** The first row, or undefined. */
  first(db: Executor, ...args: Args): Promise<Row | undefined>;
  /** Every row. */
  all(db: Executor, ...args: Args): Promise<Row[]>;
}

/**
 * Wraps a query builder `make(db, ...args)` so that each dialect builds and compiles it once;
 * later calls put their arguments into the compiled parameters. `make` must use every argument
 * only as a value (`where(x, '=', arg)`), never to choose the query's shape.
 */
export function compiledOnce<Args extends unknown[], Row>(
  make: (db: Executor, ...args: Args) => Compilable<Row>,
): CompiledOnce<Args, Row> {
  const byAdapter = new Map<unknown, Compiled>();
  function bind(db: Executor, args: Args): CompiledQuery<Row> {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const markers = args.map((_, i) => marker(i)) as Args;
      const query = make(db, ...markers).compile();
      const sources = query.parameters.map((value) =>
        typeof value === 'string' ? markers.indexOf(value) : -1,
      );
      if (new Set(sources.filter((s) => s >= 0)).size !== args.length) {
        throw new Error('compiledOnce: every argument must appear once as a query value');
      }
      compiled = { query, sources };
      byAdapter.set(adapter, compiled);
    }
    const { query, sources } = compiled;
    const parameters = query.parameters.map((value, i) => {
      const source = sources[i] ?? -1;
      return source >= 0 ? args[source] : value;
    });
    return CompiledQuery.raw(query.sql, parameters);
  }
  return {
    async first(db, ...args) {
      return (await db.executeQuery(bind(db, args))).rows[0];
    },
    async all(db, ...args) {
      return (await db.executeQuery(bind(db, args))).rows;
    },
  };
}
