// The first start: ADMIN_EMAIL/ADMIN_PASSWORD, the CLI hint, and the setup link that lets the
// operator create the first admin in a browser (docs/decisions/0118), on SQLite and on two
// PostgreSQL instances.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/door-account.schema.ts';
import { firstAdminMessages } from '../../shared/first-admin.schema.ts';
import { api, setupPage } from '../../shared/paths.ts';
import { ConfigError } from '../config-error.ts';
import { loadConfig } from '../config.ts';
import { cookiePair } from '#test/api/login.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { openDatabase } from '../db/database.ts';
import { createAccount, findAccountByEmail } from './accounts.repository.ts';
import { noAdminHint } from './bootstrap-admin.ts';
import { verifyPassword } from './password.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bootstrap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

async function login(server: TestServer, email: string, password: string) {
  return server.request(api.adminLogin, { method: 'POST', json: { email, password } });
}

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  const databaseUrl = `file:${join(dir, 'shared.db')}`;
  const email = 'organizadora@exemplo.com';

  it('create the account, leave it alone on a restart, and reset its password when it changes', async () => {
    const first = await startTestServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'primeira-senha-longa',
    });
    let cookie: string;
    try {
      const response = await login(first, email, 'primeira-senha-longa');
      expect(response.status).toBe(200);
      cookie = cookiePair(response.headers.get('set-cookie'));
    } finally {
      await first.close();
    }

    // Same password on the next start: nothing changes, the session survives.
    const same = await startTestServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'primeira-senha-longa',
    });
    try {
      expect((await same.request(api.adminMe, { headers: { cookie } })).status).toBe(200);
    } finally {
      await same.close();
    }

    // A new password: reset, and whoever held a session is logged out.
    const changed = await startTestServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: email.toUpperCase(),
      ADMIN_PASSWORD: 'segunda-senha-longa',
    });
    try {
      expect((await changed.request(api.adminMe, { headers: { cookie } })).status).toBe(401);
      expect((await login(changed, email, 'primeira-senha-longa')).status).toBe(401);
      expect((await login(changed, email, 'segunda-senha-longa')).status).toBe(200);
      const accounts = await changed.app.db.kysely
        .selectFrom('accounts')
        .select(['email', 'role'])
        .execute();
      expect(accounts).toEqual([{ email, role: 'admin' }]);
    } finally {
      await changed.close();
    }
  });

  it('refuse an ADMIN_PASSWORD shorter than 12 characters, naming the variable', () => {
    expect(() =>
      loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'curta-demais'.slice(0, 11) }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('refuse an ADMIN_EMAIL that is not an e-mail address, naming the variable', () => {
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'naoemail', ADMIN_PASSWORD: 'primeira-senha-longa' }),
    ).toThrow(/ADMIN_EMAIL/);
  });

  it('stop, saying so, when ADMIN_EMAIL is a door account, and leave it a door account', async () => {
    const doorDatabase = `file:${join(dir, 'door.db')}`;
    const db = await openDatabase(doorDatabase);
    await createAccount(db.kysely, 'porta@exemplo.com', 'senha-da-portaria-1', 'door');
    await db.close();
    await expect(
      startTestServer({
        DATABASE_URL: doorDatabase,
        ADMIN_EMAIL: 'porta@exemplo.com',
        ADMIN_PASSWORD: 'primeira-senha-longa',
      }),
    ).rejects.toThrow('ADMIN_EMAIL é uma conta da portaria');
    const after = await openDatabase(doorDatabase);
    try {
      const account = await findAccountByEmail(after.kysely, 'porta@exemplo.com');
      expect(account?.role).toBe('door');
      expect(await verifyPassword('senha-da-portaria-1', account!.password_hash)).toBe(true);
    } finally {
      await after.close();
    }
  });

  it('never put the e-mail or the password in the log', async () => {
    const log = logCapture();
    const server = await startTestServer(
      { ADMIN_EMAIL: 'log.test@exemplo.com', ADMIN_PASSWORD: 'senha-do-log-123' },
      { logStream: log.stream },
    );
    await server.close();
    expect(log.text()).toContain('admin account from ADMIN_EMAIL created');
    expect(log.text()).not.toContain(setupPage);
    expect(log.text().toLowerCase()).not.toContain('log.test@exemplo.com');
    expect(log.text()).not.toContain('senha-do-log-123');
  });
});

