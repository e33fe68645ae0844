import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { cookiePair, logIn } from '#test/api/login.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { createAccount } from './accounts.repository.ts';
import { hashSessionId } from './sessions.repository.ts';

let server: TestServer;
/** The organizer most tests log in as: one scrypt run for the file, not one per test. */
let organizer: { email: string; password: string };
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  organizer = await newAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

let ipCounter = 0;
/** A client address of its own, so throttling in one test does not leak into another. */
function newIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

function login(body: unknown, ip = '198.51.100.1', headers: Record<string, string> = {}) {
  return server.request(api.adminLogin, {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': ip, ...headers },
  });
}

async function newAdmin(server: TestServer) {
  const email = `org.${crypto.randomUUID()}@exemplo.com`;
  const password = 'correct horse battery staple';
  await createAccount(server.app.db.kysely, email, password, 'admin');
  return { email, password };
}

function sessionCookie(response: Response): string {
  return cookiePair(response.headers.get('set-cookie'));
}

async function me(cookie?: string) {
  return server.request(api.adminMe, { headers: cookie ? { cookie } : {} });
}

describe('POST /api/admin/login', () => {
  it('logs in with the right e-mail (any case) and password, and /me names the admin', async () => {
    const { email, password } = organizer;
    const response = await login({ email: `  ${email.toUpperCase()} `, password }, newIp());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email, role: 'admin' });
    expect(response.headers.get('cache-control')).toBe('no-store');

    const who = await me(sessionCookie(response));
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual({ email, role: 'admin' });
  });

  it('gives a wrong password and an unknown e-mail the same 401 answer, and no cookie', async () => {
    const { email } = organizer;
    const wrongPassword = await login({ email, password: 'not the password at all' }, newIp());
    const unknownEmail = await login(
      { email: 'ninguem@exemplo.com', password: 'not the password at all' },
      newIp(),
    );
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const expected = {
      error: { code: 'invalid_credentials', message: apiErrors.invalidCredentials },
    };
    expect(await wrongPassword.json()).toEqual(expected);
    expect(await unknownEmail.json()).toEqual(expected);
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    expect(unknownEmail.headers.get('set-cookie')).toBeNull();
  });

  it('returns 400 for a body without the fields, and 415 for a form', async () => {
    expect((await login({ email: 'a@b.c' }, newIp())).status).toBe(400);
    expect((await login({ email: 'a@b.c', password: 'x'.repeat(1025) }, newIp())).status).toBe(400);
    const form = await server.request(api.adminLogin, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=whatever-whatever',
    });
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe('unsupported_media_type');
  });

  it('sets sid as HttpOnly, SameSite=Strict, Path=/ and not Secure on http', async () => {
    const { email, password } = organizer;
    const response = await login({ email, password }, newIp());
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sid=[\w-]{43};/);
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it("keeps a door phone's login through a closed browser, and an admin's not", async () => {
    const cookieOf = async (role: 'admin' | 'door') => {
      const email = `${role}.${crypto.randomUUID()}@exemplo.com`;
      const password = 'correct horse battery staple';
      await createAccount(server.app.db.kysely, email, password, role);
      const response = await login({ email, password }, newIp());
      expect(response.status).toBe(200);
      return (response.headers.get('set-cookie') ?? '').toLowerCase();
    };
    // Up to the session's absolute limit (24 h by default): it cannot outlive the session.
    expect(await cookieOf('door')).toContain(`max-age=${24 * 60 * 60}`);
    expect(await cookieOf('admin')).not.toMatch(/max-age|expires/);
  });

  it('stores only the SHA-256 of the session id', async () => {
    const { email, password } = organizer;
    const cookie = await logIn(server.url, email, password);
    const sessionId = cookie.split('=')[1]!;
    const rows = await server.app.db.kysely.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toContain(hashSessionId(sessionId));
    expect(rows.map((r) => r.id_hash)).not.toContain(sessionId);
  });

  it('gives a new session id at every login and ends the one the browser held', async () => {
    const { email, password } = organizer;
    const ip = newIp();
    const first = sessionCookie(await login({ email, password }, ip));
    const second = sessionCookie(await login({ email, password }, ip, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(second)).status).toBe(200);
    expect((await me(first)).status).toBe(401);
  });
});

