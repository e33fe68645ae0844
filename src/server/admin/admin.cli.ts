// `npm run admin -- create <email> [--role door]` and `npm run admin -- reset-password <email>`:
// manage accounts from a terminal, on the database DATABASE_URL names. The password is asked
// twice without echo on a terminal, or read as one line from stdin when piped.
import 'dotenv/config';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { read } from 'read';
import { isAccountRole, type AccountRole } from '../../shared/account.ts';
import { ConfigError } from '../config-error.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import {
  AccountExistsError,
  AccountNotFoundError,
  createAccount,
  resetPassword,
} from './accounts.repository.ts';
import { passwordProblem } from './password.ts';

const usage = `Uso / usage:
  npm run admin -- create <email>               cria um administrador / creates an admin
  npm run admin -- create <email> --role door   cria uma conta da portaria / creates a door account
  npm run admin -- reset-password <email>       troca a senha e encerra as sessões / resets the password and ends its sessions
A senha é pedida no terminal ou lida de uma linha da entrada padrão.
The password is prompted for, or read as one line from standard input.`;

class UsageError extends Error {}

/** Reads one line from a pipe or file, without the line ending ('' when there is none). */
async function readLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Prompts on the terminal with echo off: typed characters are never shown. */
async function promptHidden(prompt: string): Promise<string> {
  try {
    return await read({ prompt, silent: true, replace: '' });
  } catch {
    throw new UsageError('Cancelado / cancelled');
  }
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLine(process.stdin);
  const first = await promptHidden('Nova senha / new password:');
  const problem = passwordProblem(first);
  if (problem) throw new UsageError(problem);
  const second = await promptHidden('Repita a senha / repeat it:');
  if (first !== second) throw new UsageError('As senhas não conferem / the passwords differ');
  return first;
}

function parseEmail(raw: string | undefined): string {
  const email = raw?.trim() ?? '';
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError(
      `E-mail inválido / invalid e-mail: ${email || '(vazio / empty)'}\n\n${usage}`,
    );
  }
  return email;
}

const roleNames: Record<AccountRole, string> = {
  admin: 'Administrador criado / admin created',
  door: 'Conta da portaria criada / door account created',
};

function parseCommand(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { role: { type: 'string' } },
    });
  } catch {
    throw new UsageError(usage);
  }
  const [command, rawEmail, ...rest] = parsed.positionals;
  const role = parsed.values.role ?? 'admin';
  if (command !== 'create' && command !== 'reset-password') throw new UsageError(usage);
  if (rest.length > 0 || !isAccountRole(role)) throw new UsageError(usage);
  if (command === 'reset-password' && parsed.values.role !== undefined) {
    throw new UsageError(usage);
  }
  return { command, rawEmail, role };
}

async function main(args: string[]): Promise<void> {
  const { command, rawEmail, role } = parseCommand(args);
  const email = parseEmail(rawEmail);
  const config = loadConfig();
  const password = await askPassword();
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);

  const db = await openDatabase(config.databaseUrl);
  try {
    if (command === 'create') {
      await createAccount(db.kysely, email, password, role);
      console.log(`${roleNames[role]}: ${email}`);
    } else {
      await resetPassword(db.kysely, email, password);
      console.log(`Senha trocada, sessões encerradas / password reset, sessions ended: ${email}`);
    }
  } finally {
    await db.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof AccountExistsError ||
    error instanceof AccountNotFoundError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = known && error instanceof UsageError ? 2 : 1;
}
