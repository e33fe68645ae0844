// What the app's plugins add to Fastify, typed once.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { LiveUpdates } from './live/live-updates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    live: LiveUpdates;
    /** Every route (method, url) as registered; see app.ts. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}
