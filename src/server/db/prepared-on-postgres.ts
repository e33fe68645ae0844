// Statements PostgreSQL keeps parsed and planned on each connection (named prepared statements),
// instead of parsing and planning them again on every run: the query templates (query-template.ts),
// whose text never changes, among them the grouped registration insert (decision 0151). Kysely's
// PostgreSQL driver runs every query unnamed, so each new connection of the pool gets a `query`
// that runs a registered text under its name; any other text runs as before. On each connection
// PostgreSQL prepares a named statement once, when the connection first runs it.
import type pg from 'pg';

const names = new Map<string, string>();

/** From now on, `text` runs as a named prepared statement on every connection. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `inscricoes_${names.size + 1}`);
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** For the pool's `connect` event: this connection runs the registered texts by name. */
export function runKeptStatementsPrepared(client: pg.PoolClient): void {
  const query = (client.query as Query).bind(client);
  const named: Query = (config, values, callback) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (!name || callback !== undefined) return query(config, values, callback);
    return query({ name, text: config, values });
  };
  Object.assign(client, { query: named });
}
