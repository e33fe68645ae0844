// A store for @fastify/rate-limit that counts in our database (rate-limit-windows.repository.ts),
// so the limit holds across instances on PostgreSQL without a Redis to run. The plugin creates
// one per route through child(), with the route's options.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hit } from './rate-limit-windows.repository.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What the plugin passes child() at run time: the merged options, with the route's. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The class @fastify/rate-limit's `store` option takes (it calls `new Store(options)`). */
export function databaseRateLimitStore(db: Kysely<Database>) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // Each route counts apart.
      const { method = '', url = '' } = (options as ChildOptions).routeInfo ?? {};
      return new DatabaseRateLimitStore(options, `${[method].flat().join(',')} ${url} `);
    }
  };
}
