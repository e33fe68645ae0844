// The setup link cannot be locked out (issue 31.3): wrong tokens are throttled per address, but
// the right one always works while it is live. Behind shared NAT, or a proxy without
// TRUST_PROXY, every visitor has the owner's address, and the failures are kept in the database
// across restarts: counting the right token against them let anyone keep the owner out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { keptLog, printedLink } from '#test/servers/setup-link.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-setup-lockout-'));
const dbFile = join(dir, 'setup.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sharedAddress = '198.51.100.40';
const password = 'uma senha bem comprida';

function madeUpToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

function postSetup(server: TestServer, token: string, email = 'dona@exemplo.com') {
  return server.request(api.adminSetup, {
    method: 'POST',
    json: { token, email, password },
    headers: { 'x-forwarded-for': sharedAddress },
  });
}

async function startWithLink(): Promise<{ server: TestServer; token: string }> {
  const log = keptLog();
  const server = await startTestServer({ TRUST_PROXY: '1' }, { dbFile, logStream: log.stream });
  const token = new URL(printedLink(log.text())).searchParams.get('token')!;
  return { server, token };
}

describe('the setup link, after wrong guesses from its owner’s address', () => {
  it('still takes the right token, after a restart too, while wrong ones get 429', async () => {
    const first = await startWithLink();
    try {
      for (let guess = 0; guess < 5; guess += 1) {
        expect((await postSetup(first.server, madeUpToken())).status).toBe(404);
      }
      const throttled = await postSetup(first.server, madeUpToken());
      expect(throttled.status).toBe(429);
      expect((await throttled.json()).error.code).toBe('login_rate_limited');
      // The right token with a field to fix: answered on its fields, not throttled.
      const weak = await first.server.request(api.adminSetup, {
        method: 'POST',
        json: { token: first.token, email: 'dona@exemplo.com', password: 'curta' },
        headers: { 'x-forwarded-for': sharedAddress },
      });
      expect(weak.status).toBe(400);
    } finally {
      await first.server.close();
    }

    // The failures are in the database: a restart keeps them, and the new link still works.
    const second = await startWithLink();
    try {
      expect((await postSetup(second.server, madeUpToken())).status).toBe(429);
      const created = await postSetup(second.server, second.token);
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({ email: 'dona@exemplo.com', role: 'admin' });
    } finally {
      await second.server.close();
    }
  });
});
