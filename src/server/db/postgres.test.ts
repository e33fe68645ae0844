// The same API on PostgreSQL: migrations, E.164, the unique e-mail key, ordering, ticket sends;
// a registration's row, queued messages and live change written by one statement.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withId } from '../../shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { newRegistrationSchema } from '../../shared/registration.schema.ts';
import { createRegistration } from '../registrations/create-registration.repository.ts';
import { DuplicateEmailError } from '../registrations/registration-errors.ts';
import {
  findRegistrations,
  registrationsByIdQuery,
} from '../registrations/registration-reads.repository.ts';

let database: TempPostgres;
let server: TestServer;

beforeAll(async () => {
  // Empty: the server's start runs every migration on PostgreSQL.
  database = await createTempPostgres({ empty: true });
  server = await startTestServer({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('on PostgreSQL', () => {
  it('runs the migrations and reports healthy', async () => {
    expect(server.app.db.kind).toBe('postgres');
    expect(await (await server.request('/api/health')).json()).toEqual({ ok: true });
  });

  it('stores a registration and refuses the same e-mail in another case', async () => {
    const body = validRegistration({ whatsapp: '+55 21 98765-4321' });
    const created = await server.request('/api/registrations', { method: 'POST', json: body });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ whatsapp: '+5521987654321', status: 'pending' });

    const again = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration({ email: body.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
  });

  it('keeps exactly one row when identical submissions race', async () => {
    const body = validRegistration();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.request('/api/registrations', { method: 'POST', json: body }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select('id')
      .where('email_key', '=', body.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('writes a registration with its queued messages and its live change, or none of them', async () => {
    const db = server.app.db.kysely;
    const plan = {
      received: ['email'],
      ticket: [],
      cancelled: [],
      certificate: [],
      reminder: [],
      seat: [],
      announcement: [],
    } as const;
    const { website: _bot, ...input } = newRegistrationSchema.parse(validRegistration());
    const created = await createRegistration(server.app.db, input, plan);
    expect(created.delivery).toEqual({
      email: { kind: 'received', status: 'queued', error: null },
    });
    const queued = await db
      .selectFrom('messages')
      .select(['kind', 'channel', 'status'])
      .where('registration_id', '=', created.id)
      .execute();
    expect(queued).toEqual([{ kind: 'received', channel: 'email', status: 'queued' }]);
    const logged = await db
      .selectFrom('live_changes')
      .select('type')
      .where('registration_id', '=', created.id)
      .execute();
    expect(logged).toEqual([{ type: 'created' }]);

    const before = await Promise.all(
      (['messages', 'live_changes'] as const).map((table) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    await expect(createRegistration(server.app.db, input, plan)).rejects.toThrow(
      DuplicateEmailError,
    );
    const after = await Promise.all(
      (['messages', 'live_changes'] as const).map((table) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(after).toEqual(before);
  });

  it('writes registrations arriving together in one go, and a bad one fails alone', async () => {
    const db = server.app.db.kysely;
    const plan = {
      received: ['email'],
      ticket: [],
      cancelled: [],
      certificate: [],
      reminder: [],
      seat: [],
      announcement: [],
    } as const;
    const inputOf = (overrides: Record<string, unknown> = {}) => {
      const { website: _bot, ...input } = newRegistrationSchema.parse(validRegistration());
      return { ...input, ...overrides };
    };
    const taken = inputOf();
    await createRegistration(server.app.db, taken, plan);
    const writers = async (inputs: ReadonlyArray<{ email: string }>) =>
      db
        .selectFrom('registrations')
        .select(sql<string>`xmin::text`.as('writer'))
        .where(
          'email',
          'in',
          inputs.map((input) => input.email),
        )
        .execute();
    // Sent at once: the first few go alone, the rest wait and go together, in one transaction.
    const together = Array.from({ length: 12 }, () => inputOf());
    await Promise.all(together.map((input) => createRegistration(server.app.db, input, plan)));
    const written = await writers(together);
    expect(written).toHaveLength(together.length);
    expect(new Set(written.map((row) => row.writer)).size).toBeLessThan(together.length);

    // Longer than the column holds: the database refuses it (the API's schema never lets it in).
    const tooLong = inputOf({ nome_completo: 'N'.repeat(300) });
    const good = Array.from({ length: 16 }, () => inputOf());
    // The bad ones among many: their group fails, and each of it is written again alone.
    const sent = [...good.slice(0, 8), tooLong, { ...taken }, ...good.slice(8)];
    const outcomes = await Promise.allSettled(
      sent.map((input) => createRegistration(server.app.db, input, plan)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      sent.map((input) =>
        input === tooLong || input.email === taken.email ? 'rejected' : 'fulfilled',
      ),
    );
    expect((outcomes[8] as PromiseRejectedResult).reason).not.toBeInstanceOf(DuplicateEmailError);
    expect((outcomes[9] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEmailError);
    expect(await writers(good)).toHaveLength(good.length);
    const queued = await db
      .selectFrom('messages')
      .innerJoin('registrations', 'registrations.id', 'messages.registration_id')
      .select('registrations.email')
      .where(
        'registrations.email',
        'in',
        good.map((input) => input.email),
      )
      .execute();
    expect(queued).toHaveLength(good.length);
    const logged = await db
      .selectFrom('live_changes')
      .innerJoin('registrations', 'registrations.id', 'live_changes.registration_id')
      .select('registrations.email')
      .where(
        'registrations.email',
        'in',
        good.map((input) => input.email),
      )
      .execute();
    expect(logged).toHaveLength(good.length);
  });

  it('plans the grouped insert once per connection (a named prepared statement), and no other query', async () => {
    for (let i = 0; i < 3; i++) {
      const sent = await Promise.all(
        Array.from({ length: 8 }, () =>
          server.request('/api/registrations', { method: 'POST', json: validRegistration() }),
        ),
      );
      expect(sent.map((response) => response.status)).toEqual(Array(8).fill(201));
    }
    // Every connection of the pool, each asked what it keeps prepared.
    const { pool } = server.app.db.postgres!;
    const clients = await Promise.all(
      Array.from({ length: pool.totalCount }, () => pool.connect()),
    );
    try {
      const kept = (
        await Promise.all(
          clients.map(async (client) => {
            const { rows } = await client.query<{ name: string; statement: string }>(
              'select name, statement from pg_prepared_statements',
            );
            return rows;
          }),
        )
      ).flat();
      expect(kept.some((row) => row.statement.includes('null::registrations'))).toBe(true);
      // Only the query templates' texts, which never change: a list of ids makes a text of its
      // own each length, and those stay unnamed.
      for (const row of kept) expect(row.name).toMatch(/^inscricoes_\d+$/);
      expect(new Set(kept.map((row) => row.statement)).size).toBeLessThanOrEqual(3);
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('re-reads changed rows without going through their edition while the table has no statistics', async () => {
    // A new event's first minutes (or autovacuum off): thousands of rows of one edition, never
    // analyzed. The planner took `event_id = <current>` for a condition two rows meet, and each
    // re-read of the live log went over every row of the edition through that index.
    const plan = {
      received: [],
      ticket: [],
      cancelled: [],
      certificate: [],
      reminder: [],
      seat: [],
      announcement: [],
    } as const;
    const ids: string[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const written = await Promise.all(
        Array.from({ length: 100 }, () => {
          const { website: _bot, ...input } = newRegistrationSchema.parse(validRegistration());
          return createRegistration(server.app.db, input, plan);
        }),
      );
      ids.push(...written.map((registration) => registration.id));
    }
    const recent = ids.slice(-32);
    const query = registrationsByIdQuery(server.app.db.kysely, recent).compile();
    const { rows } = await server.app.db.kysely.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const explained = JSON.stringify(rows[0]!['QUERY PLAN']);
    expect(explained).not.toContain('registrations_event_status_created_at');
    const found = await findRegistrations(server.app.db.kysely, recent, { currentEdition: true });
    expect(found.map((registration) => registration.id).sort()).toEqual([...recent].sort());
  });

  it('records a ticket send once confirmed (the added ticket_sent_at column)', async () => {
    const { cookie } = await startSession(server.app.db.kysely);
    const created = await server.request('/api/registrations', {
      method: 'POST',
      json: validRegistration(),
    });
    const { id, ticket_sent_at } = await created.json();
    expect(ticket_sent_at).toBeNull();
    const send = () =>
      server.request(withId(api.adminTicket, id), { method: 'POST', headers: { cookie } });
    expect((await send()).status).toBe(409);
    await server.request(withId(api.adminConfirm, id), { method: 'POST', headers: { cookie } });
    const sent = await send();
    expect(sent.status).toBe(200);
    expect((await sent.json()).ticket_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
  });
});
