// The admin's list of every registration is the one large JSON answer: it goes out compressed,
// in the encoding the client takes; small answers are not worth it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { rawGet as rawGetFrom } from '#test/api/raw-get.ts';
import { startSession } from '#test/api/sessions.ts';
import { seedRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await startSession(server.app.db.kysely));
  await seedRegistrations(
    server.app.db.kysely,
    Array.from({ length: 200 }, () => servedRegistration()),
  );
});
afterAll(async () => {
  await server.close();
});

const rawGet = (path: string, headers: Record<string, string>) =>
  rawGetFrom(server.url, path, headers);

describe('GET /api/admin/registrations', () => {
  it('goes out in Brotli, else gzip, else as is, varying on Accept-Encoding', async () => {
    const plain = await rawGet(api.adminRegistrations, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(list).toHaveLength(200);

    const br = await rawGet(api.adminRegistrations, { cookie, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(list);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await rawGet(api.adminRegistrations, { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(list);
  });
});

describe('a small JSON answer', () => {
  it('goes out as is: compressing it would cost more than it saves', async () => {
    const health = await rawGet(api.health, { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ ok: true });
  });
});
