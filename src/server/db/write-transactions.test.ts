// Group commit on a real SQLite file (write-transactions.ts): what is handed in together commits
// together, a piece that fails is undone alone, and nobody hears back before the commit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentEditionId } from './current-edition.ts';
import { isUniqueViolation } from './constraint-errors.ts';
import { openDatabase, type Db } from './database.ts';
import type { Database } from './schema.ts';

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inscricoes-writes-'));
  db = await openDatabase(`file:${join(dir, 'writes.db')}`);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A registration row, its outbox message and its live change: what a new registration writes. */
async function register(trx: Transaction<Database>, email: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('registrations')
    .values({
      id,
      nome_completo: 'Pessoa',
      whatsapp: '+15085551234',
      email,
      email_key: email.toLowerCase(),
      nome_compania: 'Empresa',
      levar_alguem: null,
      confirmacao: null,
      status: 'pending',
      created_at: now,
      ticket_sent_at: null,
      ticket_code: null,
      checked_in_at: null,
      checked_in_by: null,
      event_id: currentEditionId,
    })
    .execute();
  await trx
    .insertInto('messages')
    .values({
      id: randomUUID(),
      registration_id: id,
      channel: 'email',
      kind: 'received',
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      provider_id: null,
      error_code: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('live_changes')
    .values({ type: 'created', registration_id: id, changed_at: now })
    .execute();
  return id;
}

/** What another connection (another process, after a crash) reads from the file. */
function stored(emails: readonly string[]) {
  const reader = new SQLite(join(dir, 'writes.db'), { readonly: true });
  try {
    const marks = emails.map(() => '?').join(',');
    const count = (query: string) => (reader.prepare(query).get(...emails) as { n: number }).n;
    return {
      registrations: count(`select count(*) as n from registrations where email in (${marks})`),
      messages: count(
        `select count(*) as n from messages m join registrations r on r.id = m.registration_id
         where r.email in (${marks})`,
      ),
      changes: count(
        `select count(*) as n from live_changes c join registrations r on r.id = c.registration_id
         where r.email in (${marks})`,
      ),
    };
  } finally {
    reader.close();
  }
}

function emails(run: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${run}.${i}@exemplo.com`);
}

describe('group commit on SQLite', () => {
  it('commits the work handed in together in one transaction, and answers after it', async () => {
    const before = db.writes.stats();
    const people = emails('together', 20);
    const seenAtAnswer: Array<ReturnType<typeof stored>> = [];
    await Promise.all(
      people.map((email) =>
        db.writes
          .run((trx) => register(trx, email))
          .then(() => {
            // Answered: another connection already sees the whole batch, every row of it.
            seenAtAnswer.push(stored(people));
          }),
      ),
    );
    const after = db.writes.stats();
    expect(after.commits - before.commits).toBe(1);
    expect(after.written - before.written).toBe(20);
    expect(after.largestBatch).toBeGreaterThanOrEqual(20);
    for (const seen of seenAtAnswer) {
      expect(seen).toEqual({ registrations: 20, messages: 20, changes: 20 });
    }
  });

  it('undoes a failed piece alone; the others in its batch commit', async () => {
    const before = db.writes.stats();
    const people = emails('alone', 10);
    const [taken] = emails('taken', 1);
    await db.writes.run((trx) => register(trx, taken!));

    const outcomes = await Promise.allSettled([
      ...people.slice(0, 5).map((email) => db.writes.run((trx) => register(trx, email))),
      // The same e-mail as an earlier registration: the unique index refuses it.
      db.writes.run((trx) => register(trx, taken!.toUpperCase())),
      // Bad data the database refuses (a NOT NULL column), after this piece wrote other rows.
      db.writes.run(async (trx) => {
        await register(trx, 'partial.1@exemplo.com');
        await sql`insert into live_changes (type, registration_id, changed_at)
          values ('created', 'x', null)`.execute(trx);
      }),
      // A piece that gives up halfway, in its own code.
      db.writes.run(async (trx) => {
        await register(trx, 'partial.2@exemplo.com');
        throw new Error('changed its mind');
      }),
      ...people.slice(5).map((email) => db.writes.run((trx) => register(trx, email))),
    ]);
    const after = db.writes.stats();

    expect(outcomes.map((o) => o.status)).toEqual([
      ...Array<string>(5).fill('fulfilled'),
      'rejected',
      'rejected',
      'rejected',
      ...Array<string>(5).fill('fulfilled'),
    ]);
    const [duplicate, notNull, gaveUp] = outcomes.slice(5, 8) as PromiseRejectedResult[];
    expect(isUniqueViolation(duplicate!.reason)).toBe(true);
    expect(String(notNull!.reason)).toMatch(/NOT NULL/);
    expect(String(gaveUp!.reason)).toMatch(/changed its mind/);

    // The taken e-mail's registration, then one transaction for the 13 pieces.
    expect(after.commits - before.commits).toBe(2);
    expect(after.written - before.written).toBe(11);
    expect(stored(people)).toEqual({ registrations: 10, messages: 10, changes: 10 });
    // Nothing of the failed pieces: not their first rows, not their messages or changes.
    expect(stored(['partial.1@exemplo.com', 'partial.2@exemplo.com'])).toEqual({
      registrations: 0,
      messages: 0,
      changes: 0,
    });
    expect(stored([taken!, taken!.toUpperCase()]).registrations).toBe(1);
  });

  it('fails every piece of a batch whose commit fails, and keeps none of it', async () => {
    const people = emails('commit-fails', 4);
    // A foreign key checked at commit, as a deferred constraint is: this batch's commit fails.
    db.sqlite!.pragma('defer_foreign_keys = ON');
    const outcomes = await Promise.allSettled([
      ...people.map((email) => db.writes.run((trx) => register(trx, email))),
      db.writes.run(async (trx) => {
        await trx
          .insertInto('live_changes')
          .values({ type: 'created', registration_id: 'x', changed_at: 'now' })
          .execute();
        await sql`insert into messages (id, registration_id, channel, kind, status, attempts,
          next_attempt_at, created_at, updated_at)
          values ('orphan', 'no-such-registration', 'email', 'received', 'queued', 0, 'now',
          'now', 'now')`.execute(trx);
      }),
    ]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(stored(people)).toEqual({ registrations: 0, messages: 0, changes: 0 });

    // The connection is free again: the next batch commits (pragma reset with the transaction).
    const [next] = emails('after-failure', 1);
    await db.writes.run((trx) => register(trx, next!));
    expect(stored([next!]).registrations).toBe(1);
  });

  it('puts work handed in while a batch is being written into the next batch', async () => {
    const before = db.writes.stats();
    const [first, second] = emails('next-batch', 2);
    let later: Promise<string> | undefined;
    await db.writes.run(async (trx) => {
      later = db.writes.run((inner) => register(inner, second!));
      expect(db.writes.stats()).toMatchObject({ writing: 1, waiting: 1 });
      return register(trx, first!);
    });
    await later;
    expect(db.writes.stats().commits - before.commits).toBe(2);
    expect(stored([first!, second!]).registrations).toBe(2);
  });

  it('commits a piece handed in alone by itself', async () => {
    const [alone] = emails('idle', 1);
    const before = db.writes.stats().commits;
    await db.writes.run((trx) => register(trx, alone!));
    expect(db.writes.stats().commits).toBe(before + 1);
    expect(db.writes.stats()).toMatchObject({ waiting: 0, writing: 0 });
  });
});
