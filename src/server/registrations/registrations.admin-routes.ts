// The organizer's side of registrations: admins only.
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import { bulkBodyLimit, bulkConfirmRequestSchema } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { parseFields, sendError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import {
  confirmRegistration,
  confirmRegistrations,
  listRegistrations,
  markTicketSent,
  NotConfirmedError,
  PastEditionError,
} from './registrations.repository.ts';
import { requireUuid } from './uuid.ts';

export async function registrationsAdminRoutes(app: FastifyInstance) {
  const forAdmins = { config: { audience: audiences.admin } };
  const idRoute = { ...forAdmins, onRequest: requireUuid };

  app.get(
    api.adminRegistrations,
    { config: { ...forAdmins.config, compress: compressJson } },
    async () => listRegistrations(app.db.kysely),
  );

  app.post<{ Params: { id: string } }>(api.adminConfirm, idRoute, async (request, reply) => {
    try {
      const registration = await confirmRegistration(
        app.db.kysely,
        request.params.id,
        actorOf(request),
        app.messagePlan,
      );
      if (!registration) return sendError(reply, errorTable.notFound);
      app.live.poke();
      app.outbox.poke();
      return registration;
    } catch (error) {
      if (error instanceof PastEditionError) return sendError(reply, errorTable.pastEdition);
      throw error;
    }
  });

  // One request for hundreds: confirmed in batches, each batch's tickets leaving as it commits.
  app.post(
    api.adminBulkConfirm,
    { ...forAdmins, bodyLimit: bulkBodyLimit },
    async (request, reply) => {
      const body = parseFields(bulkConfirmRequestSchema, request.body, reply);
      if (!body) return reply;
      return confirmRegistrations(
        app.db.kysely,
        body.ids,
        actorOf(request),
        app.messagePlan,
        () => {
          app.live.poke();
          app.outbox.poke();
        },
      );
    },
  );

  // The ticket itself goes out through wa.me from the organizer's browser; this records the send
  // so every panel shows who already got one (docs/decisions/0012-ticket-sent-tracking.md).
  app.post<{ Params: { id: string } }>(api.adminTicket, idRoute, async (request, reply) => {
    try {
      const registration = await markTicketSent(app.db.kysely, request.params.id, actorOf(request));
      if (!registration) return sendError(reply, errorTable.notFound);
      app.live.poke();
      return registration;
    } catch (error) {
      if (error instanceof NotConfirmedError) {
        return sendError(reply, errorTable.notConfirmed);
      }
      if (error instanceof PastEditionError) return sendError(reply, errorTable.pastEdition);
      throw error;
    }
  });

  // For good (LGPD): the same erasure as the retention purge (registration-erasure.ts). Allowed
  // in a past edition too, where nothing else is: a person may ask for it at any time.
  app.delete<{ Params: { id: string } }>(api.adminRegistration, idRoute, async (request, reply) => {
    const [erased] = await app.erasure.erase([request.params.id], actorOf(request));
    if (!erased) return sendError(reply, errorTable.notFound);
    return reply.code(204).send();
  });
}
