import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { AdminsTable, Database } from '../db/schema.ts';
import { emailKey } from '../email-key.ts';
import { hashPassword, verifyPassword } from './password.ts';

export type Admin = Selectable<AdminsTable>;

export class AdminExistsError extends Error {
  constructor() {
    super('Já existe um administrador com este e-mail / an admin with this e-mail already exists');
  }
}

export class AdminNotFoundError extends Error {
  constructor() {
    super('Nenhum administrador com este e-mail / no admin with this e-mail');
  }
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAdminByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Admin | undefined> {
  return db
    .selectFrom('admins')
    .selectAll()
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
}

/** Creates an admin; AdminExistsError when the e-mail is taken. The password is checked and hashed. */
export async function createAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<Admin> {
  const passwordHash = await hashPassword(password);
  try {
    return await db
      .insertInto('admins')
      .values({
        id: randomUUID(),
        email: emailKey(email),
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminExistsError();
    throw error;
  }
}

/**
 * Sets a new password and ends every session of that admin (whoever held one is logged out).
 * AdminNotFoundError when there is no such admin.
 */
export async function resetAdminPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash })
      .where('email', '=', emailKey(email))
      .returning('id')
      .executeTakeFirst();
    if (!admin) throw new AdminNotFoundError();
    await trx.deleteFrom('sessions').where('admin_id', '=', admin.id).execute();
  });
}

/**
 * Makes the account exist with this password: created, reset, or left alone when the password
 * already matches (a restart must not log everyone out). Safe when several instances start at once.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await findAdminByEmail(db, email);
  if (!existing) {
    try {
      await createAdmin(db, email, password);
      return 'created';
    } catch (error) {
      if (!(error instanceof AdminExistsError)) throw error;
      // Another instance created it a moment ago: fall through to the password check.
    }
  }
  const current = existing ?? (await findAdminByEmail(db, email));
  if (current && (await verifyPassword(password, current.password_hash))) return 'unchanged';
  await resetAdminPassword(db, email, password);
  return 'reset';
}
