// The organizer's side of registrations: admins only.
import type { FastifyInstance } from 'fastify';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { sendError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import {
  confirmRegistration,
  deleteRegistration,
  listRegistrations,
  markTicketSent,
  NotConfirmedError,
} from './registrations.repository.ts';
import { requireUuid } from './uuid.ts';

export async function registrationsAdminRoutes(app: FastifyInstance) {
  const erasure = erasureAfterDeletion(app);
  app.addHook('onClose', async () => erasure.stop());

  const forAdmins = { config: { audience: audiences.admin } };
  const idRoute = { ...forAdmins, onRequest: requireUuid };

  app.get(
    api.adminRegistrations,
    { config: { ...forAdmins.config, compress: compressJson } },
    async () => listRegistrations(app.db.kysely),
  );

  app.post<{ Params: { id: string } }>(api.adminConfirm, idRoute, async (request, reply) => {
    const registration = await confirmRegistration(
      app.db.kysely,
      request.params.id,
      actorOf(request),
    );
    if (!registration) return sendError(reply, 404, 'not_found', apiErrors.notFound);
    app.live.poke();
    return registration;
  });

  // The ticket itself goes out through wa.me from the organizer's browser; this records the send
  // so every panel shows who already got one (docs/decisions/0012-ticket-sent-tracking.md).
  app.post<{ Params: { id: string } }>(api.adminTicket, idRoute, async (request, reply) => {
    try {
      const registration = await markTicketSent(app.db.kysely, request.params.id, actorOf(request));
      if (!registration) return sendError(reply, 404, 'not_found', apiErrors.notFound);
      app.live.poke();
      return registration;
    } catch (error) {
      if (error instanceof NotConfirmedError) {
        return sendError(reply, 409, 'not_confirmed', apiErrors.notConfirmed);
      }
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>(api.adminRegistration, idRoute, async (request, reply) => {
    const deleted = await deleteRegistration(app.db.kysely, request.params.id, actorOf(request));
    if (!deleted) return sendError(reply, 404, 'not_found', apiErrors.notFound);
    app.live.poke();
    // secure_delete zeroes the row in the main file; the checkpoint moves that page out of
    // the write-ahead log and empties the log, which still held the row as it was (LGPD).
    await erasure.afterDeletion();
    return reply.code(204).send();
  });
}

const retryEveryMs = 1_000;
const retries = 60;

/**
 * Checkpoints after a deletion without ever waiting on the database: when another connection's
 * read (a backup, `npm run admin`, a second instance) keeps the checkpoint from completing, it
 * is retried in the background every second for a minute, then a warning is logged.
 */
function erasureAfterDeletion(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let attemptsLeft = 0;

  async function checkpoint(): Promise<boolean> {
    try {
      return await app.db.checkpoint();
    } catch (error) {
      app.log.error({ err: error }, 'checkpoint after a deletion failed');
      return false;
    }
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  async function retry() {
    if (await checkpoint()) return stop();
    attemptsLeft -= 1;
    if (attemptsLeft > 0) return;
    stop();
    // The row is gone from every query; only its old bytes remain, until the next checkpoint.
    app.log.warn(
      `a deleted registration is still in the SQLite write-ahead log: another connection kept ` +
        `reading the database file for ${(retries * retryEveryMs) / 1000} s; the next ` +
        `deletion, or closing the other connection and then this server, erases it`,
    );
  }

  return {
    async afterDeletion() {
      if (await checkpoint()) return;
      attemptsLeft = retries; // every deletion gets its full minute
      if (timer) return;
      timer = setInterval(() => void retry(), retryEveryMs);
      timer.unref();
    },
    stop,
  };
}
