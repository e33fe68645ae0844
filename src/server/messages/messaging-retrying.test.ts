// SMTP configured but unreachable (a wrong host or port, a provider that blocks port 587): every
// e-mail waits for another try for up to a day before it fails, and the channel is not paused
// (the server never said our credentials were wrong). GET /api/admin/messaging says so, with how
// many wait and why, so the panel does not look as if everything went.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingStateSchema } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function messagingState(server: TestServer, cookie: string) {
  const response = await server.request(api.adminMessaging, { headers: { cookie } });
  expect(response.status).toBe(200);
  return messagingStateSchema.parse(await response.json());
}

describe.each([['SQLite'], ['PostgreSQL']] as const)(
  'an SMTP server that cannot be reached, on %s',
  (engine) => {
    let server: TestServer;
    let admin: TestSession;
    let database: TempPostgres | undefined;
    beforeAll(async () => {
      let env = sendingEnv({ smtp: `smtp://user:pass@127.0.0.1:${await closedPort()}` });
      if (engine === 'PostgreSQL') {
        database = await createTempPostgres();
        env = { ...env, DATABASE_URL: database.url };
      }
      server = await startTestServer(env, { config: { outboxRetry: { baseMs: 60_000 } } });
      admin = await startSession(server.app.db.kysely);
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    it('is said on the messaging state: how many e-mails wait for another try, and why', async () => {
      expect((await messagingState(server, admin.cookie)).email.retrying).toBeNull();
      await register(server);
      await register(server);
      await expect
        .poll(async () => (await messagingState(server, admin.cookie)).email)
        .toEqual({
          configured: true,
          paused: null,
          retrying: { count: 2, message: 'Não foi possível falar com o servidor de e-mail.' },
        });
      expect((await messagingState(server, admin.cookie)).whatsapp.retrying).toBeNull();
    });
  },
);

describe('an SMTP server that works', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(sendingEnv({ smtp: smtp.url }), {
      config: { outboxRetry: { baseMs: 60_000 } },
    });
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('leaves the line empty once the e-mails went', async () => {
    await register(server);
    await smtp.waitFor(1);
    expect((await messagingState(server, admin.cookie)).email.retrying).toBeNull();
  });
});
