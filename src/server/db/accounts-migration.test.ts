// The migration from admins to accounts with roles, on a database that already has an admin
// logged in: on SQLite and on PostgreSQL, the admin keeps the account and the session.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSessionByHash } from '../admin/sessions.repository.ts';
import { olderDatabase } from '#test/databases/older-database.ts';
import type { TempPostgres } from '#test/databases/temp-postgres.ts';
import { openDatabase } from './database.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-accounts-migration-'));
const databases: TempPostgres[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

const limits = { idleMs: 60_000, absoluteMs: 60_000 };

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  it('turns each admin into an account with the admin role, its sessions kept', async () => {
    // A database as the release before roles left it, with an admin logged in.
    const { url, old } = await olderDatabase(
      engine as 'SQLite' | 'PostgreSQL',
      '2025-11-22T03-add-ticket-sent-at',
      {
        dir,
        created: databases,
      },
    );
    const adminId = randomUUID();
    const now = new Date().toISOString();
    await old
      .insertInto('admins')
      .values({ id: adminId, email: 'antiga@exemplo.com', password_hash: 'x', created_at: now })
      .execute();
    await old
      .insertInto('sessions')
      .values({ id_hash: 'a'.repeat(64), admin_id: adminId, created_at: now, last_seen_at: now })
      .execute();
    await old.destroy();

    const db = await openDatabase(url);
    try {
      expect(
        await db.kysely.selectFrom('accounts').select(['id', 'email', 'role']).execute(),
      ).toEqual([{ id: adminId, email: 'antiga@exemplo.com', role: 'admin' }]);
      const tables = (await db.kysely.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('admins');
      expect(tables).toContain('live_changes');
      const session = await findSessionByHash(db.kysely, 'a'.repeat(64), limits, { touch: false });
      expect(session).toMatchObject({
        accountId: adminId,
        email: 'antiga@exemplo.com',
        role: 'admin',
      });
      // The session's account still joins: the foreign key follows the renamed table.
      await expect(
        db.kysely
          .insertInto('sessions')
          .values({
            id_hash: 'b'.repeat(64),
            account_id: randomUUID(),
            created_at: now,
            last_seen_at: now,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
