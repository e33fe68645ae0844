// The ticket for whoever holds its code: GET /api/tickets/:code and the calendar file. A code
// is given on confirmation (128 random bits, base64url, unique), never changes, and opens nothing
// once the registration is deleted. No phone, no e-mail, never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { defaultEvent } from '../../shared/event.ts';
import { api, ticketCalendar, ticketPageUrl, withCode, withId } from '../../shared/paths.ts';
import { ticketSchema } from '../../shared/ticket.schema.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let admin: TestSession;
let door: TestSession;
beforeAll(async () => {
  server = await startTestServer();
  admin = await startSession(server.app.db.kysely);
  door = await startSession(server.app.db.kysely, { role: 'door' });
});
afterAll(() => server.close());

const confirmed = () => registerConfirmed(server, admin.cookie);
const getTicket = (code: string) => server.request(withCode(api.ticket, code));

function expectPersonalHeaders(response: Response) {
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
}

async function expectNoTicket(response: Response) {
  expect(response.status).toBe(404);
  expectPersonalHeaders(response);
  expect(await response.json()).toEqual({
    error: { code: 'ticket_not_found', message: apiErrors.ticketNotFound },
  });
}

describe('the ticket code', () => {
  it('is given on confirmation: 22 base64url characters, unique, unrelated to the id', async () => {
    const pending = await register(server);
    expect(pending.ticket_code).toBeNull();
    const people = await Promise.all(Array.from({ length: 20 }, confirmed));
    const codes = people.map((person) => person.ticket_code);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes).size).toBe(codes.length);
    for (const person of people) {
      expect(person.id.replace(/-/g, '')).not.toContain(person.ticket_code.slice(0, 8));
    }
    // Decoded, the codes are 16 random bytes: no byte value is fixed across them.
    const bytes = codes.map((code) => Buffer.from(code, 'base64url'));
    for (const b of bytes) expect(b).toHaveLength(16);
    for (let i = 0; i < 16; i += 1) {
      expect(new Set(bytes.map((b) => b[i])).size).toBeGreaterThan(1);
    }
  });

  it('stays the same when the confirmation is repeated', async () => {
    const person = await confirmed();
    const again = await server.request(withId(api.adminConfirm, person.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect((await again.json()).ticket_code).toBe(person.ticket_code);
  });
});

describe('GET /api/tickets/:code', () => {
  it('answers anyone with the name, company, event and check-in: no phone, no e-mail', async () => {
    const person = await confirmed();
    const response = await getTicket(person.ticket_code);
    expect(response.status).toBe(200);
    expectPersonalHeaders(response);
    const text = await response.text();
    expect(ticketSchema.parse(JSON.parse(text))).toEqual({
      nome_completo: person.nome_completo,
      nome_compania: person.nome_compania,
      ticket_code: person.ticket_code,
      checked_in_at: null,
      event: {
        name: defaultEvent.name,
        date: defaultEvent.date,
        time: defaultEvent.time,
        timeZone: defaultEvent.timeZone,
        venue: defaultEvent.venue,
        city: defaultEvent.city,
      },
    });
    for (const contact of [person.email, person.whatsapp, person.whatsapp.slice(1), person.id]) {
      expect(text).not.toContain(contact);
    }
  });

  it('shows the check-in once the door has let the person in', async () => {
    const person = await confirmed();
    const checkIn = await (
      await postCheckIn(server, door.cookie, { code: person.ticket_code })
    ).json();
    const ticket = ticketSchema.parse(await (await getTicket(person.ticket_code)).json());
    expect(ticket.checked_in_at).toBe(checkIn.checked_in_at);
  });

  it('answers 404 for a code never given, malformed, pending, or revoked by deletion', async () => {
    const person = await confirmed();
    const deleted = await confirmed();
    expect(
      (
        await server.request(withId(api.adminRegistration, deleted.id), {
          method: 'DELETE',
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(204);
    for (const code of [
      deleted.ticket_code,
      'A'.repeat(22),
      person.ticket_code.slice(1),
      `${person.ticket_code}=`,
      person.id,
      '%00',
      'null',
    ]) {
      await expectNoTicket(await getTicket(code));
    }
  });
});

describe('GET /ingresso/:code/evento.ics', () => {
  it('is a calendar file for the ticket, linking back to its page on PUBLIC_URL', async () => {
    const person = await confirmed();
    const response = await server.request(withCode(ticketCalendar, person.ticket_code));
    expect(response.status).toBe(200);
    expectPersonalHeaders(response);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="evento.ics"');
    const ics = (await response.text()).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('DTSTART:20251206T123000Z\r\n');
    expect(ics).toContain(
      `URL;VALUE=URI:${ticketPageUrl(server.config.publicUrl, person.ticket_code)}\r\n`,
    );
    expect(ics).not.toContain(person.nome_completo);
    expect(ics).not.toContain(person.email);
  });

  it('answers 404 once the code opens nothing', async () => {
    await expectNoTicket(await server.request(withCode(ticketCalendar, 'B'.repeat(22))));
  });
});
