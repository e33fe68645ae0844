// 'Avisar inscritos' end to end (issue 35.4): the organizer's announcement reaches exactly its
// audience through the real SMTP server and the Graph API stand-in, with the placeholders filled
// for each person, and its counts per status come back from the outbox; on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementSchema,
  audienceCountsSchema,
  type Announcement,
} from '../../shared/announcement.schema.ts';
import { api } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

/** The default edition (6 December 2025, 7:30 in New York) is over: a door entry inside it. */
const duringEvent = '2025-12-06T13:00:00.000Z';

function person(name: string, phone: string, served: Partial<Registration>): Registration {
  return servedRegistration(served, validRegistration({ nome_completo: name, whatsapp: phone }));
}

const people = {
  came: person('Ana Veio', '+15085550101', {
    status: 'confirmed',
    ticket_code: 'VEIO-0001',
    checked_in_at: duringEvent,
  }),
  missed: person('Bruno Faltou', '+15085550102', {
    status: 'confirmed',
    ticket_code: 'FALT-0002',
  }),
  pending: person('Carla Pendente', '+15085550103', { status: 'pending' }),
  waiting: person('Davi Espera', '+15085550104', { status: 'waitlisted' }),
  cancelled: person('Eva Cancelou', '+15085550105', { status: 'cancelled' }),
};

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let smtp: TestSmtp;
  let graph: TestGraphApi;
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    graph = await startTestGraphApi();
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(
      {
        ...env,
        ...sendingEnv({ smtp: smtp.url, graph }),
        WHATSAPP_TEMPLATE_NOTICE: 'aviso_do_evento',
      },
      { config: { outboxRetry: { baseMs: 300 } } },
    );
    admin = await startSession(server.app.db.kysely);
    // The certificate is served, not stored with the registration.
    const rows = Object.values(people).map((p) => ({ ...p, certificate: undefined }));
    await seedRegistrations(server.app.db.kysely, rows as unknown as Registration[]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await graph?.close();
    await smtp?.close();
  });

  function post(path: string, json: unknown, cookie = admin.cookie) {
    return server.request(path, { method: 'POST', headers: { cookie }, json });
  }

  async function announcements(): Promise<Announcement[]> {
    const response = await server.request(api.adminAnnouncements, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    return announcementSchema.array().parse(await response.json());
  }

  /** The announcement once `expected` of its messages have an outcome. */
  async function settled(id: string, expected: number): Promise<Announcement> {
    let found: Announcement | undefined;
    await expect
      .poll(async () => {
        found = (await announcements()).find((a) => a.id === id)!;
        const { sent, delivered, read, failed } = found.counts;
        return sent + delivered + read + failed;
      })
      .toBe(expected);
    return found!;
  }

  const text =
    'Olá, {nome}!\n\nO {evento} mudou de sala: agora é no auditório 2.\n\nIngresso: {link}';

  describe('the audiences', () => {
    it('counts who each audience reaches, and where the test goes', async () => {
      const response = await server.request(api.adminAnnouncementAudience, {
        headers: { cookie: admin.cookie },
      });
      expect(response.status).toBe(200);
      expect(audienceCountsSchema.parse(await response.json())).toEqual({
        counts: {
          confirmed: 2,
          pending: 1,
          waitlisted: 1,
          all: 4,
          attended: 1,
          not_attended: 1,
        },
        afterEvent: true,
        channels: ['email', 'whatsapp'],
        testAddress: admin.email,
      });
    });
  });

  describe('an announcement', () => {
    it('reaches the confirmed by e-mail and WhatsApp, filled for each, and is counted', async () => {
      const before = graph.requests.length;
      const response = await post(api.adminAnnouncements, {
        audience: 'confirmed',
        subject: 'Mudança de sala no {evento}',
        text,
        channels: ['email', 'whatsapp'],
      });
      expect(response.status).toBe(202);
      const created = (await response.json()) as { id: string; recipients: number };
      expect(created.recipients).toBe(2);

      const mails = await smtp.waitFor(2);
      const ana = mails.find((mail) => mail.text?.includes('Ana Veio'));
      expect(ana?.subject).toBe('Mudança de sala no Build Safe');
      expect(ana?.text).toContain('O Build Safe mudou de sala: agora é no auditório 2.');
      expect(ana?.text).toContain(`${server.url}/ingresso/VEIO-0001`);
      expect(ana?.html).toContain('Olá, Ana Veio!');
      expect(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual(
        [people.came.email, people.missed.email].sort(),
      );

      const sends = (await graph.waitForSuccesses(before + 2)).slice(before);
      expect(sends.map((s) => s.body.to).sort()).toEqual(['15085550101', '15085550102']);
      for (const send of sends) {
        expect(send.body.template.name).toBe('aviso_do_evento');
        expect(send.body.template.components).toHaveLength(1);
        expect(send.body.template.components[0]!.parameters).toHaveLength(1);
      }
      const bruno = sends.find((s) => s.body.to === '15085550102')!;
      expect(bruno.body.template.components[0]!.parameters[0]!.text).toBe(
        `Mudança de sala no Build Safe: Olá, Bruno Faltou! O Build Safe mudou de sala: agora é no auditório 2. Ingresso: ${server.url}/ingresso/FALT-0002`,
      );

      const counted = await settled(created.id, 4);
      expect(counted).toMatchObject({
        audience: 'confirmed',
        subject: 'Mudança de sala no {evento}',
        channels: ['email', 'whatsapp'],
        recipients: 2,
        created_by: admin.email,
        counts: { queued: 0, sent: 4, delivered: 0, read: 0, failed: 0 },
      });
    });

    it("goes to 'Não compareceram' after the event: the confirmed without an entry only", async () => {
      smtp.received.length = 0;
      const response = await post(api.adminAnnouncements, {
        audience: 'not_attended',
        subject: 'Sentimos sua falta',
        text: '{nome}, os slides estão no site.\n\nSeu ingresso: {link}',
        channels: ['email'],
      });
      expect(response.status).toBe(202);
      expect(await response.json()).toMatchObject({ recipients: 1 });
      const [mail] = await smtp.waitFor(1);
      expect(mail?.to && 'text' in mail.to && mail.to.text).toBe(people.missed.email);
      expect(mail?.text).toContain('Bruno Faltou, os slides estão no site.');
    });

    it("leaves out the paragraph of {link} for a person without a ticket ('Pendentes')", async () => {
      smtp.received.length = 0;
      const response = await post(api.adminAnnouncements, {
        audience: 'pending',
        subject: 'Aviso',
        text,
        channels: ['email'],
      });
      expect(response.status).toBe(202);
      const [mail] = await smtp.waitFor(1);
      expect(mail?.text).toContain('Olá, Carla Pendente!');
      expect(mail?.text).not.toContain('Ingresso:');
    });

    it("sends 'Enviar teste' to the signed-in organizer's own address, as a person reads it", async () => {
      smtp.received.length = 0;
      const response = await post(api.adminAnnouncementTest, {
        subject: 'Aviso do {evento}',
        text,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ to: admin.email, sent: true, reason: null });
      const [mail] = await smtp.waitFor(1);
      expect(mail?.to && 'text' in mail.to && mail.to.text).toBe(admin.email);
      expect(mail?.subject).toBe('[Teste] Aviso do Build Safe');
      expect(mail?.text).toContain('Olá, Maria da Silva!');
      expect(mail?.text).toContain(`${server.url}/ingresso/EXEMPLO`);
    });
  });

  describe('refusals', () => {
    const valid = { audience: 'all', subject: 'Aviso', text: 'Texto', channels: ['email'] };

    it.each([
      [{ ...valid, subject: '  ' }, 'subject', 'Escreva o assunto do aviso.'],
      [{ ...valid, text: '' }, 'text', 'Escreva o texto do aviso.'],
      [
        { ...valid, audience: 'vips' },
        'audience',
        'Escolha quem recebe o aviso: Confirmadas, Pendentes, Lista de espera ou Todas.',
      ],
      [{ ...valid, channels: [] }, 'channels', 'Escolha ao menos um canal: e-mail ou WhatsApp.'],
      [
        { ...valid, text: 'Oi {apelido}' },
        'text',
        '{apelido} não é um marcador conhecido. Use {nome}, {evento}, {data}, {hora}, {local}, {link}.',
      ],
    ])('refuses %j at its field, in pt-BR, storing nothing', async (body, field, message) => {
      const before = (await announcements()).length;
      const response = await post(api.adminAnnouncements, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: { code: string; fields: object } };
      expect(answer.error.code).toBe('validation');
      expect(answer.error.fields).toEqual({ [field]: message });
      expect((await announcements()).length).toBe(before);
    });
  });

  describe('before the event', () => {
    it("refuses 'Compareceram' at its field, and counts it 0", async () => {
      await eventStartingAt(server, admin.cookie, Date.now() + 48 * 60 * 60_000);
      const response = await post(api.adminAnnouncements, {
        audience: 'attended',
        subject: 'Obrigado',
        text: 'Obrigado por vir!',
        channels: ['email'],
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          code: 'validation',
          fields: {
            audience: 'Compareceram e Não compareceram só existem depois do início do evento.',
          },
        },
      });
      const counts = await server.request(api.adminAnnouncementAudience, {
        headers: { cookie: admin.cookie },
      });
      expect(audienceCountsSchema.parse(await counts.json())).toMatchObject({
        afterEvent: false,
        counts: { attended: 0, not_attended: 0, confirmed: 2 },
      });
    });
  });
});

describe('a server with no channel for announcements', () => {
  let bare: TestServer;
  let cookie: string;
  beforeAll(async () => {
    bare = await startTestServer();
    cookie = (await startSession(bare.app.db.kysely)).cookie;
  });
  afterAll(async () => bare?.close());

  it('refuses an announcement and a test, saying what to configure', async () => {
    const body = { audience: 'all', subject: 'Aviso', text: 'Texto', channels: ['email'] };
    const refused = await bare.request(api.adminAnnouncements, {
      method: 'POST',
      headers: { cookie },
      json: body,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: 'channel_off',
        message:
          'Nenhum canal de envio está configurado no servidor: o aviso precisa de SMTP_URL e MAIL_FROM (e-mail) ou de WHATSAPP_TEMPLATE_NOTICE (WhatsApp).',
      },
    });
    const test = await bare.request(api.adminAnnouncementTest, {
      method: 'POST',
      headers: { cookie },
      json: { subject: 'Aviso', text: 'Texto' },
    });
    expect(test.status).toBe(409);
  });
});
