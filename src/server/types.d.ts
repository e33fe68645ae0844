// What the app's plugins add to Fastify, typed once.
import type { FirstAdminSetup } from './admin/first-admin-setup.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { PostgresListener } from './db/postgres-listener.ts';
import type { Editions } from './editions/editions.ts';
import type { LiveHub } from './live/live-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** PostgreSQL only: this instance's LISTEN connection; undefined on SQLite. */
    postgresListener: PostgresListener | undefined;
    live: LiveHub;
    /** The editions: the current one's settings, read again after every change. */
    editions: Editions;
    /** The setup link's tokens: this instance's, while there is no admin, and any instance's. */
    firstAdminSetup: FirstAdminSetup;
  }
}
