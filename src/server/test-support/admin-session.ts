// Logs a fresh admin in through the real login route, for tests of the admin side.
import { randomBytes, randomUUID } from 'node:crypto';
import { createAdmin } from '../admin/admins.repository.ts';
import type { TestServer } from './test-server.ts';

/** The `name=value` pair a Set-Cookie header sets (attributes dropped). */
export function cookiePair(setCookie: string | null): string {
  const pair = setCookie?.split(';')[0];
  if (!pair) throw new Error('no Set-Cookie in the response');
  return pair;
}

/**
 * Creates an admin account with a random e-mail and a random 24-character password, logs in
 * with POST /api/admin/login, and returns the Cookie header value to send.
 */
export async function loginAsAdmin(
  server: TestServer,
): Promise<{ cookie: string; email: string; password: string }> {
  const email = `admin.${randomUUID()}@exemplo.com`;
  const password = randomBytes(18).toString('base64url');
  await createAdmin(server.app.db.kysely, email, password);
  const response = await server.request('/api/admin/login', {
    method: 'POST',
    json: { email, password },
  });
  if (response.status !== 200) {
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
  return { cookie: cookiePair(response.headers.get('set-cookie')), email, password };
}
