// A route that cannot forget to wake anyone (decision 0186): one added here, in the test only,
// writes a live change in a transaction of its own and calls nothing after it, and a panel's
// open stream is told of the change at once. On SQLite the live hub never polls: only the wake
// the commit itself runs can tell it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationChangeSchema } from '../../shared/live-change.schema.ts';
import { openLiveStream, type SseMessage } from '#test/api/live-stream.ts';
import { startSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { audiences } from '../audience.ts';
import { logChange } from './live-changes.repository.ts';

const touchPath = '/api/test/touch/:id';

describe.each([['SQLite'], ['PostgreSQL']])('a live change written on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {}, {
      routes: (app) =>
        app.post<{ Params: { id: string } }>(
          touchPath,
          { config: { audience: audiences.public } },
          async (request) => {
            // A change and nothing else: no poke, no hub, no outbox.
            await app.db.kysely
              .transaction()
              .execute((trx) => logChange(trx, 'updated', request.params.id));
            return { ok: true };
          },
        ),
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('reaches an open panel at once, told by the commit itself', async () => {
    const registration = await register(server);
    const { cookie } = await startSession(server.app.db.kysely);
    const stream = await openLiveStream(server.url, cookie);
    try {
      await stream.next((message) => message.type === 'ready');
      const response = await server.request(touchPath.replace(':id', registration.id), {
        method: 'POST',
      });
      expect(response.status).toBe(200);
      const isTheTouch = (message: SseMessage) => {
        if (message.type !== 'change') return false;
        const change = registrationChangeSchema.parse(JSON.parse(message.data));
        return change.type === 'updated' && change.registration.id === registration.id;
      };
      await stream.next(isTheTouch);
    } finally {
      await stream.close();
    }
  });
});
