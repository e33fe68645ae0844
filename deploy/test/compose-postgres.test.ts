// compose.yaml as an operator runs it (docs/deploy.md): Caddy with HTTPS in front, PostgreSQL,
// three instances of the site, the nightly backup's copy, kept 14 days, and a restore. Caddy's
// own authority stands in for Let's Encrypt (SITE_DOMAIN=localhost); podman-compose 1.0.3 ignores
// --scale, so three instances come from `deploy.replicas`, what --scale app=3 sets.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/shared/paths.ts';
import { call, openEventStream, type EventStream } from './https-client.ts';
import { logsOf, podman } from './podman.ts';
import {
  firstAdmin,
  healthy,
  listedIds,
  register,
  startStack,
  type RunningStack,
} from './stack.ts';

let running: RunningStack;
let cookie: string;

beforeAll(async () => {
  running = await startStack('inscricoes-test-pg', ['compose.yaml'], {
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
    // The site's own variables reach it from .env: its log in JSON lines, read below.
    LOG_FORMAT: 'json',
    REGISTRATION_RATE_LIMIT: '100',
  });
});

afterAll(async () => {
  await running?.stack.remove();
});

/** The app replica's requests to `path` with `method`, from its JSON log. */
async function requestsTo(container: string, method: string, path: string): Promise<number> {
  return (await logsOf(container))
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { req?: { method?: string; url?: string } })
    .filter(({ req }) => req?.method === method && req.url === path).length;
}

describe('compose.yaml', () => {
  it('serves the site over HTTPS for SITE_DOMAIN, HTTP redirected, the setup link in the log', async () => {
    const { link, cookie: session } = await firstAdmin(running);
    cookie = session;
    // PUBLIC_URL from SITE_DOMAIN: the link and every ticket's address are https://SITE_DOMAIN/…
    expect(link.origin).toBe('https://localhost');
    const redirect = await call(running.plain, '/convite');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe('https://localhost/convite');
    expect(JSON.parse(await listedIds(running.site, cookie))).toEqual([]);
  });

  it('runs three instances behind Caddy: a registration on any reaches a panel live', async () => {
    const { stack, site } = running;
    stack.writeFile('three.yaml', 'services:\n  app:\n    deploy:\n      replicas: 3\n');
    await stack.compose(['up', '-d', '--no-build'], ['three.yaml']);
    const replicas = [1, 2, 3].map((n) => stack.container('app', n));
    for (const replica of replicas) await healthy(replica);

    let panel: EventStream | undefined;
    try {
      panel = await openEventStream(site, api.adminLiveStream, cookie);
      const events = panel.events;
      await expect.poll(() => events.some((event) => event.type === 'ready')).toBe(true);
      // Caddy takes each replica in turn once its DNS answer has all three: register until each
      // has taken one, every registration reaching the one panel, whichever replica it is on.
      const served = () =>
        Promise.all(replicas.map((replica) => requestsTo(replica, 'POST', api.registrations)));
      for (let made = 0; (await served()).some((count) => count === 0); made += 1) {
        expect(made).toBeLessThan(30);
        const id = await register(site);
        await expect.poll(() => events.some((event) => event.data.includes(id))).toBe(true);
      }
    } finally {
      panel?.close();
    }
  });

  it('copies the database into the backups volume, keeps 14 days of copies, and restores one', async () => {
    const { stack, site } = running;
    const backup = stack.container('backup');
    const kept = await register(site);
    // Copies of 15 and 13 days ago: the older goes, the other stays.
    await podman([
      'exec',
      backup,
      'sh',
      '-c',
      "touch -d '15 days ago' /backups/inscricoes-old.dump && touch -d '13 days ago' /backups/inscricoes-recent.dump",
    ]);
    const made = await podman(['exec', backup, 'inscricoes-backup', 'now']);
    const file = /\/backups\/inscricoes-[\d-]+\.dump/.exec(made.stdout)?.[0];
    expect(file).toBeDefined();
    const listing = (await podman(['exec', backup, 'ls', '/backups'])).stdout.split('\n');
    expect(listing).toContain('inscricoes-recent.dump');
    expect(listing).not.toContain('inscricoes-old.dump');

    const after = await register(site);
    // The documented restore: stop the site, restore, start it.
    const refused = await podman(['exec', backup, 'inscricoes-backup', 'restore', file!], {
      allowFailure: true,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('docker compose stop app');
    await stack.compose(['stop', 'app'], ['three.yaml']);
    await podman(['exec', backup, 'inscricoes-backup', 'restore', file!]);
    await stack.compose(['start', 'app'], ['three.yaml']);
    for (const n of [1, 2, 3]) await healthy(stack.container('app', n));
    await expect.poll(async () => (await call(site, api.health)).status).toBe(200);
    const listed = await listedIds(site, cookie);
    expect(listed).toContain(kept);
    expect(listed).not.toContain(after);
  });
});
