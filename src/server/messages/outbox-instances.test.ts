// The outbox as operators run it: three server processes on one PostgreSQL database behind nginx
// hand each message to its provider once; a server killed with SIGKILL in the middle of a bulk
// confirmation loses none of the messages of what it committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { startCluster, type Cluster } from '#test/servers/cluster.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';

let smtp: TestSmtp;
let graph: TestGraphApi;

beforeAll(async () => {
  smtp = await startTestSmtp();
  graph = await startTestGraphApi();
});
afterAll(async () => {
  await smtp.close();
  await graph.close();
});

/** Distinct e-mails by Message-ID (the outbox row), and how many arrived in all. */
function emailTally() {
  const ids = smtp.received.map((mail) => mail.messageId ?? '');
  return { distinct: new Set(ids).size, total: ids.length };
}

/** Distinct WhatsApp tickets by their code (one per registration), and how many in all. */
function whatsappTally() {
  const sent = graph.requests.filter((r) => r.wamid);
  const codes = sent.map((r) => r.body.template.components[1]?.parameters[0]?.text);
  return { distinct: new Set(codes).size, total: codes.length };
}

async function unsent(db: Db): Promise<number> {
  const rows = await db.kysely
    .selectFrom('messages')
    .select('id')
    .where('status', '!=', 'sent')
    .execute();
  return rows.length;
}

/** Registrations with distinct phone numbers, so each WhatsApp request names its own. */
function registrations(count: number) {
  return Array.from({ length: count }, (_, i) =>
    servedRegistration({ whatsapp: `+1508${String(5550000 + i).padStart(7, '0')}` }),
  );
}

describe('three instances on PostgreSQL behind nginx', () => {
  let database: TempPostgres;
  let db: Db;
  let cluster: Cluster;

  beforeAll(async () => {
    smtp.received.length = 0;
    graph.requests.length = 0;
    database = await createTempPostgres();
    cluster = await startCluster(3, {
      DATABASE_URL: database.url,
      ...sendingEnv({ smtp: smtp.url, graph }),
    });
    db = await openDatabase(database.url);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    await database?.drop();
  });

  it('hands each of 500 tickets to each provider exactly once', async () => {
    const rows = registrations(500);
    await seedRegistrations(db.kysely, rows);
    const { cookie } = await startSession(db.kysely);
    const response = await fetch(cluster.url + api.adminBulkConfirm, {
      method: 'POST',
      headers: { cookie, origin: cluster.url, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: rows.map((r) => r.id) }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      confirmed: 500,
      already_confirmed: 0,
      not_found: 0,
      past_edition: 0,
      capacity_reached: 0,
      cancelled: 0,
    });
    await expect.poll(() => unsent(db), { timeout: 90_000, interval: 250 }).toBe(0);
    expect(emailTally()).toEqual({ distinct: 500, total: 500 });
    expect(whatsappTally()).toEqual({ distinct: 500, total: 500 });
  }, 120_000);
});

describe('a server killed with SIGKILL in the middle of sending', () => {
  let dir: string;
  let child: ChildServer | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inscricoes-outbox-crash-'));
  });
  afterAll(async () => {
    await child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends every message of what it committed after the restart, none lost', async () => {
    smtp.received.length = 0;
    graph.requests.length = 0;
    const env = {
      DATABASE_URL: `file:${join(dir, 'crash.db')}`,
      ...sendingEnv({ smtp: smtp.url, graph }),
    };
    child = await startChildServer(env, { cwd: dir });
    const db = await openDatabase(env.DATABASE_URL);
    try {
      const rows = registrations(120);
      await seedRegistrations(db.kysely, rows);
      const { cookie } = await startSession(db.kysely);
      // A slow mail server: the kill lands while sends are in flight.
      smtp.slow(15);
      const bulk = fetch(child.url + api.adminBulkConfirm, {
        method: 'POST',
        headers: { cookie, origin: child.url, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: rows.map((r) => r.id) }),
      }).catch(() => undefined);
      await expect
        .poll(() => smtp.received.length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThan(20);
      await child.kill();
      await bulk;
      smtp.slow(0);
      const before = emailTally();
      expect(before.distinct).toBeLessThan(120);

      child = await startChildServer(env, { cwd: dir });
      const confirmed = await db.kysely
        .selectFrom('registrations')
        .select('id')
        .where('status', '=', 'confirmed')
        .execute();
      // What committed before the kill: at least the batches whose tickets had started to leave.
      expect(confirmed.length).toBeGreaterThan(0);
      await expect.poll(() => unsent(db), { timeout: 60_000, interval: 250 }).toBe(0);
      const messages = await db.kysely
        .selectFrom('messages')
        .select(['registration_id', 'channel'])
        .execute();
      // Each confirmed registration has its e-mail and its WhatsApp ticket, each sent.
      expect(messages).toHaveLength(confirmed.length * 2);
      expect(emailTally().distinct).toBe(confirmed.length);
      expect(whatsappTally().distinct).toBe(confirmed.length);
      // A repeat is only what was in flight at the kill, and recognisable by its Message-ID.
      const emailRepeats = emailTally().total - emailTally().distinct;
      const whatsappRepeats = whatsappTally().total - whatsappTally().distinct;
      expect(emailRepeats + whatsappRepeats).toBeLessThanOrEqual(30);
    } finally {
      await db.close();
    }
  }, 120_000);
});
