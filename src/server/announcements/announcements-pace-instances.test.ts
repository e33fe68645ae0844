// Three instances on one PostgreSQL database send from one WhatsApp number: an announcement they
// share leaves at Meta's pace for that number, at most 80 requests in any second at the Graph API,
// not 80 per instance (decision 0192). The stand-in runs in a process of its own, noting arrivals
// as they come, not when the loop the three instances share gets to them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { busiest, sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startGraphApiProcess, type GraphApiProcess } from '#test/stand-ins/graph-api-process.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const people = 600;
let smtp: TestSmtp;
let graph: GraphApiProcess;
let database: TempPostgres;
const servers: TestServer[] = [];
let admin: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp({ parse: false });
  graph = await startGraphApiProcess();
  database = await createTempPostgres();
  const env = {
    DATABASE_URL: database.url,
    WHATSAPP_TEMPLATE_NOTICE: 'aviso_do_evento',
    ...sendingEnv({ smtp: smtp.url, graph }),
  };
  for (let i = 0; i < 3; i++) servers.push(await startTestServer(env));
  const db = servers[0]!.app.db.kysely;
  admin = await startSession(db);
  const rows = Array.from({ length: people }, (_, i) => {
    const body = validRegistration({ whatsapp: `+1508555${String(i).padStart(4, '0')}` });
    // The certificate is served, not stored with the registration.
    return { ...servedRegistration({ status: 'confirmed' }, body), certificate: undefined };
  });
  await seedRegistrations(db, rows as unknown as Registration[]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database?.drop();
  await graph?.close();
  await smtp?.close();
});

it('leaves at most 80 requests in any second from the three together, each person once', async () => {
  const response = await servers[0]!.request(api.adminAnnouncements, {
    method: 'POST',
    headers: { cookie: admin.cookie },
    json: {
      audience: 'confirmed',
      subject: 'Aviso',
      text: 'Olá, {nome}: o credenciamento abre às 7h.',
      channels: ['whatsapp'],
    },
  });
  expect(response.status).toBe(202);

  const recipients = await graph.waitForSuccesses(people, 180_000);
  expect(new Set(recipients).size).toBe(people);
  const mostInASecond = busiest((await graph.record()).arrivals, 1000);
  console.log(`WhatsApp from three instances: the busiest second had ${mostInASecond} requests`);
  expect(mostInASecond).toBeLessThanOrEqual(80);
}, 300_000);
