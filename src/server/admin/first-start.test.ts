// The first start's event step (issue 33.7, decision 0227), on the real server as run, on both
// engines: a new install does not say its (default, long past) event has started until the
// organizer has had the screen that asks for the event; a restart in between keeps it quiet, and
// once the screen is skipped or the event saved, the next start says it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { printedLink } from '#test/servers/setup-link.ts';

const children: ChildServer[] = [];
const dirs: string[] = [];
const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await Promise.all(databases.map((database) => database.drop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const engines = [
  ['SQLite', async () => ({ DATABASE_URL: 'file:./data/inscricoes.db' })],
  [
    'PostgreSQL',
    async () => {
      const database = await createTempPostgres();
      databases.push(database);
      return { DATABASE_URL: database.url };
    },
  ],
] as const;

const saysStarted = (child: ChildServer) =>
  child.lines().some((line) => line.includes('já começou'));

/** One install: its folder and database, started again as often as asked. */
async function install(databaseEnv: () => Promise<Record<string, string>>) {
  const cwd = mkdtempSync(join(tmpdir(), 'inscricoes-first-start-'));
  dirs.push(cwd);
  const env = await databaseEnv();
  return async function start(): Promise<ChildServer> {
    const child = await startChildServer({ ...env, LOG_LEVEL: 'info' }, { cwd });
    children.push(child);
    // The warning comes before the server listens: once it has said so, every earlier line is in.
    await expect
      .poll(() => child.lines().some((line) => line.includes('Server listening')))
      .toBe(true);
    return child;
  };
}

async function request(child: ChildServer, path: string, init: RequestInit = {}) {
  const response = await fetch(child.url + path, init);
  return { status: response.status, body: (await response.json()) as unknown, response };
}

/** Creates the first admin through the printed link; its session cookie. */
async function firstAdmin(child: ChildServer): Promise<string> {
  await expect.poll(() => child.lines().some((line) => line.includes('?token='))).toBe(true);
  const token = new URL(printedLink(child.lines().join('\n'))).searchParams.get('token');
  const { status, response } = await request(child, api.adminSetup, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email: 'organizadora@exemplo.com', password: 'uma senha longa' }),
  });
  expect(status).toBe(201);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

describe.each(engines)('the first start on %s', (_engine, databaseEnv) => {
  it("says the event has started only once the organizer has skipped the event's screen", async () => {
    const start = await install(databaseEnv);
    const fresh = await start();
    expect(saysStarted(fresh)).toBe(false);
    const cookie = await firstAdmin(fresh);
    expect(await request(fresh, api.adminFirstStart, { headers: { cookie } })).toMatchObject({
      status: 200,
      body: { pending: true },
    });

    // Stopped before the screen was answered: still owed, still quiet.
    await fresh.kill();
    const again = await start();
    expect(saysStarted(again)).toBe(false);
    expect(await request(again, api.adminFirstStart, { headers: { cookie } })).toMatchObject({
      body: { pending: true },
    });

    expect(
      await request(again, api.adminFirstStartSkip, { method: 'POST', headers: { cookie } }),
    ).toMatchObject({ status: 200, body: { pending: false } });
    await again.kill();
    const skipped = await start();
    expect(saysStarted(skipped)).toBe(true);
    expect(await request(skipped, api.adminFirstStart, { headers: { cookie } })).toMatchObject({
      body: { pending: false },
    });
    await skipped.kill();
    // And the next start says it too: the step stays finished.
    expect(saysStarted(await start())).toBe(true);
  });

  it('takes a save of the event (even unchanged) as the screen answered', async () => {
    const start = await install(databaseEnv);
    const fresh = await start();
    const cookie = await firstAdmin(fresh);
    const { body: settings } = await request(fresh, api.adminEvent, { headers: { cookie } });
    const saved = await request(fresh, api.adminEvent, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    expect(saved.status).toBe(200);
    expect(await request(fresh, api.adminFirstStart, { headers: { cookie } })).toMatchObject({
      body: { pending: false },
    });
    await fresh.kill();
    expect(saysStarted(await start())).toBe(true);
  });
});
