// A seat offered is said (issue 35.3): someone moved off the waiting list hears of it by e-mail,
// through a real SMTP server, on both engines. In approval mode, that a seat opened and is held
// for them pending the organizer's confirmation (no ticket yet); in automatic admission, with
// their ticket, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let smtp: TestSmtp;
  let database: TempPostgres | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    let env = sendingEnv({ smtp: smtp.url });
    if (engine === 'PostgreSQL') {
      database = await createTempPostgres();
      env = { ...env, DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

  /** A new current edition, next year, with these seat settings. */
  async function seats(change: Partial<EventSettings>, date: string) {
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { date, name: `Edição ${date}` },
    });
    expect(created.status).toBe(201);
    const current = eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
    const saved = await asAdmin(api.adminEvent, { method: 'PUT', json: { ...current, ...change } });
    expect(saved.status).toBe(200);
  }

  /** One confirmed person in the only seat, one waiting; then the seated one is cancelled. */
  async function freeTheSeat(waitingEmail: string) {
    const seated = await register(server, { email: `sentada.${waitingEmail}` });
    expect((await asAdmin(withId(api.adminConfirm, seated.id), { method: 'POST' })).status).toBe(
      200,
    );
    const waiting = await register(server, { email: waitingEmail, nome_completo: 'Zoë Ñandú' });
    expect(waiting.status).toBe('waitlisted');
    await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' });
    return waiting;
  }

  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

  it('tells the person moved off the list in approval mode that a seat is held for them', async () => {
    await seats({ capacity: 1, admission: 'approval' }, '2027-02-01');
    const waiting = await freeTheSeat('espera.aprovacao@exemplo.com');
    await expect
      .poll(() => mailsTo('espera.aprovacao@exemplo.com').map((mail) => mail.subject))
      .toContainEqual(expect.stringMatching(/^Uma vaga foi liberada para você: /));
    const [seatMail] = mailsTo('espera.aprovacao@exemplo.com').filter((mail) =>
      mail.subject?.startsWith('Uma vaga foi liberada'),
    );
    expect(seatMail?.text).toContain('Olá, Zoë Ñandú!');
    expect(seatMail?.text).toContain('falta a confirmação da organização');
    // No ticket is promised yet: none goes with it.
    expect(seatMail?.attachments.length ?? 0).toBe(0);
    const messages = await server.app.db.kysely
      .selectFrom('messages')
      .select(['kind', 'channel'])
      .where('registration_id', '=', waiting.id)
      .execute();
    expect(messages.filter((message) => message.kind === 'seat')).toEqual([
      { kind: 'seat', channel: 'email' },
    ]);
  });

  it('sends the ticket, and no seat message, in automatic admission', async () => {
    await seats({ capacity: 1, admission: 'automatic' }, '2027-02-02');
    const seated = await register(server, { email: 'sentada.auto@exemplo.com' });
    expect(seated.status).toBe('confirmed');
    const waiting = await register(server, { email: 'espera.auto@exemplo.com' });
    expect(waiting.status).toBe('waitlisted');
    await asAdmin(withId(api.adminCancel, seated.id), { method: 'POST' });
    const kinds = () =>
      server.app.db.kysely
        .selectFrom('messages')
        .select('kind')
        .where('registration_id', '=', waiting.id)
        .execute()
        .then((rows) => rows.map((row) => row.kind).sort());
    await expect.poll(kinds).toContain('ticket');
    expect(await kinds()).not.toContain('seat');
  });
});
