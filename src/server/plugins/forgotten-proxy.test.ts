// A proxy in front without TRUST_PROXY is said once in the log; with TRUST_PROXY, or a request
// that came straight from a client, nothing is said.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serverWithLog(env: Record<string, string>) {
  let log = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer(env, { logStream });
  return { server, log: () => log };
}

const proxied = { headers: { 'x-forwarded-for': '203.0.113.7' } };

describe('a reverse proxy without TRUST_PROXY', () => {
  it('is said once in the log, naming the variable to set', async () => {
    const { server, log } = await serverWithLog({});
    await server.request(api.health);
    expect(log()).not.toContain('TRUST_PROXY');
    for (let i = 0; i < 3; i += 1) await server.request(api.health, proxied);
    const lines = log()
      .split('\n')
      .filter((line) => line.includes('TRUST_PROXY não está definido'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('set TRUST_PROXY=1');
    expect(lines[0]).toContain('127.0.0.1');
  });

  it('is not said when TRUST_PROXY is set', async () => {
    const { server, log } = await serverWithLog({ TRUST_PROXY: '1' });
    expect((await server.request(api.health, proxied)).status).toBe(200);
    expect(log()).not.toContain('TRUST_PROXY');
  });
});
