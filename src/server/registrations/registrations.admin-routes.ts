// The organizer's side of registrations. Mounted under /api/admin, behind the session guard.
import type { FastifyInstance } from 'fastify';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { sendError } from '../http-errors.ts';
import {
  confirmRegistration,
  deleteRegistration,
  listRegistrations,
  markTicketSent,
  NotConfirmedError,
} from './registrations.repository.ts';

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;

export async function registrationsAdminRoutes(app: FastifyInstance) {
  app.get(api.adminRegistrations, async () => listRegistrations(app.db.kysely));

  app.post<{ Params: { id: string } }>(
    api.adminConfirm,
    { schema: { params: idParams } },
    async (request, reply) => {
      const registration = await confirmRegistration(app.db.kysely, request.params.id);
      if (!registration) return sendError(reply, 404, 'not_found', apiErrors.notFound);
      await app.live.publish({ type: 'updated', registration });
      return registration;
    },
  );

  // The ticket itself goes out through wa.me from the organizer's browser; this records the send
  // so every panel shows who already got one (docs/decisions/0012-ticket-sent-tracking.md).
  app.post<{ Params: { id: string } }>(
    api.adminTicket,
    { schema: { params: idParams } },
    async (request, reply) => {
      try {
        const registration = await markTicketSent(app.db.kysely, request.params.id);
        if (!registration) return sendError(reply, 404, 'not_found', apiErrors.notFound);
        await app.live.publish({ type: 'updated', registration });
        return registration;
      } catch (error) {
        if (error instanceof NotConfirmedError) {
          return sendError(reply, 409, 'not_confirmed', apiErrors.notConfirmed);
        }
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    api.adminRegistration,
    { schema: { params: idParams } },
    async (request, reply) => {
      const deleted = await deleteRegistration(app.db.kysely, request.params.id);
      if (!deleted) return sendError(reply, 404, 'not_found', apiErrors.notFound);
      await app.live.publish({ type: 'deleted', id: request.params.id });
      // secure_delete zeroes the row in the main file; the checkpoint moves that page out of
      // the write-ahead log and empties the log, which still held the row as it was (LGPD).
      try {
        await app.db.checkpoint();
      } catch (error) {
        // The row is gone either way; the next checkpoint (at the latest, at shutdown) erases it.
        request.log.error({ err: error }, 'checkpoint after a deletion failed');
      }
      return reply.code(204).send();
    },
  );
}