/** The tokens of the setup links in the log, one per line that prints one. */
function setupTokens(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.includes(`${setupPage}?token=`))
    .map((line) => /\?token=([^\s)"]*)/.exec(line)![1]!);
}

/** A token of the right shape that no instance printed. */
function madeUpToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

function openSetupPage(server: TestServer, token?: string, init: RequestInit = {}) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return server.request(`${setupPage}${query}`, init);
}

function postSetup(server: TestServer, body: unknown, ip = '198.51.100.9') {
  return server.request(api.adminSetup, {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': ip },
  });
}

async function adminEmails(server: TestServer): Promise<string[]> {
  const rows = await server.app.db.kysely
    .selectFrom('accounts')
    .select('email')
    .where('role', '=', 'admin')
    .execute();
  return rows.map((row) => row.email);
}

async function storedTokenHashes(server: TestServer): Promise<string[]> {
  const rows = await server.app.db.kysely.selectFrom('setup_tokens').select('token_hash').execute();
  return rows.map((row) => row.token_hash).sort();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const notFoundText = 'Oops! Page not found';

describe('with no admin and none configured', () => {
  it('prints the CLI hint and one setup link, with a token of 128 random bits', async () => {
    const log = logCapture();
    const server = await startTestServer({}, { logStream: log.stream });
    await server.close();
    const lines = log.text().split('\n');
    const hints = lines.filter((line) => line.includes('npm run admin -- create'));
    expect(hints).toHaveLength(1);
    expect(JSON.parse(hints[0]!).msg).toBe(noAdminHint);
    expect(noAdminHint).toContain('Nenhum administrador');
    expect(noAdminHint).toContain('No admin account yet');

    const links = lines.filter((line) => line.includes(setupPage));
    expect(links).toHaveLength(1);
    const [token] = setupTokens(log.text());
    expect(JSON.parse(links[0]!).msg).toContain(`${server.url}${setupPage}?token=${token}`);
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(Buffer.from(token!, 'base64url')).toHaveLength(16);
  });

  it('stays quiet once an admin exists', async () => {
    const databaseUrl = `file:${join(dir, 'quiet.db')}`;
    const first = await startTestServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: 'a@exemplo.com',
      ADMIN_PASSWORD: 'uma-senha-segura',
    });
    await first.close();
    const log = logCapture();
    const second = await startTestServer({ DATABASE_URL: databaseUrl }, { logStream: log.stream });
    await second.close();
    expect(log.text()).not.toContain('npm run admin');
    expect(log.text()).not.toContain(setupPage);
  });
});

