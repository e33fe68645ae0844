// `npm run backup` copies the SQLite database while the real server runs and writes; `npm run
// restore` puts a copy back once the server is stopped, and refuses a database in use or a file
// that is not one of ours.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { validRegistration } from '#test/builders/registrations.ts';
import { runPool, startChildServer, type ChildServer } from '#test/servers/child-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-backup-'));
const dbFile = join(dir, 'data', 'inscricoes.db');
const children: ChildServer[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup|restore -- <args>` on our database, in a clean environment. */
function run(tool: 'backup' | 'restore', args: string[], databaseUrl = `file:${dbFile}`) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`scripts/${tool}.mjs`, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('close', (code) => resolve({ code, output }));
  });
}

function read(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const ids = (db.prepare('select id from registrations').all() as { id: string }[]).map(
      (row) => row.id,
    );
    const logged = (
      db.prepare(`select registration_id from live_changes where type = 'created'`).all() as {
        registration_id: string;
      }[]
    ).map((row) => row.registration_id);
    return { integrity: db.pragma('integrity_check', { simple: true }), ids, logged };
  } finally {
    db.close();
  }
}

const post = (server: ChildServer) =>
  fetch(`${server.url}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validRegistration()),
  });

describe('npm run backup and npm run restore (SQLite)', () => {
  it(
    'copies a consistent database while the server takes registrations, and puts it back once stopped',
    { timeout: 90_000 },
    async () => {
      const server = await startChildServer({ DATABASE_URL: `file:${dbFile}` }, { cwd: dir });
      children.push(server);
      for (let i = 0; i < 20; i += 1) expect((await post(server)).status).toBe(201);

      // A burst in flight while the copy is taken.
      // Into a folder that does not exist yet, as docs/operating.md's daily line does on a fresh install.
      const copy = join(dir, 'backups', 'copia.db');
      let backup: Awaited<ReturnType<typeof run>> | undefined;
      const backingUp = run('backup', [copy]).then((result) => (backup = result));
      await runPool(
        Array.from({ length: 300 }),
        10,
        async () => {
          expect((await post(server)).status).toBe(201);
        },
        () => backup !== undefined,
      );
      await backingUp;
      expect(backup).toMatchObject({ code: 0 });
      expect(backup!.output).toContain('Cópia salva em');
      // One file: nothing beside it that docs/operating.md's cleanup (`-name '*.db'`) would leave behind.
      expect(readdirSync(join(dir, 'backups'))).toEqual(['copia.db']);

      // One moment's database: whole, every registration with its change logged in the same commit.
      const copied = read(copy);
      expect(copied.integrity).toBe('ok');
      expect(copied.ids.length).toBeGreaterThanOrEqual(20);
      expect(new Set(copied.logged)).toEqual(new Set(copied.ids));

      // Never over an existing file; never while the server has the database open.
      expect(await run('backup', [copy])).toMatchObject({ code: 2 });
      const refused = await run('restore', [copy]);
      expect(refused.code).toBe(2);
      expect(refused.output).toContain('O banco está em uso');

      for (let i = 0; i < 5; i += 1) expect((await post(server)).status).toBe(201);
      server.process.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(read(dbFile).ids.length).toBeGreaterThan(copied.ids.length);

      const restored = await run('restore', [copy]);
      expect(restored).toMatchObject({ code: 0 });
      expect(restored.output).toContain(`(${copied.ids.length} inscrições)`);
      expect(new Set(read(dbFile).ids)).toEqual(new Set(copied.ids));

      // The server starts on it and serves what the copy held.
      const again = await startChildServer({ DATABASE_URL: `file:${dbFile}` }, { cwd: dir });
      children.push(again);
      expect((await post(again)).status).toBe(201);
      again.process.kill('SIGTERM');
      await again.exited;
      expect(read(dbFile).ids.length).toBe(copied.ids.length + 1);
    },
  );

  it('refuses a file that is not one of our databases, and leaves the database alone', async () => {
    const before = read(dbFile).ids;
    const text = join(dir, 'notas.txt');
    writeFileSync(text, 'isto não é um banco de dados\n');
    const foreign = join(dir, 'outro-programa.db');
    const other = new SQLite(foreign);
    other.exec('create table receitas (nome text)');
    other.close();
    const newer = join(dir, 'versao-nova.db');
    copyFileSync(dbFile, newer);
    const future = new SQLite(newer);
    future.exec(
      `insert into kysely_migration (name, timestamp) values ('2099-01-01T00-futuro', 'x')`,
    );
    future.close();

    const cases: Array<[string, string]> = [
      [join(dir, 'nao-existe.db'), 'Arquivo não encontrado'],
      [text, 'Não é um banco SQLite'],
      [foreign, 'Não é um banco de inscrições deste site'],
      [newer, 'Banco de uma versão mais nova deste site'],
    ];
    for (const [file, message] of cases) {
      const result = await run('restore', [file]);
      expect({ file, code: result.code, output: result.output }).toMatchObject({
        code: 1,
        output: expect.stringContaining(message),
      });
    }
    expect(await run('restore', [])).toMatchObject({
      code: 2,
      output: expect.stringContaining('Uso / usage'),
    });
    expect(read(dbFile).ids).toEqual(before);
  });

  it('points to pg_dump and pg_restore on PostgreSQL', async () => {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    expect(await run('backup', [join(dir, 'x.dump')], url)).toMatchObject({
      code: 2,
      output: expect.stringContaining('pg_dump -Fc'),
    });
    expect(await run('restore', [join(dir, 'x.dump')], url)).toMatchObject({
      code: 2,
      output: expect.stringContaining('pg_restore'),
    });
  });
});
