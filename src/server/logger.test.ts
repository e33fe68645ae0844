// A PostgreSQL error in the log keeps what helps (its message, code, constraint, stack) and leaves
// out the fields that quote the row's values: a real error from the real server, through the
// server's own logger options.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';

let database: TempPostgres | undefined;
afterAll(async () => {
  await database?.drop();
});

describe('the log of a PostgreSQL error', () => {
  it('names the constraint but not the e-mail in the row', async () => {
    database = await createTempPostgres();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let error: unknown;
    try {
      await client.query('create table people (email text unique)');
      await client.query("insert into people values ('maria.sigilo@exemplo.com')");
      await client.query("insert into people values ('maria.sigilo@exemplo.com')");
    } catch (caught) {
      error = caught;
    } finally {
      await client.end();
    }
    expect((error as { detail?: string }).detail).toContain('maria.sigilo@exemplo.com');

    for (const logFormat of ['json', 'pretty'] as const) {
      let text = '';
      const stream = new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      });
      const app = Fastify({
        logger: { ...loggerOptions({ logLevel: 'info', logFormat }), stream },
      });
      app.log.error({ err: error }, 'request failed');
      app.log.error({ err: new Error('wrapped', { cause: error }) }, 'request failed');
      await app.close();
      expect(text, logFormat).toContain('people_email_key');
      expect(text, logFormat).toContain('23505');
      expect(text, logFormat).not.toContain('maria.sigilo');
    }
  });
});
