// The person's own page tells each person the truth about where they stand (issue 31.10), on the
// built site over HTTP, on SQLite and PostgreSQL: someone on the waiting list or still pending
// holds no seat, so neither the page nor its cancellation step speaks of 'sua vaga'; someone
// already let in is not told to show the QR code at the entrance, nor is anyone once the event
// is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { api, attendeeCancel, withCode } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { postCheckIn } from '#test/api/door.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const seat = /sua vaga/i;
const showQr = /Mostre o QR code/i;

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function saveEvent(changes: Partial<EventSettings>) {
    const current = eventSettingsSchema.parse(
      await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
    );
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: { ...current, ...changes },
    });
    expect(saved.status).toBe(200);
  }

  async function register() {
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      status: string;
      ticket_code: string | null;
      personal_page: string;
    };
    const path = new URL(body.personal_page).pathname;
    return { ...body, path, token: path.split('/').pop()! };
  }

  const html = async (path: string) => (await fetch(server.url + path)).text();

  it('speaks of a seat only to someone who holds one, and of the QR code only before the entry', async () => {
    await saveEvent({ capacity: 1, admission: 'automatic', date: '2036-06-05' });
    const seated = await register();
    const waiting = await register();
    expect([seated.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);

    const seatedPage = await html(seated.path);
    expect(seatedPage).toMatch(showQr);
    expect(seatedPage).toMatch(seat);

    const waitingPage = await html(waiting.path);
    expect(waitingPage).toContain('Você está na lista de espera');
    expect(waitingPage).toContain('Não poderei comparecer');
    expect(waitingPage).not.toMatch(seat);
    const waitingStep = await html(withCode(attendeeCancel, waiting.token));
    expect(waitingStep).toContain('Sim, cancelar minha inscrição');
    expect(waitingStep).not.toMatch(seat);

    await saveEvent({ capacity: null, admission: 'approval' });
    const pending = await register();
    expect(pending.status).toBe('pending');
    expect(await html(pending.path)).not.toMatch(seat);
    expect(await html(withCode(attendeeCancel, pending.token))).not.toMatch(seat);

    const entry = await postCheckIn(server, door.cookie, { code: seated.ticket_code });
    expect(entry.status).toBe(200);
    const inside = await html(seated.path);
    expect(inside).toContain('Sua entrada no evento já foi registrada');
    expect(inside).not.toMatch(showQr);
    expect(inside).not.toContain('Não poderei comparecer');
  });

  it('tells no one to show the QR code once the event is over', async () => {
    await saveEvent({ capacity: null, admission: 'automatic', date: '2036-06-05' });
    const confirmed = await register();
    expect(confirmed.status).toBe('confirmed');
    expect(await html(confirmed.path)).toMatch(showQr);
    await saveEvent({ date: '2020-06-05', retentionDays: 3650 });
    const over = await html(confirmed.path);
    expect(over).toContain('O evento já terminou');
    expect(over).not.toMatch(showQr);
  });
});
