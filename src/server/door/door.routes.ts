// The door's API (door and admin accounts): the attendee list, check-ins and their undo. What it
// serves is built from the door's shapes (src/shared/door.schema.ts): never a phone or an e-mail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkInFieldMessages, errorTable } from '../../shared/api-error.ts';
import {
  attendeeSchema,
  checkInRequestSchema,
  checkInResultSchema,
  undoneCheckInSchema,
} from '../../shared/door.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { sendError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import { idParams, routeSchema } from '../route-schema.ts';
import { isUuid, requireUuid } from '../registrations/uuid.ts';
import { isTicketCode } from '../../shared/ticket-code.ts';
import { issuedCertificateOf } from '../certificates/certificate-reads.repository.ts';
import { listAttendees } from './attendees.repository.ts';
import { checkIn, undoCheckIn, type CheckInTarget } from './check-ins.repository.ts';
import { checkInTime } from './check-in-time.ts';

// Visible ASCII: a UUID, a ULID, or any opaque token a client makes.
const idempotencyKeyShape = /^[\x21-\x7e]{1,200}$/;

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && idempotencyKeyShape.test(value) ? value : undefined;
}

/**
 * The phone's `Door-Account` (the account its screen, or its queued action, is for) is not the
 * session's: another account signed in on this browser since (decision 0210).
 */
function forOtherAccount(request: FastifyRequest): boolean {
  const claimed = request.headers['door-account'];
  return (
    typeof claimed === 'string' && claimed.toLowerCase() !== actorOf(request).email.toLowerCase()
  );
}

const doorAccountHeader = z
  .string()
  .optional()
  .describe(
    'The account the phone decided for (its e-mail); another session is refused with other_account.',
  );

/** The fields to point at when the body is not a check-in request. */
function badCheckInFields(body: unknown): Record<string, string> | undefined {
  const scannedAt = (body as { scanned_at?: unknown } | null)?.scanned_at;
  if (scannedAt === undefined) return undefined;
  const wellFormed = checkInRequestSchema.options[0].shape.scanned_at.safeParse(scannedAt).success;
  return wellFormed ? undefined : { scanned_at: checkInFieldMessages.scannedAtInvalid };
}

export async function doorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forDoor = { config: { audience: audiences.door } };

  app.get(
    api.doorAttendees,
    {
      config: { ...forDoor.config, compress: compressJson },
      schema: routeSchema({
        summary: "The current edition's registrations in every state, as the door sees them",
        response: { 200: z.array(attendeeSchema) },
      }),
    },
    async () => listAttendees(app.db.kysely),
  );

  app.post(
    api.doorCheckIns,
    {
      ...forDoor,
      // The key is checked before the body, and a body that is no check-in gets the door's own
      // message: this route answers its schema's refusal itself.
      attachValidation: true,
      schema: routeSchema({
        summary: 'Let a person in, by ticket code or by registration id',
        description:
          'Exactly one `checked_in` per person; the same `Idempotency-Key` gets the same answer. ' +
          'A check-in queued offline sends `scanned_at` and `Sent-At` (docs/api.md).',
        headers: z.object({
          'idempotency-key': z
            .string()
            .describe('1-200 visible ASCII characters, one per check-in.'),
          'sent-at': z
            .string()
            .optional()
            .describe("The phone's clock as it sends a queued check-in (ISO 8601)."),
          'door-account': doorAccountHeader,
        }),
        body: checkInRequestSchema,
        response: { 200: checkInResultSchema },
        errors: [
          errorTable.idempotencyKeyMissing,
          errorTable.badCheckIn,
          errorTable.ticketNotFound,
          errorTable.attendeeNotConfirmed,
          errorTable.registrationCancelled,
          errorTable.otherEdition,
          errorTable.idempotencyKeyReused,
          errorTable.otherAccount,
        ],
      }),
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      if (!key) {
        return sendError(reply, errorTable.idempotencyKeyMissing);
      }
      if (forOtherAccount(request)) return sendError(reply, errorTable.otherAccount);
      if (request.validationError) {
        const fields = badCheckInFields(request.body);
        return fields
          ? sendError(reply, errorTable.validation, fields)
          : sendError(reply, errorTable.badCheckIn);
      }
      const body = request.body;
      const sentAt = request.headers['sent-at'];
      const time = checkInTime(
        body.scanned_at,
        Date.now(),
        typeof sentAt === 'string' ? sentAt : undefined,
      );
      if ('problem' in time) {
        return sendError(reply, errorTable.validation, {
          scanned_at: time.problem,
        });
      }
      const target: CheckInTarget =
        'code' in body ? { code: body.code } : { registrationId: body.registration_id };
      // Nothing shaped like a code or an id is a ticket of ours: no need to ask the database.
      const wellFormed =
        'code' in target ? isTicketCode(target.code) : isUuid(target.registrationId);
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
    },
  );

  app.delete(
    api.doorCheckIn,
    {
      ...forDoor,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: 'Undo a check-in (a mistake at the door)',
        params: idParams,
        headers: z.object({ 'door-account': doorAccountHeader }),
        response: { 200: undoneCheckInSchema },
        errors: [errorTable.notFound, errorTable.pastEdition, errorTable.otherAccount],
      }),
    },
    async (request, reply) => {
      if (forOtherAccount(request)) return sendError(reply, errorTable.otherAccount);
      const outcome = await undoCheckIn(app.db.kysely, request.params.id, actorOf(request));
      if (outcome.kind === 'not_found') return sendError(reply, errorTable.notFound);
      if (outcome.kind === 'past_edition') return sendError(reply, errorTable.pastEdition);
      const certificate = await issuedCertificateOf(app.db.kysely, request.params.id);
      return { ...outcome.attendee, certificate_issued: certificate !== undefined };
    },
  );
}
