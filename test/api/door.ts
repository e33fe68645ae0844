// Event-day steps for API tests: a registration confirmed by an admin (it then has its ticket
// code), and a door phone's check-in request, as the real routes take them.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api, withId } from '../../src/shared/paths.ts';
import type { Registration } from '../../src/shared/registration.schema.ts';
import { register, type TestServer } from '../servers/test-server.ts';

/** A registration made through the public API and confirmed by the admin behind `adminCookie`. */
export async function registerConfirmed(
  server: TestServer,
  adminCookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Registration & { ticket_code: string }> {
  const { id } = await register(server, overrides);
  const response = await server.request(withId(api.adminConfirm, id), {
    method: 'POST',
    headers: { cookie: adminCookie },
  });
  expect(response.status).toBe(200);
  const confirmed = (await response.json()) as Registration;
  expect(confirmed.ticket_code).toEqual(expect.any(String));
  return confirmed as Registration & { ticket_code: string };
}

/** POST /api/door/check-ins with this body and Idempotency-Key (a fresh one by default). */
export function postCheckIn(
  server: TestServer,
  cookie: string,
  body: unknown,
  idempotencyKey: string | null = randomUUID(),
): Promise<Response> {
  return server.request(api.doorCheckIns, {
    method: 'POST',
    headers: { cookie, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
    json: body,
  });
}

/** What the server keeps of event day, to prove a refused request wrote none of it. */
export async function eventDayState(server: TestServer) {
  const db = server.app.db.kysely;
  const [registrations, requests, audit, changes] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(['id', 'checked_in_at', 'checked_in_by'])
      .orderBy('id')
      .execute(),
    db.selectFrom('check_in_requests').selectAll().orderBy('idempotency_key').execute(),
    db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
    db.selectFrom('live_changes').select('seq').orderBy('seq').execute(),
  ]);
  return { registrations, requests, audit, changes };
}
