// The event set up from the panel, edition after edition (issue 18), on a real server over HTTP,
// on SQLite and on PostgreSQL: the settings round trip, their pt-BR field errors (nothing saved),
// their history, the pages rendered again (here, and on another instance within 2 s), a new
// edition (the same e-mail registers again, a past ticket still opens and is refused at the
// door), a past edition's registrations read-only (every write refused with past_edition, even
// one that meets the new edition being made, but their erasure), and a database written by the
// previous release opening with every row in the first edition and the event its EVENT_CONFIG
// file described.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, errorTable } from '../../shared/api-error.ts';
import { editionSchema, eventChangeSchema, type Edition } from '../../shared/edition.schema.ts';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { eventFieldMessages } from '../../shared/event-fields.ts';
import { defaultEvent } from '../../shared/event.ts';
import { api, paths, ticketPage, withCode, withId } from '../../shared/paths.ts';
import { registrationSchema } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { editionsLock } from '../db/current-edition.ts';
import { pastEditionDateMessage } from './edition-date.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { olderDatabase } from '#test/databases/older-database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-editions-'));
const databases: TempPostgres[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

/** The last migration of the release before editions: what an upgraded database has run. */
const previousRelease = '2026-11-25T01-create-messages';

function eventFile(content: unknown): string {
  const file = join(dir, `${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;
  let env: Record<string, string>;
  // E-mail on: a message can be sent again (or refused) only on a channel that sends.
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    env = sendingEnv({ smtp: smtp.url });
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

  async function settings(): Promise<EventSettings> {
    const response = await asAdmin(api.adminEvent);
    expect(response.status).toBe(200);
    return eventSettingsSchema.parse(await response.json());
  }

  async function save(body: unknown): Promise<Response> {
    return asAdmin(api.adminEvent, { method: 'PUT', json: body });
  }

  async function editions(): Promise<Edition[]> {
    const response = await asAdmin(api.adminEditions);
    expect(response.status).toBe(200);
    return editionSchema.array().parse(await response.json());
  }

  async function page(path: string, base = server) {
    const response = await fetch(base.url + path, { headers: { 'accept-encoding': 'identity' } });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      html: await response.text(),
    };
  }

  it('takes back what it serves, changed, and serves the change; the history names the fields', async () => {
    const before = await settings();
    expect(before).toEqual(defaultEvent);
    const changed = {
      ...before,
      venue: 'Centro de Convenções Rebouças',
      whatsappMessage: 'Oi, {nome}! Ingresso do {evento}: {link}',
    };
    const saving = new Date().toISOString();
    const response = await save(changed);
    const saved = new Date().toISOString();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(changed);
    expect(await settings()).toEqual(changed);

    const [current] = await editions();
    const history = await asAdmin(withId(api.adminEditionChanges, current!.id));
    expect(history.status).toBe(200);
    const entries = eventChangeSchema.array().parse(await history.json());
    expect(entries.at(-1)).toMatchObject({
      action: 'updated',
      fields: ['venue', 'whatsappMessage'],
      actor: admin.email,
      edition_id: current!.id,
    });
    // Recorded when the save was made (ISO 8601 UTC strings compare in time order).
    expect(entries.at(-1)!.at >= saving && entries.at(-1)!.at <= saved).toBe(true);
  });

  it.each([
    ['an impossible date', { date: '2026-02-30' }, 'date', eventFieldMessages.invalidDate],
    [
      'an unknown time zone',
      { timeZone: 'America/Atlantida' },
      'timeZone',
      eventFieldMessages.unknownTimeZone,
    ],
    ['an empty name', { name: '  ' }, 'name', eventFieldMessages.required],
  ])(
    'refuses %s with its field’s pt-BR message, saving nothing',
    async (_, change, field, message) => {
      const before = await settings();
      const [current] = await editions();
      const historyBefore = await (
        await asAdmin(withId(api.adminEditionChanges, current!.id))
      ).json();

      const response = await save({ ...before, venue: 'Outro lugar', ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: errorTable.validation.code,
          message: apiErrors.validation,
          fields: { [field]: message },
        },
      });
      expect(await settings()).toEqual(before);
      const historyAfter = await (
        await asAdmin(withId(api.adminEditionChanges, current!.id))
      ).json();
      expect(historyAfter).toEqual(historyBefore);
    },
  );

  it('is for admins only', async () => {
    const body = await settings();
    for (const [method, path] of [
      ['GET', api.adminEvent],
      ['PUT', api.adminEvent],
      ['GET', api.adminEditions],
      ['POST', api.adminEditions],
    ] as const) {
      const anonymous = await server.request(path, {
        method,
        json: method === 'GET' ? undefined : body,
      });
      expect(anonymous.status).toBe(401);
      const doorAnswer = await server.request(path, {
        method,
        headers: { cookie: door.cookie },
        json: method === 'GET' ? undefined : body,
      });
      expect(doorAnswer.status).toBe(403);
    }
  });

  it('renders the public pages again after a save: the same page for every request until then, new HTML and ETag after', async () => {
    // The form page names the venue (the landing page, without a script since 0101, carries no
    // event JSON and shows no venue).
    const before = await page(paths.register);
    const again = await page(paths.register);
    expect(again.etag).toBe(before.etag);
    const venue = `Pavilhão ${randomUUID().slice(0, 8)}`;
    expect((await save({ ...(await settings()), venue })).status).toBe(200);
    // Answered once this instance has its new pages.
    const after = await page(paths.register);
    expect(after.html).toContain(venue);
    expect(before.html).not.toContain(venue);
    expect(after.etag).not.toBe(before.etag);
  });

  if (engine === 'PostgreSQL') {
    it('has another instance serve the new venue within 2 s, with no restart', async () => {
      const other = await startTestServer(env);
      try {
        const venue = `Arena ${randomUUID().slice(0, 8)}`;
        expect((await page(paths.register, other)).html).not.toContain(venue);
        expect((await save({ ...(await settings()), venue })).status).toBe(200);
        await expect
          .poll(async () => (await page(paths.register, other)).html, {
            timeout: 10_000,
            interval: 50,
          })
          .toContain(venue);
      } finally {
        await other.close();
      }
    });
  }

  it('tells open panels and doors of a save at once, and to reload their lists for a new edition', async () => {
    const panel = await openLiveStream(server.url, admin.cookie);
    const doorStream = await openLiveStream(server.url, door.cookie, { path: api.doorLiveStream });
    try {
      // A stream opens with the current edition: what changed while a screen was away is told.
      const opened = JSON.parse((await panel.next((m) => m.type === 'ready')).data);
      expect(opened.edition.event).toEqual(await settings());
      const doorOpened = JSON.parse((await doorStream.next((m) => m.type === 'ready')).data);
      expect(doorOpened.edition.event.name).toBe((await settings()).name);
      expect(doorOpened.edition.event).not.toHaveProperty('whatsappMessage');
      const venue = `Galpão ${randomUUID().slice(0, 8)}`;
      expect((await save({ ...(await settings()), venue })).status).toBe(200);
      const [current] = await editions();
      const told = JSON.parse((await panel.next((m) => m.type === 'edition')).data);
      expect(told).toMatchObject({ id: current!.id, event: { venue } });
      expect(told.event.whatsappMessage).toEqual(expect.any(String));
      const doorTold = JSON.parse((await doorStream.next((m) => m.type === 'edition')).data);
      expect(doorTold).toMatchObject({ id: current!.id, event: { venue } });
      // The door shows the event, never a message's text.
      expect(doorTold.event).not.toHaveProperty('whatsappMessage');
      expect(panel.messages.some((m) => m.type === 'reset')).toBe(false);
    } finally {
      await panel.close();
      await doorStream.close();
    }
  });

  it('starts a new edition from the current one: the same e-mail registers again, the past ticket still opens and is refused at the door', async () => {
    const email = `repete.${randomUUID()}@exemplo.com`;
    const past = await registerConfirmed(server, admin.cookie, { email });
    const pastSettings = await settings();
    const [pastEdition] = await editions();

    // A new date is required.
    const missing = await asAdmin(api.adminEditions, { method: 'POST', json: { name: 'X' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ date: eventFieldMessages.required });

    const panelAtSwitch = await openLiveStream(server.url, admin.cookie);
    await panelAtSwitch.next((m) => m.type === 'ready');
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Build Safe 2026', date: '2036-12-05' },
    });
    expect(created.status).toBe(201);
    const edition = editionSchema.parse(await created.json());
    expect(edition).toMatchObject({ current: true, registrations: 0 });
    expect(edition.event).toEqual({ ...pastSettings, name: 'Build Safe 2026', date: '2036-12-05' });
    expect(await settings()).toEqual(edition.event);
    const listed = await editions();
    expect(listed.map((e) => [e.id, e.current])).toEqual([
      [edition.id, true],
      [pastEdition!.id, false],
      ...listed.slice(2).map((e) => [e.id, false]),
    ]);

    // The list starts empty; the same person registers again in the new edition.
    const list = await asAdmin(api.adminRegistrations);
    expect(await list.json()).toEqual([]);
    const again = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ email }),
    });
    expect(again.status).toBe(201);
    const twice = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ email: email.toUpperCase() }),
    });
    expect(twice.status).toBe(409);

    // The past edition's registrations, read-only, as the panel lists them.
    const pastList = await asAdmin(withId(api.adminEditionRegistrations, pastEdition!.id));
    expect(pastList.status).toBe(200);
    const pastRows = registrationSchema.array().parse(await pastList.json());
    expect(pastRows.map((r) => r.id)).toContain(past.id);
    expect(pastRows.map((r) => r.email)).toContain(email);
    const unknown = await asAdmin(withId(api.adminEditionRegistrations, randomUUID()));
    expect(unknown.status).toBe(404);

    // The past ticket's page opens, showing its own edition; the new pages show the new one.
    const ticket = await page(withCode(ticketPage, past.ticket_code));
    expect(ticket.status).toBe(200);
    expect(ticket.html).toContain(pastSettings.name);
    expect(ticket.html).not.toContain('Build Safe 2026');
    expect(ticket.html).toContain('6 de dezembro de 2025');
    const home = await page(paths.home);
    expect(home.html).toContain('Build Safe 2026');
    const calendar = await server.request(`${withCode(ticketPage, past.ticket_code)}/evento.ics`);
    expect(await calendar.text()).toContain('DTSTART:20251206T123000Z');

    // Open panels were told to reload their lists.
    const reset = (await panelAtSwitch.next((m) => m.type === 'edition' || m.type === 'reset'))
      .type;
    expect(reset).toBe('edition');
    // The reset carries the new edition too, as every `ready` and `reset` does (decision 0120).
    const told = JSON.parse((await panelAtSwitch.next((m) => m.type === 'reset')).data);
    expect(told.edition).toMatchObject({ id: edition.id, event: edition.event });
    await panelAtSwitch.close();

    // The door refuses it with its own verdict, writing nothing.
    const refused = await postCheckIn(server, door.cookie, { code: past.ticket_code });
    expect(refused.status).toBe(errorTable.otherEdition.status);
    expect(await refused.json()).toEqual({
      error: { code: 'other_edition', message: 'Ingresso de outra edição.' },
    });
    const doorList = await server.request(api.doorAttendees, { headers: { cookie: door.cookie } });
    expect((await doorList.json()).map((a: { id: string }) => a.id)).not.toContain(past.id);
  });

  /** Everything a write to a registration leaves behind, but the sender's progress. */
  async function writes() {
    const db = server.app.db.kysely;
    return {
      registrations: await db.selectFrom('registrations').selectAll().orderBy('id').execute(),
      messages: await db
        .selectFrom('messages')
        .select(['id', 'registration_id'])
        .orderBy('id')
        .execute(),
      audit: await db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
      checkIns: await db
        .selectFrom('check_in_requests')
        .selectAll()
        .orderBy('idempotency_key')
        .execute(),
    };
  }

  const pastEdition = {
    error: {
      code: 'past_edition',
      message: 'Esta inscrição é de uma edição passada e não pode mais ser alterada.',
    },
  };

  it('keeps a past edition read-only: confirming, the ticket, messages and undoing a check-in are refused with past_edition, writing nothing; erasing still works', async () => {
    const pending = await register(server);
    const confirmed = await registerConfirmed(server, admin.cookie);
    const checkedIn = await registerConfirmed(server, admin.cookie);
    expect((await postCheckIn(server, door.cookie, { code: checkedIn.ticket_code })).status).toBe(
      200,
    );
    // A message that failed: the bulk resend's business, had the edition stayed current.
    const now = new Date().toISOString();
    await server.app.db.kysely
      .insertInto('messages')
      .values({
        id: randomUUID(),
        registration_id: confirmed.id,
        channel: 'email',
        kind: 'ticket',
        status: 'failed',
        attempts: 5,
        next_attempt_at: now,
        created_at: '9999-01-01T00:00:00.000Z',
        updated_at: now,
      })
      .execute();
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { date: '2027-12-04', name: 'Edição de 2027' },
    });
    expect(created.status).toBe(201);
    const fresh = await register(server);

    const before = await writes();
    const asDoor = { cookie: door.cookie };
    for (const [what, path, init] of [
      ['confirm', withId(api.adminConfirm, pending.id), { method: 'POST' }],
      ['confirm again', withId(api.adminConfirm, confirmed.id), { method: 'POST' }],
      ['ticket sent', withId(api.adminTicket, confirmed.id), { method: 'POST' }],
      [
        'ticket again',
        withId(api.adminMessages, confirmed.id),
        { method: 'POST', json: { channel: 'email', kind: 'ticket' } },
      ],
      [
        'received again',
        withId(api.adminMessages, pending.id),
        { method: 'POST', json: { channel: 'email', kind: 'received' } },
      ],
      [
        'undo a check-in',
        withId(api.doorCheckIn, checkedIn.id),
        { method: 'DELETE', headers: asDoor },
      ],
    ] as const) {
      const response = await asAdmin(path, init);
      expect([what, response.status]).toEqual([what, errorTable.pastEdition.status]);
      expect(await response.json()).toEqual(pastEdition);
    }
    const bulk = await asAdmin(api.adminBulkConfirm, {
      method: 'POST',
      json: { ids: [pending.id, confirmed.id, fresh.id, randomUUID()] },
    });
    expect(await bulk.json()).toEqual({
      confirmed: 1,
      already_confirmed: 0,
      not_found: 1,
      past_edition: 2,
      capacity_reached: 0,
      cancelled: 0,
    });
    const resend = await asAdmin(api.adminBulkResend, {
      method: 'POST',
      json: { ids: [pending.id, confirmed.id, checkedIn.id] },
    });
    expect(await resend.json()).toEqual({ queued: 0, past_edition: 3 });
    // Nothing of the past edition moved (the bulk confirmation's one write is the new edition's).
    const after = await writes();
    const pastIds = new Set([pending.id, confirmed.id, checkedIn.id]);
    expect(after.registrations.filter((r) => pastIds.has(r.id))).toEqual(
      before.registrations.filter((r) => pastIds.has(r.id)),
    );
    const pastAudit = (rows: typeof before.audit) =>
      rows.filter((r) => r.registration_id && pastIds.has(r.registration_id));
    expect(pastAudit(after.audit)).toEqual(pastAudit(before.audit));
    expect(after.checkIns).toEqual(before.checkIns);
    const pastMessages = (rows: typeof before.messages) =>
      rows.filter((r) => pastIds.has(r.registration_id));
    expect(pastMessages(after.messages)).toEqual(pastMessages(before.messages));

    // A person may ask for their data to go, whatever the edition.
    const erased = await asAdmin(withId(api.adminRegistration, pending.id), { method: 'DELETE' });
    expect(erased.status).toBe(204);
    const gone = await server.app.db.kysely
      .selectFrom('registrations')
      .select('id')
      .where('id', '=', pending.id)
      .execute();
    expect(gone).toEqual([]);
  });

  if (engine === 'PostgreSQL') {
    it('has a write that meets a new edition being made wait for it, then refuses it', async () => {
      const pending = await register(server);
      const confirmed = await registerConfirmed(server, admin.cookie);
      const checkedIn = await registerConfirmed(server, admin.cookie);
      expect((await postCheckIn(server, door.cookie, { code: checkedIn.ticket_code })).status).toBe(
        200,
      );
      // This connection holds the editions' lock, as a 'Nova edição' in progress does, so the
      // order of what waits for it is known.
      const holder = new pg.Client({ connectionString: env.DATABASE_URL });
      await holder.connect();
      const waiting = async () => {
        const { rows } = await holder.query<{ n: string }>(
          `select count(*) as n from pg_locks
            where locktype = 'advisory' and objid = $1 and not granted
              and database = (select oid from pg_database where datname = current_database())`,
          [editionsLock],
        );
        return Number(rows[0]!.n);
      };
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1)', [editionsLock]);
        const creating = asAdmin(api.adminEditions, {
          method: 'POST',
          json: { date: '2028-12-02', name: 'Edição de 2028' },
        });
        await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe(1);
        // Sent while the new edition waits: each waits behind it, then finds its registration
        // in a past edition.
        const attempts = [
          asAdmin(withId(api.adminConfirm, pending.id), { method: 'POST' }),
          asAdmin(withId(api.adminTicket, confirmed.id), { method: 'POST' }),
          asAdmin(withId(api.doorCheckIn, checkedIn.id), {
            method: 'DELETE',
            headers: { cookie: door.cookie },
          }),
        ];
        await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe(1 + attempts.length);
        await holder.query('commit');
        expect((await creating).status).toBe(201);
        for (const attempt of await Promise.all(attempts)) {
          expect(attempt.status).toBe(errorTable.pastEdition.status);
          expect(await attempt.json()).toEqual(pastEdition);
        }
      } finally {
        await holder.end();
      }
      const rows = await server.app.db.kysely
        .selectFrom('registrations')
        .select(['id', 'status', 'ticket_sent_at', 'checked_in_at'])
        .where('id', 'in', [pending.id, confirmed.id, checkedIn.id])
        .orderBy('id')
        .execute();
      expect(rows).toEqual(
        [
          { id: pending.id, status: 'pending', ticket_sent_at: null, checked_in_at: null },
          { id: confirmed.id, status: 'confirmed', ticket_sent_at: null, checked_in_at: null },
          {
            id: checkedIn.id,
            status: 'confirmed',
            ticket_sent_at: null,
            checked_in_at: expect.any(String),
          },
        ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
    });
  }

  it('refuses a new edition that would start in the past, on the event’s own clocks, with a pt-BR message at the date, and makes nothing', async () => {
    /** The wall clock in `timeZone`, `minutes` from now: its date and its time. */
    const clockThere = (timeZone: string, minutes: number) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(Date.now() + minutes * 60_000));
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return {
        date: `${part('year')}-${part('month')}-${part('day')}`,
        time: `${part('hour')}:${part('minute')}`,
      };
    };
    // Behind UTC and ahead of it: a server reading the date and time as UTC's would take an
    // hour from now in São Paulo for the past, and an hour ago in Tokyo for the future.
    for (const timeZone of ['America/Sao_Paulo', 'Asia/Tokyo']) {
      expect((await save({ ...(await settings()), timeZone })).status).toBe(200);
      const before = await editions();
      for (const body of [
        { date: '2020-01-10', name: 'Antiga' },
        { ...clockThere(timeZone, -60), name: 'Uma hora atrás' },
        { ...clockThere(timeZone, -24 * 60), name: 'Ontem' },
      ]) {
        const refused = await asAdmin(api.adminEditions, { method: 'POST', json: body });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({
          error: {
            code: 'validation',
            message: apiErrors.validation,
            fields: { date: pastEditionDateMessage(timeZone) },
          },
        });
      }
      expect(await editions()).toEqual(before);
      const soon = { ...clockThere(timeZone, 60), name: `Daqui a uma hora em ${timeZone}` };
      const created = await asAdmin(api.adminEditions, { method: 'POST', json: soon });
      expect(created.status).toBe(201);
      expect(editionSchema.parse(await created.json()).event).toMatchObject({ ...soon, timeZone });
    }
  });
});

describe.each([['SQLite'], ['PostgreSQL']] as const)(
  'a database written by the previous release, on %s',
  (engine) => {
    it('opens with every row in the first edition, and the event exactly as its JSON file had it, imported once', async () => {
      const { url, old } = await olderDatabase(engine, previousRelease, {
        dir,
        created: databases,
      });
      const now = new Date().toISOString();
      const people = Array.from({ length: 6 }, (_, i) => ({
        id: randomUUID(),
        nome_completo: `Pessoa ${i}`,
        whatsapp: '+15085551234',
        email: `pessoa.${i}@exemplo.com`,
        email_key: `pessoa.${i}@exemplo.com`,
        nome_compania: 'Antiga',
        status: i < 4 ? 'confirmed' : 'pending',
        ticket_code: i < 4 ? `codigo-antigo-${i}`.padEnd(22, 'x') : null,
        checked_in_at: i === 0 ? now : null,
        checked_in_by: i === 0 ? 'porta@exemplo.com' : null,
        created_at: now,
      }));
      await old.insertInto('registrations').values(people).execute();
      await old
        .insertInto('check_in_requests')
        .values({
          idempotency_key: randomUUID(),
          account_id: randomUUID(),
          registration_id: people[0]!.id,
          target: `code:${people[0]!.ticket_code}`,
          answer: '{}',
          created_at: now,
        })
        .execute();
      await old
        .insertInto('audit_entries')
        .values([
          { registration_id: people[0]!.id, action: 'confirmed', actor: 'a@exemplo.com', at: now },
          { registration_id: people[0]!.id, action: 'checked_in', actor: 'p@exemplo.com', at: now },
          { registration_id: randomUUID(), action: 'deleted', actor: 'a@exemplo.com', at: now },
        ])
        .execute();
      await old
        .insertInto('messages')
        .values({
          id: randomUUID(),
          registration_id: people[1]!.id,
          channel: 'email',
          kind: 'ticket',
          status: 'sent',
          attempts: 1,
          next_attempt_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await old.destroy();

      // The operator's file, as the previous release read it at every start.
      const file = {
        name: 'Obra Segura',
        date: '2026-03-14',
        time: '08:00',
        timeZone: 'America/Sao_Paulo',
        venue: 'Expo Center Norte',
        city: 'São Paulo',
        organizer: 'Associação Obra Segura',
        contactEmail: 'privacidade@obrasegura.example',
        retentionDays: 60,
      };
      const first = await startTestServer({ DATABASE_URL: url, EVENT_CONFIG: eventFile(file) });
      let editionId: string;
      try {
        const admin = await startSession(first.app.db.kysely);
        const headers = { cookie: admin.cookie };
        const served = await first.request(api.adminEvent, { headers });
        expect(await served.json()).toEqual({ ...defaultEvent, ...file });
        const [edition, ...others] = editionSchema
          .array()
          .parse(await (await first.request(api.adminEditions, { headers })).json());
        expect(others).toEqual([]);
        expect(edition).toMatchObject({ current: true, registrations: people.length });
        editionId = edition!.id;

        const db = first.app.db.kysely;
        const registrations = await db.selectFrom('registrations').selectAll().execute();
        expect(registrations).toHaveLength(people.length);
        for (const row of registrations) expect(row.event_id).toBe(editionId);
        const audit = await db.selectFrom('audit_entries').select('event_id').execute();
        expect(audit.map((row) => row.event_id)).toEqual([editionId, editionId, editionId]);
        // Check-ins, their kept answers and messages go with their registration.
        const kept = await db
          .selectFrom('check_in_requests')
          .innerJoin('registrations', 'registrations.id', 'check_in_requests.registration_id')
          .select('registrations.event_id')
          .execute();
        expect(kept).toEqual([{ event_id: editionId }]);
        const messages = await db
          .selectFrom('messages')
          .innerJoin('registrations', 'registrations.id', 'messages.registration_id')
          .select('registrations.event_id')
          .execute();
        expect(messages).toEqual([{ event_id: editionId }]);

        // The old tickets still open, with the imported event; the checked-in one says so.
        const ticket = await first.request(withCode(api.ticket, people[0]!.ticket_code!));
        expect(await ticket.json()).toMatchObject({
          nome_completo: 'Pessoa 0',
          checked_in_at: now,
          event: { name: 'Obra Segura', date: '2026-03-14', venue: 'Expo Center Norte' },
        });
        const list = await first.request(api.adminRegistrations, { headers });
        expect((await list.json()).map((r: { id: string }) => r.id).sort()).toEqual(
          people.map((p) => p.id).sort(),
        );
      } finally {
        await first.close();
      }

      // Imported once: a later start with another file keeps the database's event.
      const second = await startTestServer({
        DATABASE_URL: url,
        EVENT_CONFIG: eventFile({ ...file, name: 'Outro Nome' }),
      });
      try {
        const admin = await startSession(second.app.db.kysely);
        const served = await second.request(api.adminEvent, { headers: { cookie: admin.cookie } });
        expect(await served.json()).toMatchObject({ name: 'Obra Segura' });
        const history = await second.request(withId(api.adminEditionChanges, editionId), {
          headers: { cookie: admin.cookie },
        });
        expect(eventChangeSchema.array().parse(await history.json())).toEqual([
          expect.objectContaining({ action: 'created', actor: null, fields: Object.keys(file) }),
        ]);
      } finally {
        await second.close();
      }
    });
  },
);
