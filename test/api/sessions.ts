// A signed-in account for tests that are not about logging in: the account and its session row
// are written straight to the database (no scrypt run), and the cookie comes back for a request
// or a browser context.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createSession, hashSessionId } from '../../src/server/admin/sessions.repository.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { unusableHash } from '../../src/server/admin/password.ts';

export interface TestSession {
  /** The Cookie header value: `sid=...`. */
  cookie: string;
  /** The cookie's name and value, for a browser context. */
  name: string;
  value: string;
  idHash: string;
  accountId: string;
  email: string;
}

/**
 * An account with this role (any text: a role the server does not know tests the 403s) and a
 * live session for it. The account has no usable password.
 */
export async function startSession(
  db: Kysely<Database>,
  { role = 'admin' }: { role?: string } = {},
): Promise<TestSession> {
  const accountId = randomUUID();
  const email = `conta.${accountId}@exemplo.com`;
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      email,
      password_hash: unusableHash,
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  const value = await createSession(db, accountId);
  // Test servers run on plain http: the cookie is `sid` (`__Host-sid` needs https).
  const name = 'sid';
  return {
    cookie: `${name}=${value}`,
    name,
    value,
    idHash: hashSessionId(value),
    accountId,
    email,
  };
}
