// What a ticket's code and a door session open (issue 31, point 1): a ticket is shown to the
// door, photographed, posted online; a door account lists every code. None of it may reveal the
// person's own token or cancel the registration: the token reaches only the person (the answer
// to their registration, their messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  attendeeCancel,
  attendeePage,
  ticketCalendar,
  ticketPage,
  withCode,
} from '../../shared/paths.ts';
import { postCheckIn } from '#test/api/door.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let admin: TestSession;
let door: TestSession;
beforeAll(async () => {
  server = await startTestServer();
  admin = await startSession(server.app.db.kysely);
  door = await startSession(server.app.db.kysely, { role: 'door' });
});
afterAll(() => server.close());

/** A confirmed registration, with the token its answer gave the person. */
async function confirmedWithToken() {
  const response = await server.request(api.registrations, {
    method: 'POST',
    json: validRegistration(),
  });
  expect(response.status).toBe(201);
  const { id, personal_page } = (await response.json()) as { id: string; personal_page: string };
  const token = decodeURIComponent(personal_page.split('/').pop()!);
  const confirmed = await server.request(api.adminConfirm.replace(':id', id), {
    method: 'POST',
    headers: { cookie: admin.cookie },
  });
  expect(confirmed.status).toBe(200);
  const { ticket_code: code } = (await confirmed.json()) as { ticket_code: string };
  return { id, token, code };
}

async function statusOf(id: string): Promise<string> {
  const row = await server.app.db.kysely
    .selectFrom('registrations')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('a ticket code and a door session', () => {
  it('reveal no personal token anywhere they reach', async () => {
    const person = await confirmedWithToken();
    const stream = await openLiveStream(server.url, door.cookie, { path: api.doorLiveStream });
    try {
      const seen: string[] = [];
      const read = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
        const response = await server.request(path, init);
        seen.push(`${path} ${response.status}\n${await response.text()}`);
        return response;
      };
      // Everything the code opens without a login.
      expect((await read(withCode(ticketPage, person.code))).status).toBe(200);
      expect((await read(withCode(api.ticket, person.code))).status).toBe(200);
      expect((await read(withCode(ticketCalendar, person.code))).status).toBe(200);
      // Everything a door account reads, before and after letting the person in.
      expect((await read(api.doorAttendees, { headers: { cookie: door.cookie } })).status).toBe(
        200,
      );
      const checkIn = await postCheckIn(server, door.cookie, { code: person.code });
      seen.push(await checkIn.text());
      expect(checkIn.status).toBeLessThan(300);
      expect((await read(api.doorAttendees, { headers: { cookie: door.cookie } })).status).toBe(
        200,
      );
      await stream.next((message) => message.data.includes(person.code));
      seen.push(stream.text());

      const everything = seen.join('\n');
      expect(everything).toContain(person.code);
      expect(everything).not.toContain(person.token);
      expect(everything).not.toContain(withCode(attendeePage, person.token));
    } finally {
      await stream.close();
    }
  });

  it('cancel nobody: the code is not a personal token', async () => {
    const person = await confirmedWithToken();
    for (const path of [
      withCode(attendeePage, person.code),
      withCode(attendeeCancel, person.code),
    ]) {
      expect((await server.request(path)).status).toBe(404);
    }
    const posted = await server.request(withCode(attendeeCancel, person.code), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: door.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(posted.status).toBe(404);
    expect(await statusOf(person.id)).toBe('confirmed');
  });
});
