// Starting is friendly: the real server starts on a .env copied from .env.example as it is
// (ADMIN_PASSWORD= and all), and logs JSON lines when its output is not a terminal, readable
// lines with LOG_FORMAT=pretty.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';

const children: ChildServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server in a folder holding .env.example copied to .env, unedited. */
async function startWithExampleEnv(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-start-'));
  dirs.push(dir);
  copyFileSync(fileURLToPath(new URL('../../.env.example', import.meta.url)), join(dir, '.env'));
  const child = await startChildServer({ LOG_LEVEL: 'info', ...env }, { cwd: dir });
  children.push(child);
  return child;
}

describe('starting the server', () => {
  it('starts on .env.example copied as it is, and logs JSON lines when not on a terminal', async () => {
    const server = await startWithExampleEnv({});
    await expect.poll(() => server.lines().length).toBeGreaterThan(0);
    const lines = server.lines().filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg?.startsWith('Server listening at'))).toBe(
      true,
    );
  });

  it('logs readable lines with LOG_FORMAT=pretty', async () => {
    const server = await startWithExampleEnv({ LOG_FORMAT: 'pretty' });
    await expect
      .poll(() => server.lines().find((line) => line.includes('Server listening at')))
      .toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(server.lines().some((line) => line.startsWith('{'))).toBe(false);
  });
});
