// The door's API (door and admin accounts): the attendee list, check-ins and their undo. What it
// serves is built from the door's shapes (src/shared/door.schema.ts): never a phone or an e-mail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkInFieldMessages, errorTable } from '../../shared/api-error.ts';
import { checkInRequestSchema } from '../../shared/door.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { sendError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import { isUuid, requireUuid } from '../registrations/uuid.ts';
import { isTicketCode } from '../../shared/ticket-code.ts';
import { listAttendees } from './attendees.repository.ts';
import { checkIn, undoCheckIn, type CheckInTarget } from './check-ins.repository.ts';
import { checkInTime } from './check-in-time.ts';

// Visible ASCII: a UUID, a ULID, or any opaque token a client makes.
const idempotencyKeyShape = /^[\x21-\x7e]{1,200}$/;

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && idempotencyKeyShape.test(value) ? value : undefined;
}

/** The fields to point at when the body is not a check-in request. */
function badCheckInFields(body: unknown): Record<string, string> | undefined {
  const scannedAt = (body as { scanned_at?: unknown } | null)?.scanned_at;
  if (scannedAt === undefined) return undefined;
  const wellFormed = checkInRequestSchema.options[0].shape.scanned_at.safeParse(scannedAt).success;
  return wellFormed ? undefined : { scanned_at: checkInFieldMessages.scannedAtInvalid };
}

export async function doorRoutes(app: FastifyInstance) {
  const forDoor = { config: { audience: audiences.door } };

  app.get(api.doorAttendees, { config: { ...forDoor.config, compress: compressJson } }, async () =>
    listAttendees(app.db.kysely),
  );

  app.post(api.doorCheckIns, forDoor, async (request, reply) => {
    const key = idempotencyKey(request);
    if (!key) {
      return sendError(reply, errorTable.idempotencyKeyMissing);
    }
    const parsed = checkInRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const fields = badCheckInFields(request.body);
      return fields
        ? sendError(reply, errorTable.validation, fields)
        : sendError(reply, errorTable.badCheckIn);
    }
    const sentAt = request.headers['sent-at'];
    const time = checkInTime(
      parsed.data.scanned_at,
      Date.now(),
      typeof sentAt === 'string' ? sentAt : undefined,
    );
    if ('problem' in time) {
      return sendError(reply, errorTable.validation, {
        scanned_at: time.problem,
      });
    }
    const target: CheckInTarget =
      'code' in parsed.data
        ? { code: parsed.data.code }
        : { registrationId: parsed.data.registration_id };
    // Nothing shaped like a code or an id is a ticket of ours: no need to ask the database.
    const wellFormed = 'code' in target ? isTicketCode(target.code) : isUuid(target.registrationId);
    if (!wellFormed) return sendError(reply, errorTable.ticketNotFound);

    const outcome = await checkIn(app.db.kysely, {
      idempotencyKey: key,
      target,
      actor: actorOf(request),
      at: time.at,
    });
    switch (outcome.kind) {
      case 'not_found':
        return sendError(reply, errorTable.ticketNotFound);
      case 'not_confirmed':
        return sendError(reply, errorTable.attendeeNotConfirmed);
      case 'cancelled':
        return sendError(reply, errorTable.registrationCancelled);
      case 'other_edition':
        return sendError(reply, errorTable.otherEdition);
      case 'key_reused':
        return sendError(reply, errorTable.idempotencyKeyReused);
      case 'answer':
        return outcome.answer;
    }
  });

  app.delete<{ Params: { id: string } }>(
    api.doorCheckIn,
    { ...forDoor, onRequest: requireUuid },
    async (request, reply) => {
      const outcome = await undoCheckIn(app.db.kysely, request.params.id, actorOf(request));
      if (outcome.kind === 'not_found') return sendError(reply, errorTable.notFound);
      if (outcome.kind === 'past_edition') return sendError(reply, errorTable.pastEdition);
      return outcome.attendee;
    },
  );
}
