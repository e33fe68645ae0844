import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { openDatabase } from '../db/database.ts';
import { startTestServer } from '#test/servers/test-server.ts';
import { findAccountByEmail } from './accounts.repository.ts';
import { verifyPassword } from './password.ts';

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-cli-'));
const databaseUrl = `file:${join(dir, 'cli.db')}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...` (scripts/admin.mjs: the build if any, else the source), stdin piped. */
function runCli(args: string[], stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
      // A clean environment: no ADMIN_* from the developer's shell, our own database.
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function passwordWorks(email: string, password: string) {
  const db = await openDatabase(databaseUrl);
  try {
    const admin = await findAccountByEmail(db.kysely, email);
    return admin !== undefined && (await verifyPassword(password, admin.password_hash));
  } finally {
    await db.close();
  }
}

describe('npm run admin', () => {
  it('creates an admin with the password piped on stdin, without printing it', async () => {
    const result = await runCli(['create', 'cli@exemplo.com'], 'senha-pela-cli-1\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('cli@exemplo.com');
    expect(result.stdout + result.stderr).not.toContain('senha-pela-cli-1');
    expect(await passwordWorks('cli@exemplo.com', 'senha-pela-cli-1')).toBe(true);
  });

  it('refuses to create the same admin twice', async () => {
    const result = await runCli(['create', 'CLI@exemplo.com'], 'outra-senha-qualquer\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already exists');
    expect(await passwordWorks('cli@exemplo.com', 'senha-pela-cli-1')).toBe(true);
  });

  it('resets the password and ends the sessions', async () => {
    const db = await openDatabase(databaseUrl);
    const admin = await findAccountByEmail(db.kysely, 'cli@exemplo.com');
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('sessions')
      .values({
        id_hash: 'f'.repeat(64),
        account_id: admin!.id,
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    await db.close();

    const result = await runCli(['reset-password', 'cli@exemplo.com'], 'senha-nova-da-cli\n');
    expect(result.code).toBe(0);
    expect(await passwordWorks('cli@exemplo.com', 'senha-nova-da-cli')).toBe(true);
    expect(await passwordWorks('cli@exemplo.com', 'senha-pela-cli-1')).toBe(false);

    const after = await openDatabase(databaseUrl);
    const sessions = await after.kysely.selectFrom('sessions').selectAll().execute();
    await after.close();
    expect(sessions).toEqual([]);
  });

  it('lets an organizer locked out by wrong passwords in with the password reset', async () => {
    const server = await startTestServer({}, { dbFile: join(dir, 'cli.db') });
    try {
      const login = (password: string) =>
        server.request(api.adminLogin, {
          method: 'POST',
          json: { email: 'cli@exemplo.com', password },
        });
      for (let i = 0; i < 5; i += 1) expect((await login('senha-errada-de-novo')).status).toBe(401);
      expect((await login('senha-nova-da-cli')).status).toBe(429);
      const reset = await runCli(
        ['reset-password', 'cli@exemplo.com'],
        'senha-depois-do-bloqueio\n',
      );
      expect(reset.code).toBe(0);
      expect((await login('senha-depois-do-bloqueio')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('creates a door account with --role door, which then logs in as door', async () => {
    const result = await runCli(
      ['create', 'portaria@exemplo.com', '--role', 'door'],
      'senha-da-portaria-1\n',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('portaria@exemplo.com');
    expect(result.stdout + result.stderr).not.toContain('senha-da-portaria-1');
    expect(await passwordWorks('portaria@exemplo.com', 'senha-da-portaria-1')).toBe(true);
    const db = await openDatabase(databaseUrl);
    try {
      expect((await findAccountByEmail(db.kysely, 'portaria@exemplo.com'))?.role).toBe('door');
      expect((await findAccountByEmail(db.kysely, 'cli@exemplo.com'))?.role).toBe('admin');
    } finally {
      await db.close();
    }
  });

  it('refuses an unknown role, and a role on reset-password, creating nothing', async () => {
    for (const args of [
      ['create', 'visitante@exemplo.com', '--role', 'visitante'],
      ['create', 'visitante@exemplo.com', '--role'],
      ['create', 'visitante@exemplo.com', '--papel', 'door'],
      ['reset-password', 'portaria@exemplo.com', '--role', 'admin'],
    ]) {
      const result = await runCli(args, 'senha-bem-comprida-2\n');
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toContain('--role door');
    }
    expect(await passwordWorks('visitante@exemplo.com', 'senha-bem-comprida-2')).toBe(false);
    expect(await passwordWorks('portaria@exemplo.com', 'senha-da-portaria-1')).toBe(true);
  });

  it('refuses a password shorter than 12 characters, an unknown admin, and bad usage', async () => {
    const short = await runCli(['create', 'curta@exemplo.com'], 'curta\n');
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('12');
    expect(await passwordWorks('curta@exemplo.com', 'curta')).toBe(false);

    const unknown = await runCli(['reset-password', 'ninguem@exemplo.com'], 'senha-bem-comprida\n');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account');

    const usage = await runCli(['delete', 'x@exemplo.com'], '');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- create <email>');
  });
});
