// The one login helper: an account with a real password (one scrypt run) and the login route,
// as a browser uses it. Tests that only need a session use sessions.ts instead.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { api } from '../../src/shared/paths.ts';
import { createAccount } from '../../src/server/admin/accounts.repository.ts';
import type { Database } from '../../src/server/db/schema.ts';

/** The `name=value` pair a Set-Cookie header sets (attributes dropped). */
export function cookiePair(setCookie: string | null): string {
  const pair = setCookie?.split(';')[0];
  if (!pair) throw new Error('no Set-Cookie in the response');
  return pair;
}

/** An admin account with a random e-mail and a random 24-character password. */
export async function createTestAdmin(
  db: Kysely<Database>,
): Promise<{ email: string; password: string }> {
  const email = `admin.${randomUUID()}@exemplo.com`;
  const password = randomBytes(18).toString('base64url');
  await createAccount(db, email, password, 'admin');
  return { email, password };
}

/** POST /api/admin/login on the server at `baseUrl`; returns the Cookie header value to send. */
export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(baseUrl + api.adminLogin, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
  return cookiePair(response.headers.get('set-cookie'));
}
