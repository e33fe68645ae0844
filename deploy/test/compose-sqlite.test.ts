// compose.sqlite.yaml as an operator runs it (docs/deploy.md): one instance on an SQLite file in
// its volume, Caddy with HTTPS in front, the first admin from .env, the account tool, and the
// backup service's copy (npm run backup) restored with npm run restore.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/shared/paths.ts';
import { call, cookieOf } from './https-client.ts';
import { podman } from './podman.ts';
import { healthy, listedIds, register, startStack, type RunningStack } from './stack.ts';

let running: RunningStack;
const admin = { email: 'organizadora@exemplo.com', password: randomBytes(12).toString('hex') };

beforeAll(async () => {
  running = await startStack('inscricoes-test-sqlite', ['compose.sqlite.yaml'], {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
});

afterAll(async () => {
  await running?.stack.remove();
});

async function logIn(): Promise<string> {
  const answer = await call(running.site, api.adminLogin, { method: 'POST', json: admin });
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

describe('compose.sqlite.yaml', () => {
  it("runs the README's account tool in the site's container (node scripts/admin.mjs)", async () => {
    const door = { email: 'portaria@exemplo.com', password: randomBytes(12).toString('hex') };
    await podman([
      'exec',
      running.stack.container('app'),
      'sh',
      '-c',
      `echo ${door.password} | node scripts/admin.mjs create ${door.email} --role door`,
    ]);
    const login = await call(running.site, api.adminLogin, { method: 'POST', json: door });
    expect(login.status).toBe(200);
    const me = await call(running.site, api.adminMe, { headers: { cookie: cookieOf(login) } });
    expect(JSON.parse(me.text)).toMatchObject({ email: door.email, role: 'door' });
  });

  it('keeps registrations made over HTTPS in the SQLite file, backed up and restored', async () => {
    const { stack, site } = running;
    const backup = stack.container('backup');
    const kept = await register(site);
    const made = await podman(['exec', backup, 'inscricoes-backup', 'now']);
    const file = /\/backups\/inscricoes-[\d-]+\.db/.exec(made.stdout)?.[0];
    expect(file).toBeDefined();
    const after = await register(site);
    expect(await listedIds(site, await logIn())).toContain(after);

    // npm run restore refuses a database in use: the site stops first.
    const refused = await podman(['exec', backup, 'inscricoes-backup', 'restore', file!], {
      allowFailure: true,
    });
    expect(refused.code).not.toBe(0);
    await stack.compose(['stop', 'app']);
    await podman(['exec', backup, 'inscricoes-backup', 'restore', file!]);
    await stack.compose(['start', 'app']);
    await healthy(stack.container('app'));
    await expect.poll(async () => (await call(site, api.health)).status).toBe(200);
    const listed = await listedIds(site, await logIn());
    expect(listed).toContain(kept);
    expect(listed).not.toContain(after);
  });
});
