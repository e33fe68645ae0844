// An announcement to 2,000 people (issue 35.4): WhatsApp at Meta's pace (at most 80 requests in
// any second at the Graph API), e-mail within the SMTP pool, each person once per channel, and
// the panel answering its list while the burst is under way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import {
  busiest,
  sendingEnv,
  startTestGraphApi,
  type TestGraphApi,
} from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { mailConnections } from '../messages/email/smtp-mailer.ts';

const people = 2000;
let smtp: TestSmtp;
let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp({ parse: false });
  graph = await startTestGraphApi();
  server = await startTestServer({
    ...sendingEnv({ smtp: smtp.url, graph }),
    WHATSAPP_TEMPLATE_NOTICE: 'aviso_do_evento',
  });
  admin = await startSession(server.app.db.kysely);
  const rows = Array.from({ length: people }, (_, i) => {
    const phone = `+1508555${String(i).padStart(4, '0')}`;
    const body = validRegistration({ whatsapp: phone });
    // The certificate is served, not stored with the registration.
    return { ...servedRegistration({ status: 'confirmed' }, body), certificate: undefined };
  });
  await seedRegistrations(server.app.db.kysely, rows as unknown as Registration[]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await graph?.close();
  await smtp?.close();
});

describe('an announcement to 2,000 people', () => {
  it('goes at the providers’ pace, once per person, with the panel answering', async () => {
    const arrivals: number[] = [];
    graph.beforeAnswer(async () => {
      arrivals.push(Date.now());
    });

    const rest = performance.now();
    await (
      await server.request(api.adminRegistrations, { headers: { cookie: admin.cookie } })
    ).arrayBuffer();
    console.log(`panel list at rest: ${Math.round(performance.now() - rest)} ms`);
    const began = performance.now();
    const response = await server.request(api.adminAnnouncements, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: {
        audience: 'confirmed',
        subject: 'Aviso',
        text: 'Olá, {nome}: o credenciamento abre às 7h.',
        channels: ['email', 'whatsapp'],
      },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ recipients: people });

    // While it is being sent: the panel's list of 2,000 answers, again and again.
    const answered: number[] = [];
    const sending = graph.waitForSuccesses(people, 180_000);
    let done = false;
    void sending.finally(() => (done = true));
    while (!done && answered.length < 20) {
      const started = performance.now();
      const list = await server.request(api.adminRegistrations, {
        headers: { cookie: admin.cookie },
      });
      expect(list.status).toBe(200);
      await list.arrayBuffer();
      answered.push(performance.now() - started);
      // A panel asking again four times a second, as one open on the list would: not a wait.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sends = await sending;
    console.log(`WhatsApp done after ${Math.round(performance.now() - began)} ms`);
    await expect.poll(() => smtp.accepted.length, { timeout: 180_000 }).toBe(people);
    console.log(`e-mail done after ${Math.round(performance.now() - began)} ms`);

    expect(sends).toHaveLength(people);
    expect(new Set(sends.map((s) => s.body.to)).size).toBe(people);
    const mostInASecond = busiest(arrivals, 1000);
    console.log(`WhatsApp: the busiest second had ${mostInASecond} requests`);
    expect(mostInASecond).toBeLessThanOrEqual(80);
    expect(new Set(smtp.accepted.map((a) => a.messageId)).size).toBe(people);
    expect(smtp.connections.most).toBeLessThanOrEqual(mailConnections);
    // Figures, not a timing assertion: the stand-ins run in this process, on a shared machine.
    console.log(
      `panel list during the burst: ${answered.length} answers, slowest ${Math.round(Math.max(...answered))} ms`,
    );
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...answered)).toBeLessThan(15_000);
  }, 300_000);
});
