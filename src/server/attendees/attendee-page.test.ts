// The person's own link (issue 19 point 4, decision 0130), on the built site over HTTP, on SQLite
// and PostgreSQL: every e-mail carries /inscricao/<token> (the ticket page never does: 0178); the
// page shows the state (the waiting list with the person's place), and 'Não poderei comparecer'
// leads to a confirmation step whose form POST cancels: the oldest waitlisted person gets the
// seat and one ticket, the cancelled person a short e-mail, the door refuses the old ticket, and a
// second cancellation changes nothing. A bad or unknown token gets the not-found page with nothing
// changed; the token is in no list and no log line. The full event's thank-you page promises no
// ticket.
import { Writable } from 'node:stream';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/audit.schema.ts';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import {
  api,
  attendeeCancel,
  attendeePage,
  thanksWaitlisted,
  withCode,
  withId,
} from '../../shared/paths.ts';
import { registrationSchema, type Registration } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { postCheckIn } from '#test/api/door.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { loggedChangesIn } from '#test/databases/logged-changes.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const tokenLink = /\/inscricao\/([A-Za-z0-9_-]{30})/;

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;
  let smtp: TestSmtp;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    let env = sendingEnv({ smtp: smtp.url });
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(env, { logStream });
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
    // Two seats, first come first served, at an event still to come.
    await saveEvent({ capacity: 2, admission: 'automatic', date: '2036-06-05' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
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

  async function register(): Promise<Registration & { personal_page: string }> {
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { personal_page: string };
    return { ...registrationSchema.parse(body), personal_page: body.personal_page };
  }

  /** The e-mails sent to this person so far (waited for: `count` of them). */
  async function mailTo(person: Registration, count: number): Promise<ParsedMail[]> {
    let mails: ParsedMail[] = [];
    await expect
      .poll(() => {
        mails = smtp.received.filter(
          (mail) => mail.to && JSON.stringify(mail.to).includes(person.email),
        );
        return mails.length;
      })
      .toBeGreaterThanOrEqual(count);
    return mails;
  }

  function tokenIn(mail: ParsedMail): string {
    const match = tokenLink.exec(mail.text ?? '');
    expect(match).not.toBeNull();
    return match![1]!;
  }

  async function page(path: string) {
    const response = await fetch(server.url + path, { redirect: 'manual' });
    return { response, html: await response.text() };
  }

  function cancel(token: string) {
    return fetch(server.url + withCode(attendeeCancel, token), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: server.config.publicUrl,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
  }

  async function rowState() {
    const db = server.app.db.kysely;
    return {
      registrations: await db
        .selectFrom('registrations')
        .select(['id', 'status', 'ticket_code'])
        .orderBy('id')
        .execute(),
      audit: (await db.selectFrom('audit_entries').select('id').execute()).length,
      messages: (await db.selectFrom('messages').select('id').execute()).length,
    };
  }

  it('shows each state, cancels through the confirmation step, gives the seat to the waiting list once', async () => {
    const first = await register();
    const second = await register();
    const waiting = await register();
    const last = await register();
    // The answer gives the person their own page, once.
    expect(first.personal_page).toMatch(tokenLink);
    expect([first, second, waiting, last].map((r) => r.status)).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    // The token is nowhere in what the API serves.
    const listed = await (
      await server.request(api.adminRegistrations, { headers: { cookie: admin.cookie } })
    ).text();

    const [ticketMail] = await mailTo(first, 1);
    expect(ticketMail!.subject).toContain('Seu ingresso');
    const token = tokenIn(ticketMail!);
    expect(first.personal_page).toBe(server.config.publicUrl + withCode(attendeePage, token));
    expect(listed).not.toContain(token);
    const [waitingMail] = await mailTo(last, 1);
    expect(waitingMail!.subject).toContain('lista de espera');
    expect(waitingMail!.text).toContain('Você está na lista de espera');
    expect(waitingMail!.text).not.toContain('você receberá seu ingresso');
    const lastToken = tokenIn(waitingMail!);

    // The ticket page never links to the person's own page: whoever sees a ticket could cancel.
    const ticket = await page(withCode('/ingresso/:code', first.ticket_code!));
    expect(ticket.html).not.toContain(token);

    const confirmed = await page(withCode(attendeePage, token));
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.response.headers.get('cache-control')).toBe('private, no-store');
    expect(confirmed.html).toContain('Inscrição confirmada');
    expect(confirmed.html).toContain(withCode('/ingresso/:code', first.ticket_code!));
    expect(confirmed.html).toContain('Não poderei comparecer');
    expect(confirmed.html).not.toContain(first.email);
    expect(confirmed.html).not.toContain('<script');

    const queued = await page(withCode(attendeePage, lastToken));
    expect(queued.html).toContain('lista de espera, na posição 2');

    const step = await page(withCode(attendeeCancel, token));
    expect(step.response.status).toBe(200);
    expect(step.html).toContain('Cancelar sua inscrição?');
    expect(step.html).toContain('Sim, cancelar minha inscrição');
    expect(step.html).toMatch(/<form action="\/inscricao\/[^"]+\/cancelar" method="post"/);

    // Every panel and door phone hears of it (their live streams), token nowhere in them. The
    // streams start after the registrations above are final: on PostgreSQL another test file's
    // open transaction can hold them back, and a change delivered late reads the row as it is
    // then (already cancelled).
    await loggedChangesIn(server.app.db);
    const panel = await openLiveStream(server.url, admin.cookie);
    const doorStream = await openLiveStream(server.url, door.cookie, { path: api.doorLiveStream });
    await panel.next((m) => m.type === 'ready');
    await doorStream.next((m) => m.type === 'ready');

    const done = await cancel(token);
    expect(done.status).toBe(303);
    try {
      const cancelledChange = await panel.next(
        (m) =>
          m.type === 'change' &&
          m.data.includes(first.id) &&
          m.data.includes('cancelled') &&
          !m.data.includes('"created"'),
      );
      expect(JSON.parse(cancelledChange.data)).toMatchObject({
        type: 'updated',
        registration: { id: first.id, status: 'cancelled' },
      });
      await panel.next(
        (m) => m.type === 'change' && m.data.includes(waiting.id) && m.data.includes('confirmed'),
      );
      // The door keeps knowing the person, cancelled, with no ticket code (decision 0211).
      const cancelledAtDoor = await doorStream.next(
        (m) => m.type === 'change' && m.data.includes(first.id),
      );
      expect(JSON.parse(cancelledAtDoor.data)).toMatchObject({
        type: 'upserted',
        attendee: { id: first.id, status: 'cancelled', ticket_code: null },
      });
      const seated = await doorStream.next(
        (m) => m.type === 'change' && m.data.includes(waiting.id),
      );
      expect(JSON.parse(seated.data)).toMatchObject({
        type: 'upserted',
        attendee: { id: waiting.id, status: 'confirmed' },
      });
      expect(panel.text() + doorStream.text()).not.toContain(token);
    } finally {
      await panel.close();
      await doorStream.close();
    }
    expect(done.headers.get('location')).toBe(withCode(attendeePage, token));
    const after = await page(withCode(attendeePage, token));
    expect(after.html).toContain('Inscrição cancelada');
    expect(after.html).not.toContain('Não poderei comparecer');
    // Its history: the person, through their own link (no message answered).
    const trail = await server.request(withId(api.adminAudit, first.id), {
      headers: { cookie: admin.cookie },
    });
    expect(
      ((await trail.json()) as AuditEntry[]).filter((entry) => entry.action === 'withdrawn'),
    ).toEqual([expect.objectContaining({ actor: null, message: null })]);

    // The oldest waitlisted person got the seat and one ticket; the next one moved up.
    const ticketsToWaiting = (await mailTo(waiting, 2)).filter((m) =>
      m.subject?.includes('Seu ingresso'),
    );
    expect(ticketsToWaiting).toHaveLength(1);
    expect((await page(withCode(attendeePage, lastToken))).html).toContain(
      'lista de espera, na posição 1',
    );
    const [, cancelledMail] = await mailTo(first, 2);
    expect(cancelledMail!.subject).toContain('Inscrição cancelada');

    // The door refuses the cancelled ticket; its page is gone.
    const atDoor = await postCheckIn(server, door.cookie, { code: first.ticket_code });
    expect(atDoor.status).toBe(409);
    expect((await atDoor.json()).error).toEqual({
      code: 'cancelled',
      message: 'Inscrição cancelada.',
    });
    expect((await page(withCode('/ingresso/:code', first.ticket_code!))).response.status).toBe(404);

    // A second cancellation changes nothing.
    const before = await rowState();
    expect((await cancel(token)).status).toBe(303);
    expect(await rowState()).toEqual(before);

    // Nothing of the token in the log.
    expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).not.toContain(lastToken);
    expect(second.status).toBe('confirmed');
  });

  it('answers a bad or unknown token with the not-found page, changing nothing', async () => {
    const before = await rowState();
    for (const token of [
      'abc',
      'A'.repeat(22),
      'A'.repeat(30),
      'A'.repeat(26),
      '%00',
      'x'.repeat(300),
    ]) {
      const view = await page(withCode(attendeePage, token));
      expect(view.response.status).toBe(404);
      // Past the router's longest parameter (100 characters) Fastify answers its 404 as JSON.
      if (token.length <= 100) expect(view.html, token).toContain('<html');
      expect((await page(withCode(attendeeCancel, token))).response.status).toBe(404);
      expect((await cancel(token)).status).toBe(404);
    }
    expect(await rowState()).toEqual(before);
  });

  it('opens a link made before tokens began with their time (22 characters)', async () => {
    const person = await register();
    const older = 'Zm9yMjJjaGFyYWN0ZXJzAA';
    await server.app.db.kysely
      .updateTable('registrations')
      .set({ personal_token: older })
      .where('id', '=', person.id)
      .execute();
    const view = await page(withCode(attendeePage, older));
    expect(view.response.status).toBe(200);
    expect(view.html).toContain('Não poderei comparecer');
  });

  it('refuses a cancellation posted from another site', async () => {
    const person = await register();
    const [mail] = await mailTo(person, 1);
    const token = tokenIn(mail!);
    const response = await fetch(server.url + withCode(attendeeCancel, token), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: 'https://outro-site.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(response.status).toBe(403);
    expect((await page(withCode(attendeePage, token))).html).not.toContain('Inscrição cancelada');
  });

  it('serves the full event’s thank-you page, which promises no ticket', async () => {
    const thanks = await page(thanksWaitlisted);
    expect(thanks.response.status).toBe(200);
    expect(thanks.html).toContain('Você está na lista de espera');
    expect(thanks.html).not.toContain('Você receberá seu ingresso');
    expect(thanks.html).not.toContain('<script');
  });

  it('lets nobody cancel once let in at the door or once the event is over, and says why', async () => {
    await saveEvent({ capacity: null });
    const [came, stayedHome] = [await register(), await register()];
    const [cameToken, homeToken] = [
      tokenIn((await mailTo(came, 1))[0]!),
      tokenIn((await mailTo(stayedHome, 1))[0]!),
    ];
    expect((await page(withCode(attendeePage, homeToken))).html).toContain(
      'Não poderei comparecer',
    );
    expect((await postCheckIn(server, door.cookie, { code: came.ticket_code })).status).toBe(200);

    const letIn = await page(withCode(attendeePage, cameToken));
    expect(letIn.html).toContain('Sua entrada no evento já foi registrada');
    expect(letIn.html).not.toContain('Não poderei comparecer');
    let before = await rowState();
    expect((await cancel(cameToken)).status).toBe(303);
    expect(await rowState()).toEqual(before);

    // Its day has gone by: a cancellation would hand the seat on as a ticket for it.
    await saveEvent({ date: '2020-01-10' });
    const over = await page(withCode(attendeePage, homeToken));
    expect(over.html).toContain('O evento já terminou');
    expect(over.html).not.toContain('Não poderei comparecer');
    expect((await page(withCode(attendeeCancel, homeToken))).response.status).toBe(303);
    before = await rowState();
    expect((await cancel(homeToken)).status).toBe(303);
    expect(await rowState()).toEqual(before);
    const ticket = await page(withCode('/ingresso/:code', stayedHome.ticket_code!));
    expect(ticket.html).toContain('Evento encerrado');
    expect(ticket.html).not.toContain('Ingresso válido');
    await saveEvent({ date: '2036-06-05', capacity: 2 });
    expect((await page(withCode('/ingresso/:code', stayedHome.ticket_code!))).html).toContain(
      'Ingresso válido',
    );
  });
});
