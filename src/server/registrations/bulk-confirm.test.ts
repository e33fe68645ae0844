// A bulk confirmation commits batch by batch (each its own transaction, decision 0130): when the
// database refuses a later batch, the answer still says how many were confirmed before it and
// how many were left as they were, instead of a bare 500 that reads as "nothing was done".
// Real server over HTTP, on SQLite and on PostgreSQL; the refusal is a trigger in the test's own
// database that refuses one registration's confirmation, as a constraint would.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { bulkConfirmResultSchema } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { registrationSchema, type Registration } from '../../shared/registration.schema.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

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
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function registerMany(count: number): Promise<Registration[]> {
    const people: Registration[] = [];
    for (let start = 0; start < count; start += 25) {
      const part = await Promise.all(
        Array.from({ length: Math.min(25, count - start) }, async () => {
          const response = await server.request(api.registrations, {
            method: 'POST',
            json: validRegistration(),
          });
          expect(response.status).toBe(201);
          return registrationSchema.parse(await response.json());
        }),
      );
      people.push(...part);
    }
    return people;
  }

  function bulkConfirm(ids: readonly string[]) {
    return server.request(api.adminBulkConfirm, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { ids },
    });
  }

  async function statuses(ids: readonly string[]): Promise<Record<string, number>> {
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select('status')
      .where('id', 'in', ids)
      .execute();
    const counts: Record<string, number> = {};
    for (const { status } of rows) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  /** The database refuses to confirm this one registration (a trigger, as a constraint would). */
  async function refuseConfirming(id: string) {
    const db = server.app.db.kysely;
    if (engine === 'SQLite') {
      await sql
        .raw(
          `create trigger refuse_one before update of status on registrations
           when new.id = '${id}' and new.status = 'confirmed'
           begin select raise(abort, 'refused by the test'); end`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create function refuse_one() returns trigger language plpgsql as $$
           begin raise exception 'refused by the test'; end $$;
           create trigger refuse_one before update on registrations for each row
           when (new.id::text = '${id}' and new.status = 'confirmed')
           execute function refuse_one()`,
        )
        .execute(db);
    }
  }

  async function allowConfirming() {
    const db = server.app.db.kysely;
    if (engine === 'SQLite') await sql.raw('drop trigger refuse_one').execute(db);
    else {
      await sql.raw('drop trigger refuse_one on registrations').execute(db);
      await sql.raw('drop function refuse_one()').execute(db);
    }
  }

  it('answers what was done when a later batch fails: confirmed before it, left as they were after; sent again, it finishes', async () => {
    const people = await registerMany(260);
    const ids = people.map((person) => person.id);
    // The first batch (200) commits; the second is refused by the database.
    await refuseConfirming(ids[230]!);
    let body: Record<string, unknown>;
    try {
      const first = await bulkConfirm(ids);
      expect(first.status).toBe(200);
      body = (await first.json()) as Record<string, unknown>;
    } finally {
      await allowConfirming();
    }
    expect(bulkConfirmResultSchema.parse(body)).toEqual({
      confirmed: 200,
      already_confirmed: 0,
      not_found: 0,
      past_edition: 0,
      capacity_reached: 0,
      cancelled: 0,
      failed: 60,
      failure: errorTable.internal.message,
    });
    expect(await statuses(ids)).toEqual({ confirmed: 200, pending: 60 });

    // The organizer sends the same selection again (a retry, a second click): nothing twice.
    const again = await bulkConfirm(ids);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      confirmed: 60,
      already_confirmed: 200,
      not_found: 0,
      past_edition: 0,
      capacity_reached: 0,
      cancelled: 0,
    });
    expect(await statuses(ids)).toEqual({ confirmed: 260 });
  }, 120_000);

  it('a failure in the first batch, with nothing done, is still the plain 500', async () => {
    const people = await registerMany(5);
    const ids = people.map((person) => person.id);
    await refuseConfirming(ids[2]!);
    try {
      const response = await bulkConfirm(ids);
      expect(response.status).toBe(500);
      expect((await response.json()).error.message).toBe(errorTable.internal.message);
      expect(await statuses(ids)).toEqual({ pending: 5 });
    } finally {
      await allowConfirming();
    }
  });

  it('the same selection sent twice at once confirms each registration once, its ticket queued once', async () => {
    const people = await registerMany(230);
    const ids = people.map((person) => person.id);
    const answers = await Promise.all([bulkConfirm(ids), bulkConfirm(ids)]);
    const results = await Promise.all(
      answers.map(async (response) => {
        expect(response.status).toBe(200);
        return bulkConfirmResultSchema.parse(await response.json());
      }),
    );
    expect(results[0]!.confirmed + results[1]!.confirmed).toBe(230);
    expect(results[0]!.already_confirmed + results[1]!.already_confirmed).toBe(230);
    const audit = await server.app.db.kysely
      .selectFrom('audit_entries')
      .select('registration_id')
      .where('registration_id', 'in', ids)
      .where('action', '=', 'confirmed')
      .execute();
    expect(audit).toHaveLength(230);
  }, 120_000);

  it('gives the seats left to the earliest arrivals, whatever order the ids come in (the panel lists the newest first)', async () => {
    const people: Registration[] = [];
    // One after another: each arrives after the previous one.
    for (let i = 0; i < 5; i += 1) people.push((await registerMany(1))[0]!);
    const settings = async (changes: Record<string, unknown>) => {
      const current = (await (
        await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })
      ).json()) as Record<string, unknown>;
      const saved = await server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: admin.cookie },
        json: { ...current, ...changes },
      });
      expect(saved.status).toBe(200);
    };
    const confirmedBefore = await server.app.db.kysely
      .selectFrom('registrations')
      .select('id')
      .where('status', '=', 'confirmed')
      .execute();
    await settings({ capacity: confirmedBefore.length + 3, admission: 'approval' });
    try {
      const response = await bulkConfirm(people.map((person) => person.id).reverse());
      expect(response.status).toBe(200);
      expect(bulkConfirmResultSchema.parse(await response.json())).toMatchObject({
        confirmed: 3,
        capacity_reached: 2,
      });
      expect(await statuses(people.slice(0, 3).map((person) => person.id))).toEqual({
        confirmed: 3,
      });
      expect(await statuses(people.slice(3).map((person) => person.id))).toEqual({ pending: 2 });
    } finally {
      await settings({ capacity: null });
    }
  });
});
