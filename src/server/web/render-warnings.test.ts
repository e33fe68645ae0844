// Rendering the pages prints nothing on the supported Node (20): React's development build, which
// tests and benches load (NODE_ENV is not 'production' there), warned "React encountered an empty
// buffer … ArrayBuffer.prototype.detached" on the form page's empty `value=""` attributes, as
// Node 20 has no ArrayBuffer.prototype.detached (decision 0208). Rendering does not touch the
// database, so one engine is enough here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validRegistration } from '#test/builders/registrations.ts';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { api, pagePaths, paths } from '../../shared/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-render-'));
let server: ChildServer | undefined;
afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('rendering the pages', () => {
  it('prints no warning from React under its development build', async () => {
    server = await startChildServer(
      // As Vitest and the benches run the server: React's development build.
      { NODE_ENV: 'development', DATABASE_URL: `file:${join(dir, 'site.db')}`, LOG_LEVEL: 'info' },
      { cwd: dir, readyTimeoutMs: 120_000 },
    );
    const { url } = server;
    for (const path of pagePaths) {
      expect((await fetch(url + path)).status, path).toBeLessThan(500);
    }
    const created = await fetch(url + api.registrations, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(validRegistration()),
    });
    expect(created.status).toBe(201);
    const { personal_page: personalPage } = (await created.json()) as { personal_page: string };
    expect((await fetch(personalPage)).status).toBe(200);
    expect((await fetch(`${url}/nao-existe`)).status).toBe(404);
    const formPost = await fetch(url + paths.register, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      body: 'x',
    });
    expect(formPost.headers.get('content-type')).toMatch(/^text\/html/);

    // Every line the process wrote, stdout and stderr, once the last answer is in.
    const printed = server.lines().join('\n');
    expect(printed).toContain('Server listening at');
    expect(printed).not.toMatch(/empty buffer|ArrayBuffer\.prototype\.detached/);
    expect(printed).not.toMatch(/^Warning:|React/m);
  });
});
