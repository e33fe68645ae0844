// Instances (or an instance and `npm run admin`) that start at once on a database an update left
// behind: each opens it, one migrates, and all of them start on the migrated database. Real
// processes, told to open at the same moment, on SQLite and PostgreSQL.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrationProvider } from './migrate.ts';
import { olderDatabase } from '#test/databases/older-database.ts';
import type { TempPostgres } from '#test/databases/temp-postgres.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-concurrent-migrations-'));
const created: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(created.map((database) => database.drop()));
  rmSync(dir, { recursive: true, force: true });
});

const childScript = fileURLToPath(
  new URL('../../../test/databases/open-database-child.ts', import.meta.url),
);
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Opener {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  /** What it said once it opened or failed, and its exit code. */
  result: Promise<{ code: number | null; said: string }>;
}

function opener(url: string): Opener {
  const child = spawn(process.execPath, ['--import', tsxLoader, childScript, url], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.includes('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const result = new Promise<{ code: number | null; said: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, said: output.replace('ready\n', '').trim() })),
  );
  // One that dies while loading is ready too: its result tells.
  void result.then(markReady);
  return { child, ready, result };
}

/** Starts `count` processes, tells them all to open `url` at once, and gives what each said. */
async function openAtOnce(url: string, count: number) {
  const openers = Array.from({ length: count }, () => opener(url));
  await Promise.all(openers.map((each) => each.ready));
  for (const each of openers) each.child.stdin.end('go\n');
  return Promise.all(openers.map((each) => each.result));
}

async function appliedMigrations(url: string): Promise<string[]> {
  const db = await openDatabase(url);
  try {
    const rows = await db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    return (rows as Array<{ name: string }>).map((row) => row.name).sort();
  } finally {
    await db.close();
  }
}

const all = Object.keys(await migrationProvider.getMigrations()).sort();

describe.each(['SQLite', 'PostgreSQL'] as const)('on %s', (engine) => {
  it(
    'three processes opening a database two releases old at once all start on it, migrated once',
    { timeout: 120_000 },
    async () => {
      const { url, old } = await olderDatabase(engine, '2026-11-24T10-tickets-and-check-ins', {
        dir,
        created,
      });
      await old.destroy();
      const results = await openAtOnce(url, 3);
      expect(results).toEqual(Array(3).fill({ code: 0, said: 'opened' }));
      expect(await appliedMigrations(url)).toEqual(all);
    },
  );

  it(
    'three processes opening a new, empty database at once all start on it',
    { timeout: 120_000 },
    async () => {
      let url = `file:${join(dir, 'fresh.db')}`;
      if (engine === 'PostgreSQL') {
        // A database made empty for it: only its first migration (olderDatabase's way to one).
        const older = await olderDatabase(engine, all[0]!, { dir, created });
        await older.old.destroy();
        url = older.url;
      }
      const results = await openAtOnce(url, 3);
      expect(results).toEqual(Array(3).fill({ code: 0, said: 'opened' }));
      expect(await appliedMigrations(url)).toEqual(all);
    },
  );
});

describe('on SQLite, a migration that stops midway', () => {
  it('leaves the file as it was, so the next start runs it again from its first statement', async () => {
    // The accounts migration renames `admins`, adds `role`, then renames a column of
    // `sessions`: a column already named like the new one stops it at its third statement (a
    // stand-in for a kill or a full disk there).
    const { url, old } = await olderDatabase('SQLite', '2025-11-22T03-add-ticket-sent-at', {
      dir,
      created,
    });
    await old.schema.alterTable('sessions').addColumn('account_id', 'text').execute();
    await old.destroy();
    await expect(openDatabase(url)).rejects.toThrow(/account_id/);

    const file = new SQLite(url.slice('file:'.length), { readonly: true });
    const tables = (
      file.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{
        name: string;
      }>
    ).map((row) => row.name);
    file.close();
    expect(tables).toContain('admins');
    expect(tables).not.toContain('accounts');

    const fixed = new SQLite(url.slice('file:'.length));
    fixed.exec('alter table sessions drop column account_id');
    fixed.close();
    expect(await appliedMigrations(url)).toEqual(all);
  });
});
