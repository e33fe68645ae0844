// Every registration and account id is a UUID: anything else names nothing, and is answered 404
// before the database sees it (PostgreSQL would fail on a NUL with a 500).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { errorTable } from '../../shared/api-error.ts';
import { sendError } from '../http-errors.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuid.test(value);
}

/** onRequest hook of a route with an `:id`: 404 when it is not a UUID. */
export async function requireUuid(
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  if (!isUuid(request.params.id)) return sendError(reply, errorTable.notFound);
}

/**
 * A new registration's id: a UUIDv7, time-ordered and increasing within this process. Registrations
 * written together share their `created_at` (one statement, one millisecond), and the waiting
 * list is served by `(created_at, id)`: the id keeps the order they arrived in (decision 0130).
 */
export function newRegistrationId(): string {
  return uuidv7();
}
