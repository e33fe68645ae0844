// What a door phone receives (the attendee list and its live stream), on SQLite and PostgreSQL:
// every confirmed person with their ticket and check-in, kept current, and never a phone or an
// e-mail, whichever registrations the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeChangeSchema, attendeeSchema, type Attendee } from '../../shared/door.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { openLiveStream, toldEdition, type SseMessage } from '#test/api/live-stream.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import {
  changesDuring,
  loggedChanges,
  loggedHead,
  positionAhead,
  register,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';

const isReady = (message: SseMessage) => message.type === 'ready';
const changeOf = (message: SseMessage) => attendeeChangeSchema.parse(JSON.parse(message.data));

/** Every way a registration's phone or e-mail could show up in text. */
function contactForms(registration: Registration): string[] {
  const digits = registration.whatsapp.replace(/\D/g, '');
  return [
    registration.whatsapp,
    digits,
    digits.slice(-9),
    registration.email,
    registration.email.toLowerCase(),
    registration.email.split('@')[0]!,
  ];
}

describe.each([['SQLite'], ['PostgreSQL']])('the door’s data on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;
  /** Every registration made here, as the admin sees it (with phone and e-mail). */
  const everyone: Registration[] = [];

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  let people = 0;
  /** A person with a phone and an e-mail no one else here has. */
  function someone(overrides: Record<string, unknown> = {}) {
    people += 1;
    return {
      nome_completo: `Pessoa ${people} ${engine}`,
      whatsapp: `+55 11 9${String(40_000_000 + people * 7919)}`,
      email: `contato.${people}.${engine.toLowerCase()}.${Date.now()}@exemplo.com`,
      ...overrides,
    };
  }
  async function confirmedPerson() {
    const person = await registerConfirmed(server, admin.cookie, someone());
    everyone.push(person);
    return person;
  }
  async function pendingPerson() {
    const person = await register(server, someone());
    everyone.push(person);
    return person;
  }

  function expectNoContact(text: string) {
    expect(everyone.length).toBeGreaterThan(0);
    for (const registration of everyone) {
      for (const form of contactForms(registration)) {
        expect({ form, found: text.includes(form) }).toEqual({ form, found: false });
      }
    }
  }

  it('lists every registration of the edition with its state, a ticket code only for the confirmed', async () => {
    const confirmed = [await confirmedPerson(), await confirmedPerson()];
    const pending = await pendingPerson();
    // Cancelled after confirmation: the database still holds the ticket it had.
    const cancelled = await confirmedPerson();
    const cancel = await server.request(withId(api.adminCancel, cancelled.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect(cancel.status).toBe(200);
    await postCheckIn(server, door.cookie, { code: confirmed[0]!.ticket_code });

    const response = await server.request(api.doorAttendees, { headers: { cookie: door.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const attendees = attendeeSchema.array().parse(await response.json());
    const byId = new Map(attendees.map((attendee) => [attendee.id, attendee]));
    expect(byId.get(pending.id)).toEqual({
      id: pending.id,
      nome_completo: pending.nome_completo,
      nome_compania: pending.nome_compania,
      status: 'pending',
      ticket_code: null,
      checked_in_at: null,
      checked_in_by: null,
    });
    expect(byId.get(cancelled.id)).toMatchObject({ status: 'cancelled', ticket_code: null });
    expect(JSON.stringify(attendees)).not.toContain(cancelled.ticket_code);
    expect(byId.get(confirmed[0]!.id)).toEqual({
      id: confirmed[0]!.id,
      nome_completo: confirmed[0]!.nome_completo,
      nome_compania: confirmed[0]!.nome_compania,
      status: 'confirmed',
      ticket_code: confirmed[0]!.ticket_code,
      checked_in_at: expect.any(String),
      checked_in_by: door.email,
    });
    expect(byId.get(confirmed[1]!.id)).toMatchObject({ checked_in_at: null, checked_in_by: null });
    const stored = await server.app.db.kysely.selectFrom('registrations').select('id').execute();
    expect(attendees.map((a) => a.id).sort()).toEqual(stored.map((r) => r.id).sort());
  });

  it('holds no phone and no e-mail of anyone, for a door account or an admin', async () => {
    await confirmedPerson();
    await pendingPerson();
    for (const session of [door, admin]) {
      const response = await server.request(api.doorAttendees, {
        headers: { cookie: session.cookie },
      });
      const text = await response.text();
      // The check sees what it looks for where it is: the admin's list holds them.
      const adminList = await (
        await server.request(api.adminRegistrations, { headers: { cookie: admin.cookie } })
      ).text();
      expect(adminList).toContain(everyone[0]!.email);
      expectNoContact(text);
      const keys = new Set((JSON.parse(text) as Attendee[]).flatMap((a) => Object.keys(a)));
      expect([...keys].sort()).toEqual(Object.keys(attendeeSchema.shape).sort());
    }
  });

  describe('GET /api/door/events', () => {
    it('starts like the admin stream: retry, then `ready` at the log’s head', async () => {
      await pendingPerson();
      const head = await loggedHead(server);
      const stream = await openLiveStream(server.url, door.cookie, { path: api.doorLiveStream });
      try {
        expect(stream.response.status).toBe(200);
        expect(stream.response.headers.get('content-type')).toBe(
          'text/event-stream; charset=utf-8',
        );
        // With the event as the door shows it (decision 0120).
        expect(await stream.next(isReady)).toEqual({
          id: head,
          type: 'ready',
          data: toldEdition(server.app, 'door'),
        });
        expect(JSON.parse(toldEdition(server.app, 'door')).edition.event).not.toHaveProperty(
          'whatsappMessage',
        );
        expect(stream.text().startsWith('retry: 1000\n\n')).toBe(true);
      } finally {
        await stream.close();
      }
    });

    it('sends the attendee as registered, on confirmation, check-in and undo, `removed` on deletion', async () => {
      const stream = await openLiveStream(server.url, door.cookie, { path: api.doorLiveStream });
      // Each step delivered before the next: a message carries the row as the hub reads it.
      const step = (action: () => Promise<Response>, status: number) =>
        changesDuring(server, async () => expect((await action()).status).toBe(status));
      const adminCall = (method: string, pattern: string, id: string) => () =>
        server.request(withId(pattern, id), { method, headers: { cookie: admin.cookie } });
      try {
        await stream.next(isReady);
        let pending: Registration | undefined;
        let person: Registration | undefined;
        await changesDuring(server, async () => {
          pending = await pendingPerson();
          person = await pendingPerson();
        });
        await step(adminCall('POST', api.adminConfirm, person!.id), 200);
        const { ticket_code: code } = (await server.app.db.kysely
          .selectFrom('registrations')
          .select('ticket_code')
          .where('id', '=', person!.id)
          .executeTakeFirstOrThrow()) as { ticket_code: string };
        await step(() => postCheckIn(server, door.cookie, { code }), 200);
        await step(
          () =>
            server.request(withId(api.doorCheckIn, person!.id), {
              method: 'DELETE',
              headers: { cookie: door.cookie },
            }),
          200,
        );
        await step(adminCall('DELETE', api.adminRegistration, person!.id), 204);
        const last = await loggedHead(server);
        await stream.next((message) => message.id === last);

        const changes = stream.messages.filter((message) => message.type === 'change');
        const attendee = {
          id: person!.id,
          nome_completo: person!.nome_completo,
          nome_compania: person!.nome_compania,
          status: 'confirmed',
          ticket_code: code,
          checked_in_at: null,
          checked_in_by: null,
        };
        const registered = { ...attendee, status: 'pending', ticket_code: null };
        expect(changes.map(changeOf)).toEqual([
          {
            type: 'upserted',
            attendee: {
              ...registered,
              id: pending!.id,
              nome_completo: pending!.nome_completo,
              nome_compania: pending!.nome_compania,
            },
          },
          { type: 'upserted', attendee: registered },
          { type: 'upserted', attendee },
          {
            type: 'upserted',
            attendee: { ...attendee, checked_in_at: expect.any(String), checked_in_by: door.email },
          },
          { type: 'upserted', attendee },
          { type: 'removed', id: person!.id },
        ]);
        // Ids are the log's positions, every change sent.
        const logged = (await loggedChanges(server)).filter(
          (change) =>
            change.registration_id === person!.id || change.registration_id === pending!.id,
        );
        expect(changes.map((message) => message.id)).toEqual(logged.map((change) => change.id));
        expectNoContact(stream.text());
      } finally {
        await stream.close();
      }
    });

    it('replays what a door phone missed after its Last-Event-ID, projected, then `ready`; `reset` when it cannot', async () => {
      const seen = await loggedHead(server);
      const person = await confirmedPerson();
      const pending = await pendingPerson();
      expect((await postCheckIn(server, door.cookie, { code: person.ticket_code })).status).toBe(
        200,
      );
      const now = await loggedHead(server);

      const stream = await openLiveStream(server.url, door.cookie, {
        path: api.doorLiveStream,
        lastEventId: seen,
      });
      try {
        const ready = await stream.next(isReady);
        expect(ready.id).toBe(now);
        const replayed = stream.messages.slice(0, stream.messages.indexOf(ready));
        // The row as it is now, for each change (created, confirmed, the other's creation, checked in).
        const current = {
          type: 'upserted',
          attendee: expect.objectContaining({ id: person.id, checked_in_by: door.email }),
        };
        const other = {
          type: 'upserted',
          attendee: expect.objectContaining({
            id: pending.id,
            status: 'pending',
            ticket_code: null,
          }),
        };
        expect(replayed.map(changeOf)).toEqual([current, current, other, current]);
        expectNoContact(stream.text());
      } finally {
        await stream.close();
      }

      const ahead = await openLiveStream(server.url, door.cookie, {
        path: api.doorLiveStream,
        lastEventId: positionAhead(now),
      });
      try {
        expect(await ahead.next((message) => message.type === 'reset')).toEqual({
          id: now,
          type: 'reset',
          data: toldEdition(server.app, 'door'),
        });
      } finally {
        await ahead.close();
      }
    });
  });
});
