// The event-day migrations on a database that already has registrations: on SQLite and on
// PostgreSQL, each confirmed registration gets its own ticket code, pending ones none; the new
// tables take check-ins and audit entries; and the migrations roll back.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { olderDatabase } from '#test/databases/older-database.ts';
import type { TempPostgres } from '#test/databases/temp-postgres.ts';
import { openDatabase } from './database.ts';
import { migrationProvider } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-event-day-migration-'));
const databases: TempPostgres[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

const lastBefore = '2025-11-23T02-create-live-changes';

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  it('gives every confirmed registration a unique code, and rolls back', async () => {
    // A database as the release before event day left it.
    const { url, old } = await olderDatabase(engine, lastBefore, {
      dir,
      created: databases,
    });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      nome_completo: `Pessoa ${i}`,
      whatsapp: '+15085551234',
      email: `pessoa.${i}@exemplo.com`,
      email_key: `pessoa.${i}@exemplo.com`,
      nome_compania: 'Antiga',
      status: i % 3 === 0 ? 'pending' : 'confirmed',
      created_at: new Date().toISOString(),
    }));
    await old.insertInto('registrations').values(rows).execute();
    await old.destroy();

    const db = await openDatabase(url);
    try {
      const migrated = await db.kysely
        .selectFrom('registrations')
        .select(['id', 'status', 'ticket_code', 'checked_in_at', 'checked_in_by'])
        .execute();
      expect(migrated).toHaveLength(rows.length);
      const codes = migrated.filter((r) => r.status === 'confirmed').map((r) => r.ticket_code);
      expect(codes).toHaveLength(20);
      for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(codes).size).toBe(codes.length);
      for (const row of migrated) {
        if (row.status === 'pending') expect(row.ticket_code).toBeNull();
        expect([row.checked_in_at, row.checked_in_by]).toEqual([null, null]);
      }
      // The database refuses a second registration with a code already given.
      await expect(
        db.kysely
          .updateTable('registrations')
          .set({ ticket_code: codes[0]! })
          .where('id', '=', migrated.find((r) => r.status === 'pending')!.id)
          .execute(),
      ).rejects.toThrow();
      const tables = (await db.kysely.introspection.getTables()).map((table) => table.name);
      expect(tables).toEqual(expect.arrayContaining(['check_in_requests', 'audit_entries']));

      const down = await new Migrator({ db: db.kysely, provider: migrationProvider }).migrateTo(
        lastBefore,
      );
      expect(down.error).toBeUndefined();
      const after = await db.kysely.introspection.getTables();
      expect(after.map((table) => table.name)).not.toContain('check_in_requests');
      expect(after.map((table) => table.name)).not.toContain('audit_entries');
      const columns = after.find((table) => table.name === 'registrations')!.columns;
      expect(columns.map((column) => column.name)).not.toContain('ticket_code');
    } finally {
      await db.close();
    }
  });

  it('applies on a database that already ran the later migrations of another branch', async () => {
    const { url, old } = await olderDatabase(engine, lastBefore, { dir, created: databases });
    // Issue 11's migrations (2026-11-24T2x) landed first; this branch's (T1x) sort before them.
    // Editions (2026-11-26T10) came later still, on top of event day's tables.
    const withoutEventDay = {
      async getMigrations() {
        const all = await migrationProvider.getMigrations();
        return Object.fromEntries(
          Object.entries(all).filter(
            ([name]) => !name.startsWith('2026-11-24T1') && name < '2026-11-26T10',
          ),
        );
      },
    };
    const later = await new Migrator({ db: old, provider: withoutEventDay }).migrateToLatest();
    expect(later.error).toBeUndefined();
    expect(later.results?.map((r) => r.migrationName)).toContain('2026-11-24T20-create-job-runs');
    const id = randomUUID();
    await old
      .insertInto('registrations')
      .values({
        id,
        nome_completo: 'Pessoa Confirmada',
        whatsapp: '+15085551234',
        email: 'confirmada@exemplo.com',
        email_key: 'confirmada@exemplo.com',
        nome_compania: 'Antiga',
        status: 'confirmed',
        created_at: new Date().toISOString(),
      })
      .execute();
    await old.destroy();

    const db = await openDatabase(url);
    try {
      const row = await db.kysely
        .selectFrom('registrations')
        .select('ticket_code')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.ticket_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const tables = (await db.kysely.introspection.getTables()).map((table) => table.name);
      expect(tables).toEqual(
        expect.arrayContaining(['check_in_requests', 'audit_entries', 'job_runs']),
      );
    } finally {
      await db.close();
    }
  });
});
