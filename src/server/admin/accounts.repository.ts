// Accounts that log in: admins and door staff. E-mails are stored as their key (trimmed,
// lower-cased), so an address finds its account whatever its case.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AccountRole } from '../../shared/account.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { AccountsTable, Database } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import { hashPassword, verifyPassword } from './password.ts';

export type Account = Selectable<AccountsTable>;

export class AccountExistsError extends Error {
  constructor() {
    super('Já existe uma conta com este e-mail / an account with this e-mail already exists');
  }
}

/** ADMIN_EMAIL names an account of another role (the door's): it is not made an admin. */
export class NotAnAdminError extends Error {
  constructor() {
    super('the account is not an admin');
  }
}

export class AccountNotFoundError extends Error {
  constructor() {
    super('Nenhuma conta com este e-mail / no account with this e-mail');
  }
}

export async function countAccounts(db: Kysely<Database>, role: AccountRole): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Account | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
}

/** Creates an account; AccountExistsError when the e-mail is taken. The password is checked and hashed. */
export async function createAccount(
  db: Kysely<Database>,
  email: string,
  password: string,
  role: AccountRole,
): Promise<Account> {
  return insertAccount(db, email, await hashPassword(password), role);
}

/**
 * Stores an account whose password is already hashed (hashing takes a while: not inside a
 * transaction that holds locks). AccountExistsError when the e-mail is taken.
 */
export async function insertAccount(
  db: Kysely<Database>,
  email: string,
  passwordHash: string,
  role: AccountRole,
): Promise<Account> {
  try {
    return await db
      .insertInto('accounts')
      .values({
        id: randomUUID(),
        email: emailKey(email),
        password_hash: passwordHash,
        role,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountExistsError();
    throw error;
  }
}

/**
 * Sets a new password and ends every session of that account (whoever held one is logged out).
 * Its failed logins are forgotten: an organizer locked out by them gets in with the new password
 * at once, not 15 minutes later. AccountNotFoundError when there is no such account.
 */
export async function resetPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<void> {
  await setPasswordHash(db, email, await hashPassword(password));
}

/** resetPassword's writes, once the new password is hashed. */
export async function setPasswordHash(
  db: Kysely<Database>,
  email: string,
  passwordHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash })
      .where('email', '=', emailKey(email))
      .returning('id')
      .executeTakeFirst();
    if (!account) throw new AccountNotFoundError();
    await trx.deleteFrom('sessions').where('account_id', '=', account.id).execute();
    await trx.deleteFrom('login_failures').where('account', '=', emailKey(email)).execute();
  });
}

/**
 * Makes the admin account exist with this password: created, reset, or left alone when the
 * password already matches (a restart must not log everyone out). Safe when several instances
 * start at once. NotAnAdminError when the e-mail is another role's account (a door's).
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await findAccountByEmail(db, email);
  if (!existing) {
    try {
      await createAccount(db, email, password, 'admin');
      return 'created';
    } catch (error) {
      if (!(error instanceof AccountExistsError)) throw error;
      // Another instance created it a moment ago: fall through to the password check.
    }
  }
  const current = existing ?? (await findAccountByEmail(db, email));
  if (current && current.role !== 'admin') throw new NotAnAdminError();
  if (current && (await verifyPassword(password, current.password_hash))) return 'unchanged';
  await resetPassword(db, email, password);
  return 'reset';
}

/** Accounts with this role, oldest first. */
export async function listAccounts(db: Kysely<Database>, role: AccountRole): Promise<Account[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('role', '=', role)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Removes a door account; its sessions go with it (foreign key), so it is logged out everywhere
 * at its next request; its live streams end at once on PostgreSQL (the sessions' delete trigger
 * announces it), at their next heartbeat on SQLite. Admins are not removed here.
 */
export async function deleteDoorAccount(
  db: Kysely<Database>,
  id: string,
): Promise<'deleted' | 'not_door' | 'not_found'> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!account) return 'not_found';
    if (account.role !== 'door') return 'not_door';
    await trx.deleteFrom('accounts').where('id', '=', id).where('role', '=', 'door').execute();
    return 'deleted';
  });
}