describe('the setup link', () => {
  let server: TestServer;
  const log = logCapture();
  let token: string;
  const organizer = { email: 'Primeira.Org@Exemplo.com', password: 'uma senha bem comprida' };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' }, { logStream: log.stream });
    if (!existsSync(join(server.config.webRoot, 'index.html'))) {
      throw new Error('No built site: run "npm run build" first.');
    }
    [token] = setupTokens(log.text()) as [string];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('opens the first admin page with the printed token; anything else gets the not-found page', async () => {
    const page = await openSetupPage(server, token);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin');
    expect(await page.text()).toMatch(/<link rel="modulepreload"[^>]*setup-page-[\w-]+\.js/);

    const unknownPath = await server.request('/nada-aqui');
    expect(unknownPath.status).toBe(404);
    expect(await unknownPath.text()).toContain(notFoundText);
    for (const wrong of [
      undefined,
      '',
      madeUpToken(),
      `${token}A`,
      token.slice(1),
      token.toUpperCase(),
    ]) {
      const response = await openSetupPage(server, wrong);
      expect({ wrong, status: response.status }).toEqual({ wrong, status: 404 });
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain(notFoundText);
      // Without the app: it has a page at this path, and must not show it.
      expect(scriptsOf(html)).toEqual([notFoundScript]);
    }
    const slash = await server.request(`${setupPage}/?token=${madeUpToken()}`);
    expect(slash.status).toBe(404);
    expect(scriptsOf(await slash.text())).toEqual([notFoundScript]);
    expect((await openSetupPage(server, madeUpToken(), { method: 'HEAD' })).status).toBe(404);
    expect((await openSetupPage(server, token, { method: 'HEAD' })).status).toBe(200);
  });

  it('creates nothing without the token, and refuses weak or malformed fields in pt-BR', async () => {
    for (const body of [
      organizer,
      { ...organizer, token: madeUpToken() },
      { ...organizer, token: 7 },
    ]) {
      const response = await postSetup(server, body);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }

    const weak = await postSetup(server, { ...organizer, token, password: 'curta demai' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      error: {
        code: 'validation',
        message: 'Confira os campos destacados.',
        fields: { password: accountMessages.passwordTooShort },
      },
    });
    expect(accountMessages.passwordTooShort).toBe('A senha precisa de pelo menos 12 caracteres.');
    const malformed = await postSetup(server, { token, email: 'org.exemplo.com', papel: 'admin' });
    expect((await malformed.json()).error.fields).toEqual({
      email: firstAdminMessages.invalidEmail,
      password: accountMessages.notText,
      papel: accountMessages.unknownField,
    });

    expect(await adminEmails(server)).toEqual([]);
    expect((await openSetupPage(server, token)).status).toBe(200);
  });

  it('creates the first admin once, logs them in, and the link is spent', async () => {
    // Two uses at once: one admin, whichever came first.
    const [first, second] = await Promise.all([
      postSetup(server, { ...organizer, token }),
      postSetup(server, { token, email: 'outra.pessoa@exemplo.com', password: organizer.password }),
    ]);
    const statuses = [first!.status, second!.status];
    expect(statuses.sort()).toEqual([201, 404]);
    const created = first!.status === 201 ? first! : second!;
    const email = (await created.json()).email as string;
    expect(['primeira.org@exemplo.com', 'outra.pessoa@exemplo.com']).toContain(email);
    expect(await adminEmails(server)).toEqual([email]);

    const cookie = cookiePair(created.headers.get('set-cookie'));
    const me = await server.request(api.adminMe, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email, role: 'admin' });

    expect(await storedTokenHashes(server)).toEqual([]);
    expect((await openSetupPage(server, token)).status).toBe(404);
    expect((await postSetup(server, { ...organizer, token })).status).toBe(404);
  });

  it('throttles wrong tokens per address, as the login', async () => {
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postSetup(server, { ...organizer, token: madeUpToken() }, ip)).status).toBe(
        404,
      );
    }
    const throttled = await postSetup(server, { ...organizer, token: madeUpToken() }, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await throttled.json()).error.code).toBe('login_rate_limited');
  });

  it('leaves the token in the log once, in the line that prints it', () => {
    expect(log.text().split(token)).toHaveLength(2);
    expect(setupTokens(log.text())).toEqual([token]);
    expect(log.text()).not.toContain(organizer.password);
    expect(log.text()).toContain('first admin created through the setup link');
  });
});

