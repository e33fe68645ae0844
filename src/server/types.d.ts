// What the app's plugins add to Fastify, typed once.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { LiveHub } from './live/live-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    live: LiveHub;
  }
}
