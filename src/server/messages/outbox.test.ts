// The outbox's guarantees: messages exist exactly when their change commits, a bulk confirmation
// queues every ticket once, claims never overlap (PostgreSQL, several connections), and a claim
// whose sender died is taken again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkConfirmLimit, bulkConfirmResultSchema } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import {
  register,
  seedRegistrations,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { claimDueMessages, queueMessages } from './outbox.repository.ts';

describe('the outbox on SQLite', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(sendingEnv({ smtp: smtp.url }));
    admin = await startSession(server.app.db.kysely);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  async function count(table: 'messages' | 'registrations') {
    const row = await server.app.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('queues nothing for a change that is rolled back', async () => {
    const registration = await register(server);
    const before = await count('messages');
    await expect(
      server.app.db.kysely.transaction().execute(async (trx) => {
        await queueMessages(trx, [
          { registrationId: registration.id, kind: 'ticket', channel: 'email' },
        ]);
        throw new Error('the change fails after its messages were written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count('messages')).toBe(before);
    // A registration refused as a duplicate queues nothing either.
    const again = await server.request(api.registrations, {
      method: 'POST',
      json: {
        nome_completo: 'Outra',
        whatsapp: '+15085551234',
        email: registration.email,
        nome_compania: 'X',
      },
    });
    expect(again.status).toBe(409);
    expect(await count('messages')).toBe(before);
  });

  it('commits registrations arriving together in one transaction, each with its message and live change; a duplicate and a bad one fail alone', async () => {
    const { db } = server.app;
    const sentBefore = smtp.received.length;
    const taken = await register(server);
    const post = (body: unknown) =>
      server.request(api.registrations, { method: 'POST', json: body });
    const created = async () => {
      const row = await db.kysely
        .selectFrom('live_changes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'created')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const before = {
      registrations: await count('registrations'),
      messages: await count('messages'),
      created: await created(),
      commits: db.writes.stats().commits,
    };

    // Force a batch: hold the database's one connection, so that what arrives meanwhile waits
    // for the next transaction together, as it does behind a commit under load.
    let release!: () => void;
    await new Promise<void>((held) => {
      void db.kysely.connection().execute(async () => {
        held();
        await new Promise<void>((resolve) => (release = resolve));
      });
    });
    // The first takes a transaction of its own, blocked behind the hold.
    const opener = post(validRegistration());
    await expect.poll(() => db.writes.stats().writing).toBe(1);
    const distinct = Array.from({ length: 30 }, () => validRegistration());
    const twin = validRegistration();
    const burst = [
      ...distinct.map(post),
      post(twin),
      post({ ...twin, nome_completo: 'A mesma pessoa, de novo' }),
      post(validRegistration({ email: taken.email.toUpperCase() })),
    ];
    // Bad data never reaches the transaction: answered at once, while the others still wait.
    const bad = await post(validRegistration({ whatsapp: '+55 11 1234' }));
    expect(bad.status).toBe(400);
    await expect.poll(() => db.writes.stats().waiting).toBe(33);
    release();

    expect((await opener).status).toBe(201);
    const answers = await Promise.all(burst);
    const statuses = answers.map((response) => response.status);
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(201));
    expect(statuses.slice(30, 32).sort()).toEqual([201, 409]);
    expect(statuses[32]).toBe(409);
    // The opener's transaction, then one for the 33 that waited together.
    expect(db.writes.stats().commits - before.commits).toBe(2);
    expect(db.writes.stats().largestBatch).toBeGreaterThanOrEqual(33);

    // Every registration answered 201 has its message and its live change; a refused one, none.
    const stored = await Promise.all(
      answers.filter((r) => r.status === 201).map((r) => r.json() as Promise<{ id: string }>),
    );
    for (const { id } of stored) {
      const messages = await db.kysely
        .selectFrom('messages')
        .select(['kind', 'channel'])
        .where('registration_id', '=', id)
        .execute();
      expect(messages).toEqual([{ kind: 'received', channel: 'email' }]);
      const changes = await db.kysely
        .selectFrom('live_changes')
        .select('type')
        .where('registration_id', '=', id)
        .where('type', '=', 'created')
        .execute();
      expect(changes).toHaveLength(1);
    }
    expect(await count('registrations')).toBe(before.registrations + 32);
    expect(await count('messages')).toBe(before.messages + 32);
    expect(await created()).toBe(before.created + 32);
    // Every e-mail of the burst gone before the next test counts what the SMTP server received.
    await smtp.waitFor(sentBefore + 33, 30_000);
  });

  it('confirms hundreds in one request, and every ticket leaves once', async () => {
    const rows = Array.from({ length: 500 }, () => servedRegistration());
    await seedRegistrations(server.app.db.kysely, rows);
    const ids = rows.map((r) => r.id);
    const already = ids.slice(0, 20);
    for (const id of already) {
      await server.request(`/api/admin/registrations/${id}/confirm`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      });
    }
    const unknown = [randomUUID(), randomUUID()];
    const sentBefore = smtp.received.length;
    const response = await server.request(api.adminBulkConfirm, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { ids: [...ids, ...unknown, ids[5]] },
    });
    expect(response.status).toBe(200);
    expect(bulkConfirmResultSchema.parse(await response.json())).toEqual({
      confirmed: 480,
      already_confirmed: 20,
      not_found: 2,
      past_edition: 0,
      capacity_reached: 0,
      cancelled: 0,
    });
    await smtp.waitFor(sentBefore + 500, 60_000);
    const tickets = smtp.received.filter((m) => m.subject === 'Seu ingresso para o Build Safe');
    const recipients = tickets.map((m) => (m.to && 'text' in m.to ? m.to.text : ''));
    expect(new Set(recipients).size).toBe(500);
    expect(recipients).toHaveLength(500);
    const statuses = await server.app.db.kysely
      .selectFrom('messages')
      .select('status')
      .where('registration_id', 'in', ids)
      .execute();
    expect(statuses).toHaveLength(500);
    await expect
      .poll(
        async () =>
          (
            await server.app.db.kysely
              .selectFrom('messages')
              .select('id')
              .where('registration_id', 'in', ids)
              .where('status', '!=', 'sent')
              .execute()
          ).length,
      )
      .toBe(0);
    // Five hundred e-mails through a real SMTP server: as long as its wait allows, on a busy machine.
  }, 90_000);

  it('answers 400 in pt-BR for an empty or oversized list', async () => {
    const post = (json: unknown) =>
      server.request(api.adminBulkConfirm, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        json,
      });
    const empty = await post({ ids: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields.ids).toBe('Selecione ao menos uma inscrição.');
    const tooMany = await post({
      ids: Array.from({ length: bulkConfirmLimit + 1 }, () => randomUUID()),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.fields.ids).toBe(
      'Confirme no máximo 5000 inscrições de uma vez.',
    );
    // Admins only.
    const anonymous = await server.request(api.adminBulkConfirm, {
      method: 'POST',
      json: { ids: [randomUUID()] },
    });
    expect(anonymous.status).toBe(401);
  });

  it('sends again a message whose claim lapsed (its sender died), with the same Message-ID', async () => {
    const registration = await register(server);
    await smtp.waitFor(smtp.received.length, 1);
    await expect
      .poll(
        async () =>
          (
            await server.app.db.kysely
              .selectFrom('messages')
              .select('status')
              .where('registration_id', '=', registration.id)
              .executeTakeFirst()
          )?.status,
      )
      .toBe('sent');
    const message = await server.app.db.kysely
      .selectFrom('messages')
      .selectAll()
      .where('registration_id', '=', registration.id)
      .executeTakeFirstOrThrow();
    // As a sender that claimed it and died would leave it.
    await server.app.db.kysely
      .updateTable('messages')
      .set({ status: 'sending', lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', message.id)
      .execute();
    server.app.outbox.poke();
    await expect
      .poll(() => smtp.received.filter((m) => m.messageId?.startsWith(`<${message.id}@`)).length)
      .toBe(2);
  });
});

describe('claims on PostgreSQL', () => {
  let database: TempPostgres;
  let server: TestServer;
  const others: Db[] = [];

  beforeAll(async () => {
    database = await createTempPostgres();
    // A server first; its sender has no channel, so it claims nothing itself.
    server = await startTestServer({ DATABASE_URL: database.url });
    for (let i = 0; i < 3; i += 1) others.push(await openDatabase(database.url));
  });
  afterAll(async () => {
    await Promise.all(others.map((db) => db.close()));
    await server.close();
    await database.drop();
  });

  it('never hands one message to two senders claiming at the same moment', async () => {
    const rows = Array.from({ length: 300 }, () => servedRegistration());
    await seedRegistrations(server.app.db.kysely, rows);
    await server.app.db.kysely.transaction().execute(async (trx) => {
      await queueMessages(
        trx,
        rows.flatMap((r) => [
          { registrationId: r.id, kind: 'ticket' as const, channel: 'email' as const },
          { registrationId: r.id, kind: 'ticket' as const, channel: 'whatsapp' as const },
        ]),
      );
    });
    const claimed: string[][] = others.map(() => []);
    await Promise.all(
      others.map(async (db, i) => {
        for (;;) {
          const batch = await claimDueMessages(db.kysely, {
            channels: ['email', 'whatsapp'],
            limit: 25,
            leaseMs: 60_000,
          });
          if (batch.length === 0) return;
          claimed[i]!.push(...batch.map((m) => m.id));
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(600);
    expect(new Set(all).size).toBe(600);
    // Each connection took a share: they ran side by side, not one after the other.
    for (const share of claimed) expect(share.length).toBeGreaterThan(0);
  });
});
