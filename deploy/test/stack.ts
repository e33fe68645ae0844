// What the compose tests share: a stack as an operator sets it up (deploy/env.example's .env,
// with Caddy on loopback ports and its own authority for `localhost`), reached over HTTPS.
import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import { printedLink } from '#test/servers/setup-link.ts';
import { api } from '../../src/shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { freePort } from '#test/servers/child-server.ts';
import { call, cookieOf, type Site } from './https-client.ts';
import { ComposeStack, logsOf, podman } from './podman.ts';

/** Waits for `check` to pass (a condition, never a fixed time): stacks start on a busy machine. */
export function until<T>(check: () => Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 120_000, interval: 500 });
}

export interface RunningStack {
  stack: ComposeStack;
  site: Site;
  /** Plain HTTP, for Caddy's redirect. */
  plain: Site;
  /** `compose up` to the first page over HTTPS, in seconds. */
  upToHttps: number;
}

/** Starts a fresh stack from `files` and waits for its first page over HTTPS. */
export async function startStack(
  name: string,
  files: string[],
  env: Record<string, string>,
): Promise<RunningStack> {
  const [https, http] = [await freePort(), await freePort()];
  const project = `${name}-${randomBytes(3).toString('hex')}`;
  const stack = new ComposeStack(project, files, {
    SITE_DOMAIN: 'localhost',
    HTTPS_PUBLISH: `127.0.0.1:${https}`,
    HTTP_PUBLISH: `127.0.0.1:${http}`,
    ...env,
  });
  try {
    const started = performance.now();
    await stack.compose(['up', '-d', '--no-build']);
    const caddy = stack.container('caddy');
    // Caddy makes its authority, then the certificate for `localhost`, as it starts.
    const rootCertificate = '/data/caddy/pki/authorities/local/root.crt';
    await until(async () => {
      const found = await podman(['exec', caddy, 'test', '-s', rootCertificate], {
        allowFailure: true,
      });
      expect(found.code).toBe(0);
    });
    const ca = (await podman(['exec', caddy, 'cat', rootCertificate])).stdout;
    const site: Site = { origin: `https://localhost:${https}`, ca };
    await until(async () => expect((await call(site, '/')).status).toBe(200));
    const upToHttps = (performance.now() - started) / 1000;
    console.log(`${name}: compose up → first page over HTTPS: ${upToHttps.toFixed(1)} s`);
    return { stack, site, plain: { origin: `http://localhost:${http}` }, upToHttps };
  } catch (error) {
    await stack.remove();
    throw error;
  }
}

/** The setup link from the app's log (replica 1), used over `site`: the first admin's cookie. */
export async function firstAdmin(running: RunningStack) {
  const app = running.stack.container('app');
  await until(async () => expect(await logsOf(app)).toContain('/admin/configurar?token='));
  const link = new URL(printedLink(await logsOf(app)));
  const admin = { email: 'organizadora@exemplo.com', password: randomBytes(12).toString('hex') };
  const answer = await call(running.site, api.adminSetup, {
    method: 'POST',
    json: { token: link.searchParams.get('token'), ...admin },
  });
  expect(answer.status).toBe(201);
  return { link, admin, cookie: cookieOf(answer) };
}

export async function register(site: Site): Promise<string> {
  const answer = await call(site, api.registrations, { method: 'POST', json: validRegistration() });
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.text) as { id: string }).id;
}

/** The ids of the current edition's registrations, as the panel lists them. */
export async function listedIds(site: Site, cookie: string): Promise<string> {
  const answer = await call(site, api.adminRegistrations, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.text;
}

/** Waits until the container's own health check passes. */
export async function healthy(container: string) {
  await expect
    .poll(
      async () => (await podman(['healthcheck', 'run', container], { allowFailure: true })).code,
    )
    .toBe(0);
}