/** `npm run admin -- create <email>` on this SQLite file, the password piped. */
function cliCreate(dbFile: string, email: string, password: string) {
  return new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['scripts/admin.mjs', 'create', email], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${dbFile}` },
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    child.on('close', resolve);
    child.stdin.end(`${password}\n`);
  });
}

describe('the setup link on SQLite', () => {
  it('dies with a killed run, is renewed while the server runs, and closes once the CLI makes an admin', async () => {
    const folder = mkdtempSync(join(dir, 'renewal-'));
    const dbFile = join(folder, 'renewal.db');
    // A run killed before it could delete its token: its row says alive for a while yet.
    const killed = await startTestServer({}, { dbFile });
    const leftover = madeUpToken();
    await killed.app.db.kysely
      .insertInto('setup_tokens')
      .values({
        token_hash: sha256(leftover),
        created_at: new Date().toISOString(),
        alive_until: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    await killed.close();

    const log = logCapture();
    const server = await startTestServer(
      {},
      { dbFile, logStream: log.stream, setupTiming: { renewEveryMs: 50, aliveForMs: 60_000 } },
    );
    try {
      const [token] = setupTokens(log.text()) as [string];
      expect(await storedTokenHashes(server)).toEqual([sha256(token)]);
      expect((await openSetupPage(server, leftover)).status).toBe(404);

      const aliveUntil = () =>
        server.app.db.kysely
          .selectFrom('setup_tokens')
          .select('alive_until')
          .executeTakeFirst()
          .then((row) => row?.alive_until ?? '');
      const firstSeen = await aliveUntil();
      await expect.poll(aliveUntil).not.toBe(firstSeen);
      expect(Date.parse(await aliveUntil())).toBeGreaterThan(Date.parse(firstSeen));

      // The CLI still works, and an admin made there ends the link on the running server.
      expect(await cliCreate(dbFile, 'pela.cli@exemplo.com', 'senha-pela-cli-comprida')).toBe(0);
      expect((await openSetupPage(server, token)).status).toBe(404);
      await expect.poll(() => storedTokenHashes(server)).toEqual([]);
      expect(await adminEmails(server)).toEqual(['pela.cli@exemplo.com']);
    } finally {
      await server.close();
    }
  });
});

describe('the setup link on PostgreSQL, several instances', () => {
  let database: TempPostgres;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    database = await createTempPostgres();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
  });

  async function instance() {
    const log = logCapture();
    const server = await startTestServer({ DATABASE_URL: database.url }, { logStream: log.stream });
    servers.push(server);
    const tokens = setupTokens(log.text());
    expect(tokens).toHaveLength(1);
    return { server, token: tokens[0]! };
  }

  async function insertToken(server: TestServer, token: string, aliveForMs: number) {
    await server.app.db.kysely
      .insertInto('setup_tokens')
      .values({
        token_hash: sha256(token),
        created_at: new Date().toISOString(),
        alive_until: new Date(Date.now() + aliveForMs).toISOString(),
      })
      .execute();
  }

  it("accepts any instance's token, drops a stopped or silent instance's, and makes one admin of two racing uses", async () => {
    const a = await instance();
    // An instance gone without a word: its token is no longer renewed; the next start sweeps it.
    const silent = madeUpToken();
    await insertToken(a.server, silent, -1);
    expect((await openSetupPage(a.server, silent)).status).toBe(404);
    const b = await instance();
    expect(await storedTokenHashes(b.server)).toEqual([sha256(a.token), sha256(b.token)].sort());

    expect((await openSetupPage(b.server, a.token)).status).toBe(200);
    expect((await openSetupPage(a.server, b.token)).status).toBe(200);

    // A third instance stops: its link stops with it, everywhere.
    const c = await instance();
    expect((await openSetupPage(a.server, c.token)).status).toBe(200);
    await c.server.close();
    servers.splice(servers.indexOf(c.server), 1);
    expect((await openSetupPage(a.server, c.token)).status).toBe(404);

    // A's link used at B while B's is used at A: one admin, and every link is spent.
    const password = 'senha longa o bastante';
    const answers = await Promise.all([
      postSetup(b.server, { token: a.token, email: 'pela.a@exemplo.com', password }),
      postSetup(a.server, { token: b.token, email: 'pela.b@exemplo.com', password }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
    const { email } = await answers.find((answer) => answer.status === 201)!.json();
    expect(await adminEmails(a.server)).toEqual([email]);
    expect(await storedTokenHashes(a.server)).toEqual([]);
    for (const { server } of [a, b]) {
      for (const token of [a.token, b.token]) {
        expect((await openSetupPage(server, token)).status).toBe(404);
      }
    }
  });
});

/** The `src` of each script of a page. */
function scriptsOf(html: string): Array<string | undefined> {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => /src="([^"]+)"/.exec(tag[0])?.[1]);
}

/** The not-found page's only script, which logs the miss (docs/decisions/0150). */
const notFoundScript = expect.stringMatching(/^\/assets\/not-found-entry-[\w-]+\.js$/);
