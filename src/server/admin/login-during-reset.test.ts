// A login checks the password it read before a reset (or a removal) committed: checking takes a
// while (scrypt). The session it then made outlived the reset, a way in for whoever held the old
// password and kept logging in while the organizer reset it. Made to happen for sure: the server
// runs in this process, and its two password-hashing slots are kept busy, so the login's check
// waits while the reset commits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import {
  createAccount,
  deleteDoorAccount,
  findAccountByEmail,
  setPasswordHash,
} from './accounts.repository.ts';
import { hashPassword } from './password.ts';

const oldPassword = 'senha-que-vazou-2026';

describe.each(['sqlite', 'postgres'] as const)('on %s', (kind) => {
  let server: TestServer;
  let pg: TempPostgres | undefined;
  beforeAll(async () => {
    pg = kind === 'postgres' ? await createTempPostgres() : undefined;
    server = await startTestServer(pg ? { DATABASE_URL: pg.url } : {});
  });
  afterAll(async () => {
    await server.close();
    await pg?.drop();
  });

  /** Logs in with the old password, and runs `change` once the login has read the account. */
  async function loginAcross(email: string, change: () => Promise<void>) {
    // Hashes that keep both slots busy: the login's check waits behind them.
    const busy = Array.from({ length: 4 }, () => hashPassword(randomUUID()));
    const login = server.request(api.adminLogin, {
      method: 'POST',
      json: { email, password: oldPassword },
    });
    // The throttle's row is written just before the account is read.
    const key = email.toLowerCase();
    for (;;) {
      const row = await server.app.db.kysely
        .selectFrom('login_failures')
        .select('id')
        .where('account', '=', key)
        .executeTakeFirst();
      if (row) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    await change();
    const response = await login;
    await Promise.all(busy);
    const cookie = response.headers.get('set-cookie');
    const me = cookie
      ? (await server.request(api.adminMe, { headers: { cookie: cookie.split(';')[0]! } })).status
      : 'no cookie';
    return { status: response.status, me };
  }

  it('lets no one in with a password reset while it was being checked', async () => {
    const email = `organizadora.${randomUUID()}@exemplo.com`;
    await createAccount(server.app.db.kysely, email, oldPassword, 'admin');
    const newHash = await hashPassword('a-senha-nova-e-secreta');
    const outcome = await loginAcross(email, () =>
      setPasswordHash(server.app.db.kysely, email, newHash),
    );
    expect(outcome).toEqual({ status: 401, me: 'no cookie' });
    const sessions = await server.app.db.kysely.selectFrom('sessions').selectAll().execute();
    expect(sessions).toEqual([]);
  });

  it('answers a door account removed while its password was being checked as a wrong login', async () => {
    const email = `portaria.${randomUUID()}@exemplo.com`;
    const { id } = await createAccount(server.app.db.kysely, email, oldPassword, 'door');
    const outcome = await loginAcross(email, async () => {
      expect(await deleteDoorAccount(server.app.db.kysely, id)).toBe('deleted');
    });
    expect(outcome).toEqual({ status: 401, me: 'no cookie' });
    expect(await findAccountByEmail(server.app.db.kysely, email)).toBeUndefined();
  });
});
