// The thank-you pages say what is true for this event (issue 33.6): each outcome's title and text
// are settings, on a real server over HTTP on SQLite and PostgreSQL. A fresh install serves the
// original's; what an organizer saves is served at once on /obrigado, /obrigado/confirmada and
// /obrigado/lista-de-espera (escaped, in the HTML); bad values get pt-BR errors at the field and
// save nothing; the next edition starts with them; the history names them. The form's answer says
// what became of the registration: a ticket's code when confirmed at once, a place on the waiting
// list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFieldMessages as messages } from '../../shared/event-fields.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths, thanksConfirmed, thanksWaitlisted } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const hostile = `<script>alert("x")</script> & 'aspas'`;
const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;aspas&#x27;';

const meetup = {
  received: { title: 'Recebemos!', text: `A organização confere e responde. ${hostile}` },
  confirmed: { title: `Vaga garantida ${hostile}`.slice(0, 80), text: 'Até lá!' },
  waitlisted: { title: 'Lista de espera do meetup', text: '' },
};

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const page = async (path: string) => (await server.request(path)).text();
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
  const save = async (change: Partial<EventSettings>) =>
    asAdmin(api.adminEvent, { method: 'PUT', json: { ...(await current()), ...change } });
  const register = async () => {
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as {
      status: string;
      ticket_code: string | null;
      waitlist_position?: number;
    };
  };

  it("serves the original's thank-you page to a fresh install, and a sensible one per outcome", async () => {
    expect((await current()).thanks).toEqual({
      received: { title: 'Confirmado!', text: 'Sua inscrição foi realizada com sucesso!' },
      confirmed: {
        title: 'Inscrição confirmada!',
        text: 'Sua vaga está garantida. Seu ingresso já está pronto: mostre o QR code dele na entrada.',
      },
      waitlisted: {
        title: 'Você está na lista de espera',
        text: 'Recebemos sua inscrição, mas as vagas do evento já foram preenchidas.',
      },
    });
    const received = await page(paths.thanks);
    expect(received).toContain('<title>Confirmado! · Build Safe</title>');
    expect(received).toContain('Sua inscrição foi realizada com sucesso!');
    // No e-mail nor WhatsApp Business here: the organizer sends the ticket by WhatsApp.
    expect(received).toContain('Você receberá seu ingresso pelo WhatsApp em breve.');
    const confirmed = await page(thanksConfirmed);
    expect(confirmed).toContain('Inscrição confirmada!');
    expect(confirmed).toContain('Você também receberá seu ingresso pelo WhatsApp.');
    const waitlisted = await page(thanksWaitlisted);
    expect(waitlisted).toContain('Você está na lista de espera');
    expect(waitlisted).not.toContain('Você receberá seu ingresso');
  });

  it('refuses bad values at the field, in pt-BR, saving nothing', async () => {
    const before = await current();
    const one = (change: object) => ({ thanks: { ...before.thanks, ...change } });
    const cases: [object, string][] = [
      [one({ received: { title: '', text: 'x' } }), messages.required],
      [one({ confirmed: { title: 'x'.repeat(81), text: '' } }), messages.tooLong(80)],
      [one({ waitlisted: { title: 'A', text: 'x'.repeat(501) } }), messages.tooLong(500)],
      [one({ received: { title: 'A\u0007', text: '' } }), messages.notText],
      [one({ received: { title: 'A' } }), messages.required],
      [{ thanks: { received: before.thanks.received } }, messages.thanks],
      [{ thanks: 'Obrigado!' }, messages.thanks],
    ];
    for (const [change, message] of cases) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, ...change },
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await response.json()).error.fields).toEqual({ thanks: message });
    }
    expect(await current()).toEqual(before);
  });

  it("serves the organizer's texts at once, escaped, on each outcome's page", async () => {
    expect((await save({ thanks: meetup })).status).toBe(200);
    expect((await current()).thanks).toEqual(meetup);

    const received = await page(paths.thanks);
    expect(received).toContain('Recebemos!');
    expect(received).toContain(`A organização confere e responde. ${escaped}`);
    expect(received).not.toContain('Confirmado!');
    const confirmed = await page(thanksConfirmed);
    expect(confirmed).toContain('Vaga garantida &lt;script&gt;');
    const waitlisted = await page(thanksWaitlisted);
    expect(waitlisted).toContain('Lista de espera do meetup');
    for (const html of [received, confirmed, waitlisted]) {
      expect(html).not.toContain('<script>alert');
      // In the page's JSON too, where '<' is written \u003c.
      expect(html).not.toMatch(/<\/script> &/);
    }
  });

  it("answers each outcome's facts: a ticket when confirmed at once, a place in line", async () => {
    expect((await save({ admission: 'approval', capacity: null })).status).toBe(200);
    const pending = await register();
    expect(pending).toMatchObject({ status: 'pending', ticket_code: null });
    expect(pending).not.toHaveProperty('waitlist_position');

    // A new edition in automatic admission with one seat: the first is confirmed with its ticket,
    // the next two wait, first and second in line.
    const edition = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife', date: '2036-03-20' },
    });
    expect(edition.status).toBe(201);
    expect((await save({ admission: 'automatic', capacity: 1 })).status).toBe(200);
    const first = await register();
    expect(first.status).toBe('confirmed');
    expect(first.ticket_code).toEqual(expect.any(String));
    expect(first).not.toHaveProperty('waitlist_position');
    const second = await register();
    const third = await register();
    expect(second).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(third).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
  });

  it('starts the next edition with them, and the history names them', async () => {
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife 2037', date: '2037-03-19' },
    });
    expect(created.status).toBe(201);
    expect((await current()).thanks).toEqual(meetup);
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const changes = (await (
      await asAdmin(api.adminEditionChanges.replace(':id', editions[2]?.id ?? ''))
    ).json()) as { fields: string[] }[];
    expect(changes.flatMap((change) => change.fields)).toContain('thanks');
  });
});
