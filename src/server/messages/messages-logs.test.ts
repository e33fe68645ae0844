// Sending leaves no address and no phone in the server's log, failures and pauses included.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import {
  graphErrors,
  sendingEnv,
  startTestGraphApi,
  type TestGraphApi,
} from '#test/stand-ins/graph-api.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let log = '';
let smtp: TestSmtp;
let graph: TestGraphApi;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  graph = await startTestGraphApi();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  server = await startTestServer(sendingEnv({ smtp: smtp.url, graph }), {
    logStream: stream,
    config: { outboxRetry: { baseMs: 200, pausedProbeMs: 60_000 } },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await graph.close();
});

it('holds no address or phone after sends, a refusal, a retry and a paused channel', async () => {
  const people = [
    { email: 'Pessoa.Recusada@Exemplo.com', whatsapp: '+15085550171' },
    { email: 'Pessoa.Adiada@Exemplo.com', whatsapp: '+15085550172' },
  ];
  smtp.refuse(people[0]!.email);
  smtp.deferNext(1);
  graph.answerAll(graphErrors.badToken);
  const { cookie } = await startSession(server.app.db.kysely);
  for (const person of people) {
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: { nome_completo: 'Pessoa Sigilosa', nome_compania: 'Empresa', ...person },
    });
    const { id } = (await created.json()) as { id: string };
    await server.request(withId(api.adminConfirm, id), { method: 'POST', headers: { cookie } });
  }
  // The WhatsApp channel paused (a warning), one e-mail refused, one deferred then sent.
  await expect.poll(() => log.includes('whatsapp sending paused')).toBe(true);
  await expect
    .poll(async () =>
      (
        await server.app.db.kysely
          .selectFrom('messages')
          .select('status')
          .where('channel', '=', 'email')
          .execute()
      )
        .map((m) => m.status)
        .sort(),
    )
    .toEqual(['failed', 'failed', 'sent', 'sent']);
  expect(log.length).toBeGreaterThan(0);
  for (const person of people) {
    for (const text of [
      person.email,
      person.email.toLowerCase(),
      person.whatsapp,
      person.whatsapp.slice(1),
    ]) {
      expect(log).not.toContain(text);
    }
  }
});
