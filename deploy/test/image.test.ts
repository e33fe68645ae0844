// The site's image, built by build-image.ts from the repository's Containerfile: what it holds,
// and a container of it run as an operator runs one (docs/deploy.md).
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printedLink } from '#test/servers/setup-link.ts';
import { api } from '../../src/shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { freePort } from '#test/servers/child-server.ts';
import { caBundle, image } from './build-image.ts';
import { call, cookieOf, type Site } from './https-client.ts';
import { command, flags, logsOf, podman, removeAll, repoRoot, runDetached } from './podman.ts';

const base = 'docker.io/library/debian:trixie-slim';
const suffix = randomBytes(4).toString('hex');
const volume = `inscricoes-test-data-${suffix}`;
const containers = [`inscricoes-test-${suffix}-a`, `inscricoes-test-${suffix}-b`];

afterAll(async () => {
  await removeAll({ containers, volumes: [volume] });
});

async function inspect<T>(format: string, target = image): Promise<T> {
  return JSON.parse((await podman(['image', 'inspect', target, '--format', format])).stdout) as T;
}

/** Runs a shell command in a throw-away container of the image; its exit status and output. */
async function inImage(script: string) {
  const { run } = await flags();
  return podman(['run', '--rm', ...run, image, 'sh', '-c', script], { allowFailure: true });
}

/** PEM blocks, each as its base64 lines. */
function certificates(pem: string): string[][] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----\n([\s\S]*?)-----END CERTIFICATE-----/g)].map(
    (match) => match[1]!.trim().split('\n'),
  );
}

describe('the image', () => {
  it('is built on the official Debian base, under 400 MB, with production dependencies only', async () => {
    const layers = await inspect<string[]>('{{json .RootFS.Layers}}');
    const baseLayers = await inspect<string[]>('{{json .RootFS.Layers}}', base);
    expect(layers.slice(0, baseLayers.length)).toEqual(baseLayers);

    const bytes = await inspect<number>('{{json .Size}}');
    console.log(`image size: ${(bytes / 1e6).toFixed(0)} MB (${bytes} bytes)`);
    expect(bytes).toBeLessThan(400e6);

    const modules = await inImage(
      'test -d node_modules/fastify && test -d node_modules/better-sqlite3 && ' +
        'for dev in vite vitest typescript eslint playwright-core tsx; do ' +
        'test ! -e node_modules/$dev || echo "$dev"; done',
    );
    expect(modules).toMatchObject({ code: 0, stdout: '' });
  });

  it('keeps nothing of the registry or the certificate authority it was built with', async () => {
    const env = await inspect<string[]>('{{json .Config.Env}}');
    expect(env.filter((entry) => /NODE_EXTRA_CA_CERTS|npm_config/i.test(entry))).toEqual([]);
    expect((await inImage('test -e /run/secrets/ca')).code).not.toBe(0);

    // The secret's certificates that neither Debian's bundle nor Node.js's own list holds (this
    // machine's local authority): no layer of the image may hold a line of them.
    const known = await inImage(
      `cat /etc/ssl/certs/ca-certificates.crt; node -p "require('tls').rootCertificates.join('\\n')"`,
    );
    const own = certificates(known.stdout);
    const ownCertificates = new Set(own.map((lines) => lines.join('')));
    const ownLines = new Set(own.flat());
    // A line of each foreign certificate that no known one has (a CA's renewed certificate shares
    // its first lines, the names, with the old one).
    const foreign = certificates(readFileSync(caBundle, 'utf8'))
      .filter((lines) => !ownCertificates.has(lines.join('')))
      .map((lines) => lines.find((line) => line.length === 64 && !ownLines.has(line)))
      .filter((line) => line !== undefined);
    if (foreign.length === 0) return;
    const patterns = join(tmpdir(), `inscricoes-ca-lines-${suffix}`);
    const archive = join(tmpdir(), `inscricoes-image-${suffix}.tar`);
    writeFileSync(patterns, `${foreign.join('\n')}\n`);
    try {
      await podman(['save', '--format', 'docker-archive', '-o', archive, image]);
      const found = await command('grep', ['-a', '-c', '-F', '-f', patterns, archive], {
        allowFailure: true,
      });
      expect(found.stdout.trim()).toBe('0');
    } finally {
      rmSync(archive, { force: true });
      rmSync(patterns, { force: true });
    }
  });

  it('runs as a user other than root, with a health check on /api/health and one volume, /data', async () => {
    expect(await inspect<string>('{{json .Config.User}}')).toBe('inscricoes');
    expect((await inImage('id -u')).stdout.trim()).not.toBe('0');
    const check = await inspect<{ Test: string[] }>('{{json .Config.Healthcheck}}');
    expect(check.Test).toEqual(['CMD', 'node', 'deploy/healthcheck.mjs']);
    expect(readFileSync(join(repoRoot, 'deploy/healthcheck.mjs'), 'utf8')).toContain('/api/health');
    expect(Object.keys(await inspect<Record<string, unknown>>('{{json .Config.Volumes}}'))).toEqual(
      ['/data'],
    );
    // With no server listening, the check fails.
    expect((await inImage('node deploy/healthcheck.mjs')).code).toBe(1);
  });

  it('keeps a registration in its volume from one container to the next, and stops cleanly', async () => {
    const port = await freePort();
    const site: Site = { origin: `http://127.0.0.1:${port}` };
    const run = (name: string) =>
      runDetached(name, ['-v', `${volume}:/data`, '-p', `127.0.0.1:${port}:3000`, image]);
    const healthy = (name: string) =>
      expect
        .poll(async () => (await podman(['healthcheck', 'run', name], { allowFailure: true })).code)
        .toBe(0);

    const [first, second] = containers as [string, string];
    await run(first);
    await healthy(first);
    // The setup link, readable in the container's log.
    await expect.poll(() => logsOf(first)).toContain('/admin/configurar?token=');
    const link = new URL(printedLink(await logsOf(first)));
    const admin = { email: 'organizadora@exemplo.com', password: randomBytes(12).toString('hex') };
    const setup = await call(site, api.adminSetup, {
      method: 'POST',
      json: { token: link.searchParams.get('token'), ...admin },
    });
    expect(setup.status).toBe(201);
    const registered = await call(site, api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(registered.status).toBe(201);
    const { id } = JSON.parse(registered.text) as { id: string };

    // docker stop: SIGTERM, then SIGKILL after 10 s. Exit status 0 is a stop within them.
    await podman(['stop', '-t', '10', first]);
    const stopped = await podman(['inspect', first, '--format', '{{.State.ExitCode}}']);
    expect(stopped.stdout.trim()).toBe('0');
    expect(await logsOf(first)).toContain('SIGTERM received');
    await podman(['rm', first]);

    // A new container on the same volume (what an update does) finds the registration.
    await run(second);
    await healthy(second);
    const login = await call(site, api.adminLogin, { method: 'POST', json: admin });
    expect(login.status).toBe(200);
    const list = await call(site, api.adminRegistrations, { headers: { cookie: cookieOf(login) } });
    expect(list.status).toBe(200);
    expect(list.text).toContain(id);
  });
});
