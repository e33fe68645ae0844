// A Kysely query built and compiled once per dialect, run many times with new values. Kysely builds
// a tree of frozen nodes and compiles it to SQL on every call; for the few statements that run
// once per registration under load (the row, its live change) that was a tenth of the request's
// time (docs/decisions/0125). The query is written with Kysely as any other: its values are
// placeholders, marked so that each becomes the parameter it stands for, whatever order the
// compiler puts them in. On PostgreSQL its text runs as a named prepared statement, parsed and
// planned once per connection (prepared-on-postgres.ts).
import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';
import { keepPrepared } from './prepared-on-postgres.ts';
import type { Database } from './schema.ts';

/** A value that stands for `values[key]` when the compiled query runs. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * `build(placeholders)` is the query with `placeholders[key]` where each value goes; the result
 * turns values into that query, compiled for the executor's dialect (compiled on first use). Only
 * values written as parameters may be placeholders (not identifiers, not `sql.lit`).
 */
export function queryTemplate<Values extends Record<string, unknown>, Output>(
  keys: ReadonlyArray<keyof Values & string>,
  build: (db: Kysely<Database>, placeholders: Values) => Compilable<Output>,
): (db: Kysely<Database>, values: Values) => CompiledQuery<Output> {
  const compiled = new Map<boolean, { query: CompiledQuery<Output>; slots: Array<Slot | null> }>();
  return (db, values) => {
    const postgres = isPostgres(db);
    let template = compiled.get(postgres);
    if (!template) {
      const placeholders = Object.fromEntries(keys.map((key) => [key, new Slot(key)])) as Values;
      const query = build(db, placeholders).compile();
      if (postgres) keepPrepared(query.sql);
      const slots = query.parameters.map((p) => (p instanceof Slot ? p : null));
      const missing = keys.filter((key) => !slots.some((slot) => slot?.key === key));
      if (missing.length > 0) throw new Error(`query template without ${missing.join(', ')}`);
      template = { query, slots };
      compiled.set(postgres, template);
    }
    const { query, slots } = template;
    return {
      ...query,
      queryId: createQueryId(),
      parameters: slots.map((slot, i) => (slot ? values[slot.key] : query.parameters[i])),
    };
  };
}
