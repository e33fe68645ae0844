// A start the operator can fix (a database DATABASE_URL names but the server cannot use, one a
// newer version already updated, a PORT taken, a HOST not on this machine, an unknown key in
// EVENT_CONFIG) ends with status 1 on one line naming what to fix, pt-BR then English, and no
// stack trace: the real server, as run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import {
  freePort,
  serverCommand,
  startChildServer,
  type ChildServer,
} from '#test/servers/child-server.ts';

const dirs: string[] = [];
const children: ChildServer[] = [];
const listeners: Server[] = [];
const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await Promise.all(databases.map((database) => database.drop()));
  for (const listener of listeners) listener.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-start-failure-'));
  dirs.push(dir);
  return dir;
}

/** Starts the server with these variables (and no others) and waits for it to exit on its own. */
async function startExpectingExit(env: Record<string, string>, cwd = scratchFolder()) {
  const child = spawn(process.execPath, serverCommand(), {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Exited 1, its last words one line in both languages, with no stack trace anywhere. */
function expectOneLineStop(result: Awaited<ReturnType<typeof startExpectingExit>>): string {
  const output = `${result.stdout}${result.stderr}`;
  expect(result.code, output).toBe(1);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain('stopping after an unexpected error');
  const lines = result.stderr.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toContain(' / ');
  return lines[0] ?? '';
}

const postgresBase = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('a DATABASE_URL the server cannot use', () => {
  it('names a file that is not an SQLite database', async () => {
    const dir = scratchFolder();
    writeFileSync(join(dir, 'notes.txt'), 'not a database, just notes\n'.repeat(200));
    const line = expectOneLineStop(
      await startExpectingExit({ DATABASE_URL: 'file:./notes.txt' }, dir),
    );
    expect(line).toMatch(
      /^Não foi possível abrir o banco de DATABASE_URL \(.*notes\.txt: file is not a database\): /,
    );
    expect(line).toContain(' / Could not open the database at DATABASE_URL (');
  });

  it('is file: with no path, a folder SQLite cannot open', async () => {
    const line = expectOneLineStop(await startExpectingExit({ DATABASE_URL: 'file:' }));
    expect(line).toMatch(/^Não foi possível abrir o banco de DATABASE_URL \(.*unable to open/);
    expect(line).toContain('check the path (file:PATH, a file and not a folder)');
  });

  it('names a PostgreSQL database that does not exist', async () => {
    const url = new URL(postgresBase);
    url.pathname = `/inscricoes_missing_${randomBytes(6).toString('hex')}`;
    const line = expectOneLineStop(await startExpectingExit({ DATABASE_URL: url.toString() }));
    expect(line).toMatch(
      /^Não foi possível abrir o banco de DATABASE_URL \(database ".*" does not exist\)/,
    );
    expect(line).toContain('create the database in PostgreSQL or fix its name in the URL');
  });

  it('points at a port where no PostgreSQL listens, and never prints the password', async () => {
    const port = await freePort();
    const secret = 'n40-imprima-esta-senha';
    const result = await startExpectingExit({
      DATABASE_URL: `postgres://postgres:${secret}@127.0.0.1:${port}/inscricoes`,
    });
    const line = expectOneLineStop(result);
    expect(line).toContain(`(connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(line).toContain('that PostgreSQL is running');
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });
});

describe('a database a newer version already updated', () => {
  // Several instances share one PostgreSQL database: the first one updated migrates it while the
  // others still run the old code, and one of those that restarts (a crash, systemd) meets a
  // migration it does not have. The same after putting the old code back over a newer database.
  const newer = '2099-01-01T00-from-a-newer-version';

  it.each(['SQLite', 'PostgreSQL'] as const)(
    'on %s, names the migration and says to update this code',
    async (engine) => {
      const dir = scratchFolder();
      let url = `file:${join(dir, 'inscricoes.db')}`;
      if (engine === 'PostgreSQL') {
        const database = await createTempPostgres();
        databases.push(database);
        url = database.url;
      }
      // Migrated by this code, then by a newer one that added a migration of its own.
      const db = await openDatabase(url);
      await db.kysely
        .insertInto('kysely_migration' as never)
        .values({ name: newer, timestamp: new Date().toISOString() } as never)
        .execute();
      await db.close();

      const line = expectOneLineStop(await startExpectingExit({ DATABASE_URL: url }, dir));
      expect(line).toBe(
        `O banco de DATABASE_URL foi atualizado por uma versão mais nova deste site (migração ` +
          `${newer}, que este código não tem): atualize o código desta instância (git pull && ` +
          `npm install) e inicie de novo. / The database at DATABASE_URL was updated by a newer ` +
          `version of this site (migration ${newer}, which this code does not have): update ` +
          `this instance's code (git pull && npm install) and start it again.`,
      );
    },
  );
});

describe('a PORT or HOST the server cannot listen on', () => {
  it('says PORT is in use by another program', async () => {
    const taken = createServer();
    listeners.push(taken);
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    const dir = scratchFolder();
    const result = await startExpectingExit(
      { PORT: String(port), DATABASE_URL: 'file:./data/db' },
      dir,
    );
    // No admin yet, but no setup link either: it would open nothing.
    expect(`${result.stdout}${result.stderr}`).not.toContain('?token=');
    const line = expectOneLineStop(result);
    expect(line).toBe(
      `A porta ${port} (PORT) já está em uso por outro programa, talvez outra cópia deste servidor: escolha outra em PORT ou pare esse programa. / ` +
        `Port ${port} (PORT) is already in use by another program, perhaps another copy of this server: choose another PORT or stop that program.`,
    );
  });

  it('says HOST is not an address of this machine', async () => {
    // 192.0.2.0/24 is reserved for documentation: no machine has it.
    const line = expectOneLineStop(
      await startExpectingExit({ HOST: '192.0.2.1', DATABASE_URL: 'file:./data/db' }),
    );
    expect(line).toMatch(/^HOST 192\.0\.2\.1 não é um endereço desta máquina: /);
    expect(line).toContain('/ HOST 192.0.2.1 is not an address of this machine');
  });
});

describe('EVENT_CONFIG', () => {
  it('names the unknown key it refuses', async () => {
    const dir = scratchFolder();
    writeFileSync(join(dir, 'evento.json'), JSON.stringify({ contactEmai: 'x@y.com' }));
    const result = await startExpectingExit({ EVENT_CONFIG: 'evento.json' }, dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('EVENT_CONFIG: contactEmai: Campo desconhecido.');
  });

  it.each([
    ['2020-03-14', true],
    ['2099-03-14', false],
  ])('with the date %s, says the event has started: %s', async (date, said) => {
    const dir = scratchFolder();
    writeFileSync(join(dir, 'evento.json'), JSON.stringify({ date }));
    // An admin from the start: the organizer has had the panel's 'Evento' (decision 0227).
    const child = await startChildServer(
      {
        EVENT_CONFIG: 'evento.json',
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: 'organizadora@exemplo.com',
        ADMIN_PASSWORD: 'uma senha bem comprida',
      },
      { cwd: dir },
    );
    children.push(child);
    // Said before it listens: Fastify's line once it does comes after it in the same output.
    await expect
      .poll(() => child.lines().some((line) => line.includes('Server listening')))
      .toBe(true);
    const warning = child.lines().find((line) => line.includes('já começou'));
    expect(warning !== undefined).toBe(said);
    if (said) expect(warning).toContain(`(${date} 07:30, America/New_York) has already started`);
  });

  it('unset, the first edition is said to take the defaults', async () => {
    const child = await startChildServer({ LOG_LEVEL: 'info' }, { cwd: scratchFolder() });
    children.push(child);
    await expect
      .poll(() => child.lines().some((line) => line.includes('Server listening')))
      .toBe(true);
    const seeded = child.lines().find((line) => line.includes('the first edition took'));
    expect(JSON.parse(seeded ?? '{}').msg).toBe(
      'the first edition took its settings from the defaults',
    );
  });
});
