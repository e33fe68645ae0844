import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { cookiePair } from '../test-support/login.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { noAdminHint } from './bootstrap-admin.ts';

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

  it('never put the e-mail or the password in the log', async () => {
    const log = logCapture();
    const server = await startTestServer(
      { ADMIN_EMAIL: 'log.test@exemplo.com', ADMIN_PASSWORD: 'senha-do-log-123' },
      { logStream: log.stream },
    );
    await server.close();
    expect(log.text()).toContain('admin account from ADMIN_EMAIL created');
    expect(log.text().toLowerCase()).not.toContain('log.test@exemplo.com');
    expect(log.text()).not.toContain('senha-do-log-123');
  });
});

describe('with no admin and none configured', () => {
  it('prints one line telling the operator how to create one', async () => {
    const log = logCapture();
    const server = await startTestServer({}, { logStream: log.stream });
    await server.close();
    const hints = log
      .text()
      .split('\n')
      .filter((line) => line.includes('npm run admin -- create'));
    expect(hints).toHaveLength(1);
    expect(JSON.parse(hints[0]!).msg).toBe(noAdminHint);
    expect(noAdminHint).toContain('Nenhum administrador');
    expect(noAdminHint).toContain('No admin account yet');
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
  });
});
