// Registration, login and admin use leave no e-mail, phone, password or cookie in the log.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import { cookiePair } from '#test/api/login.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const admin = { email: 'Organizadora.Logs@Exemplo.com', password: 'senha-que-nao-vaza-42' };
const visitor = {
  nome_completo: 'Josefina Rastreável',
  whatsapp: '(508) 555-0199',
  email: 'Josefina.Rastreavel@Exemplo.com',
  nome_compania: 'Empreiteira Sigilosa',
  levar_alguem: 'sim',
  confirmacao: 'ok',
};
const phoneE164 = '+15085550199';

let log = '';
let server: TestServer;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer(
    { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    { logStream: stream },
  );
});
afterAll(async () => {
  await server.close();
});

describe('the server log', () => {
  it('holds no e-mail, phone, password or cookie value after a full registration and admin session', async () => {
    // A visitor registers, then tries again (409) and sends a broken phone (400).
    const created = await server.request(api.registrations, { method: 'POST', json: visitor });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect(
      (await server.request(api.registrations, { method: 'POST', json: visitor })).status,
    ).toBe(409);
    const invalid = await server.request(api.registrations, {
      method: 'POST',
      json: { ...visitor, whatsapp: `${visitor.whatsapp.slice(0, 9)}`, email: `x${visitor.email}` },
    });
    expect(invalid.status).toBe(400);

    // The organizer mistypes the password, then logs in.
    const wrong = await server.request(api.adminLogin, {
      method: 'POST',
      json: { email: admin.email, password: `${admin.password}!` },
    });
    expect(wrong.status).toBe(401);
    const login = await server.request(api.adminLogin, { method: 'POST', json: admin });
    expect(login.status).toBe(200);
    const cookie = cookiePair(login.headers.get('set-cookie'));
    const sessionId = cookie.split('=')[1]!;

    // Lists, watches the live stream, confirms, and logs out.
    const headers = { cookie };
    expect((await server.request(api.adminRegistrations, { headers })).status).toBe(200);
    const stream = await server.request(api.adminLiveStream, { headers });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const confirm = await server.request(withId(api.adminConfirm, id), { method: 'POST', headers });
    expect(confirm.status).toBe(200);
    await reader.read();
    expect((await server.request(api.adminMe, { headers })).status).toBe(200);
    expect((await server.request(api.adminLogout, { method: 'POST', headers })).status).toBe(204);
    expect((await reader.read()).done).toBe(true);
    // A stale cookie afterwards.
    expect((await server.request(api.adminRegistrations, { headers })).status).toBe(401);

    // The log did record the traffic: this test can see what the server writes.
    expect(log).toContain('incoming request');
    expect(log).toContain(api.adminLogin);
    expect(log).toContain('account logged in');

    const lowerLog = log.toLowerCase();
    const secrets = {
      'admin e-mail': admin.email,
      'admin e-mail local part': 'organizadora.logs',
      password: admin.password,
      'visitor e-mail': visitor.email,
      'visitor e-mail local part': 'josefina.rastreavel',
      'phone as sent': visitor.whatsapp,
      'phone in E.164': phoneE164,
      'phone digits': phoneE164.slice(1),
      'phone national digits': '5085550199',
      'visitor name': 'Rastreável',
      company: 'Sigilosa',
      'session id': sessionId,
      'session id, url-encoded': encodeURIComponent(sessionId),
    };
    for (const [what, value] of Object.entries(secrets)) {
      expect({ what, found: lowerLog.includes(value.toLowerCase()) }).toEqual({
        what,
        found: false,
      });
    }
  });
});
