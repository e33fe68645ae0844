// Wakes run by the commit itself (commit-wakes.ts, decision 0186), on SQLite and PostgreSQL: a
// live change logged or a message queued in a transaction wakes their listeners once it commits,
// never before and never after a rollback; the group commit's batches and a statement that
// commits on its own wake as well.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import { wakeAfterCommit, type Wake } from './commit-wakes.ts';
import { openDatabase, type Db } from './database.ts';

class RolledBack extends Error {}

describe.each([['SQLite'], ['PostgreSQL']])('commit wakes on %s', (engine) => {
  let dir: string | undefined;
  let database: TempPostgres | undefined;
  let db: Db;
  let id: string;
  const woken: Wake[] = [];
  const wokenBy = (wake: Wake) => woken.filter((each) => each === wake).length;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    else dir = mkdtempSync(join(tmpdir(), 'inscricoes-wakes-'));
    db = await openDatabase(database?.url ?? `file:${join(dir!, 'wakes.db')}`);
    const registration = servedRegistration();
    await seedRegistrations(db.kysely, [registration]);
    id = registration.id;
    db.wakes.on('live', () => woken.push('live'));
    db.wakes.on('outbox', () => woken.push('outbox'));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('wakes the live hub and the outbox once the transaction commits, not before', async () => {
    woken.length = 0;
    await db.kysely.transaction().execute(async (trx) => {
      await logChange(trx, 'updated', id);
      await logChange(trx, 'updated', id);
      await queueMessages(trx, [{ registrationId: id, kind: 'received', channel: 'email' }]);
      expect(woken).toEqual([]);
    });
    // Once each, however much the transaction wrote.
    expect(wokenBy('live')).toBe(1);
    expect(wokenBy('outbox')).toBe(1);
  });

  it('wakes nobody when the transaction rolls back', async () => {
    woken.length = 0;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await logChange(trx, 'updated', id);
        await queueMessages(trx, [{ registrationId: id, kind: 'received', channel: 'email' }]);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(woken).toEqual([]);
    // The next commit wakes for its own writes only.
    await db.kysely.transaction().execute((trx) => logChange(trx, 'updated', id));
    expect(woken).toEqual(['live']);
  });

  it('wakes once per commit of the grouped writes (db.writes)', async () => {
    woken.length = 0;
    const before = db.writes.stats().commits;
    await Promise.all(
      Array.from({ length: 20 }, () => db.writes.run((trx) => logChange(trx, 'updated', id))),
    );
    // SQLite: one commit for what arrived together; PostgreSQL: one each.
    expect(wokenBy('live')).toBe(db.writes.stats().commits - before);
  });

  it('wakes at once after a statement that committed on its own', async () => {
    woken.length = 0;
    await wakeAfterCommit(db.kysely, 'outbox');
    expect(woken).toEqual(['outbox']);
  });
});