describe('with PUBLIC_URL on https', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ PUBLIC_URL: 'https://inscricoes.exemplo.com' });
  });
  afterAll(async () => {
    await secure.close();
  });

  it('names the cookie __Host-sid and makes it Secure, HttpOnly, SameSite=Strict, Path=/', async () => {
    const { email, password } = await newAdmin(secure);
    const response = await secure.request(api.adminLogin, {
      method: 'POST',
      json: { email, password },
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-sid=[\w-]{43};/);
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']),
    );
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);

    const who = await secure.request(api.adminMe, {
      headers: { cookie: cookiePair(setCookie) },
    });
    expect(who.status).toBe(200);
    // The plain-http name is not accepted in its place.
    const plain = await secure.request(api.adminMe, {
      headers: { cookie: cookiePair(setCookie).replace('__Host-sid', 'sid') },
    });
    expect(plain.status).toBe(401);
  });
});

describe('POST /api/admin/logout', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const response = await server.request(api.adminLogout, {
      method: 'POST',
      headers: { cookie },
    });
    expect(response.status).toBe(204);
    const cleared = response.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared.toLowerCase()).toContain('expires=thu, 01 jan 1970');

    const sessionId = cookie.split('=')[1]!;
    const row = await server.app.db.kysely
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', hashSessionId(sessionId))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // A copy of the old cookie is worthless now.
    expect((await me(cookie)).status).toBe(401);
    expect((await server.request(api.adminRegistrations, { headers: { cookie } })).status).toBe(
      401,
    );
  });

  it('answers 401 without a session', async () => {
    const response = await server.request(api.adminLogout, { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe(apiErrors.unauthorized);
  });
});

describe('session timeouts', () => {
  async function setTimes(cookie: string, times: { created_at?: string; last_seen_at?: string }) {
    const idHash = hashSessionId(cookie.split('=')[1]!);
    await server.app.db.kysely
      .updateTable('sessions')
      .set(times)
      .where('id_hash', '=', idHash)
      .execute();
    return idHash;
  }
  async function exists(idHash: string) {
    const row = await server.app.db.kysely
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return row !== undefined;
  }
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const hour = 60 * 60_000;

  it('keeps a session used within the idle timeout (8 h by default)', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    await setTimes(cookie, { created_at: ago(7 * hour), last_seen_at: ago(7 * hour) });
    expect((await me(cookie)).status).toBe(200);
  });

  it('ends a session idle for longer than the idle timeout, and deletes it', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const idHash = await setTimes(cookie, {
      created_at: ago(9 * hour),
      last_seen_at: ago(8 * hour + 60_000),
    });
    const response = await me(cookie);
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect(await exists(idHash)).toBe(false);
  });

  it('ends a session older than the absolute timeout (24 h) even when in use', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const idHash = await setTimes(cookie, { created_at: ago(24 * hour + 60_000) });
    expect((await me(cookie)).status).toBe(401);
    expect(await exists(idHash)).toBe(false);
  });

  it('restarts the idle clock on use (recorded at most once a minute)', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const idHash = await setTimes(cookie, { last_seen_at: ago(2 * hour) });
    expect((await me(cookie)).status).toBe(200);
    const row = await server.app.db.kysely
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id_hash', '=', idHash)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it('follows SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_MINUTES', async () => {
    const custom = await startTestServer({
      SESSION_IDLE_MINUTES: '5',
      SESSION_ABSOLUTE_MINUTES: '30',
    });
    try {
      const { cookie } = await startSession(custom.app.db.kysely);
      const idHash = hashSessionId(cookie.split('=')[1]!);
      const request = () => custom.request(api.adminMe, { headers: { cookie } });
      const set = (times: { created_at?: string; last_seen_at?: string }) =>
        custom.app.db.kysely
          .updateTable('sessions')
          .set(times)
          .where('id_hash', '=', idHash)
          .execute();

      await set({ last_seen_at: ago(4 * 60_000) });
      expect((await request()).status).toBe(200);
      await set({ created_at: ago(31 * 60_000) });
      expect((await request()).status).toBe(401);

      const second = await startSession(custom.app.db.kysely);
      const secondHash = hashSessionId(second.cookie.split('=')[1]!);
      await custom.app.db.kysely
        .updateTable('sessions')
        .set({ last_seen_at: ago(6 * 60_000) })
        .where('id_hash', '=', secondHash)
        .execute();
      expect(
        (await custom.request(api.adminMe, { headers: { cookie: second.cookie } })).status,
      ).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one account from one address', async () => {
    const { email, password } = await newAdmin(server);
    const attacker = newIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email, password: `guess number ${i}!` }, attacker)).status).toBe(401);
    }
    const blocked = await login({ email, password: 'guess number 6!' }, attacker);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: { code: 'login_rate_limited', message: apiErrors.loginRateLimited },
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits: the attacker must not learn it was right.
    expect((await login({ email, password }, attacker)).status).toBe(429);

    // The organizer, from their own address, gets in at once.
    const atHome = await login({ email, password }, newIp());
    expect(atHome.status).toBe(200);
  });
});
