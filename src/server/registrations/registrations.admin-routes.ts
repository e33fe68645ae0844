// The organizer's side of registrations: admins only.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import {
  bulkBodyLimit,
  bulkConfirmRequestSchema,
  bulkConfirmResultSchema,
  type BulkConfirmResult,
} from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { registrationSchema } from '../../shared/registration.schema.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import type { Database } from '../db/schema.ts';
import { sendError, type ServerError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import { cancelRegistration, restoreRegistration } from './cancellation.repository.ts';
import { confirmRegistration, confirmRegistrations } from './confirmation.repository.ts';
import {
  CancelledError,
  CapacityReachedError,
  CheckedInError,
  NotCancelledError,
  NotConfirmedError,
  PastEditionError,
} from './registration-errors.ts';
import { listRegistrations } from './registration-reads.repository.ts';
import { markTicketSent } from './ticket-sent.repository.ts';
import { emptyAnswer, idParams, routeSchema } from '../route-schema.ts';
import { requireUuid } from './uuid.ts';

/** The refusals of a write that takes or gives back a seat, each with its code. */
function sendSeatError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof PastEditionError) return sendError(reply, errorTable.pastEdition);
  if (error instanceof CapacityReachedError) return sendError(reply, errorTable.capacityReached);
  if (error instanceof CancelledError) return sendError(reply, errorTable.registrationCancelled);
  if (error instanceof NotCancelledError) return sendError(reply, errorTable.notCancelled);
  if (error instanceof CheckedInError) return sendError(reply, errorTable.checkedIn);
  throw error;
}

/** One registration's action: its id in, the registration as it now is out. */
function actionSchema(summary: string, errors: ServerError[]) {
  return routeSchema({
    summary,
    params: idParams,
    response: { 200: registrationSchema },
    errors: [errorTable.notFound, ...errors],
  });
}

/** Ids per transaction of a bulk confirmation: the repository's batch (200) or fewer. */
const bulkBatch = 200;

/**
 * The ids in arrival order, oldest first (unknown ones last): with fewer seats left than people
 * selected, the seats go to those who registered first, as the waiting list's do (0130), not to
 * the newest, which the panel lists first (0171).
 */
async function inArrivalOrder(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  const arrived: Array<{ id: string; created_at: string }> = [];
  for (let start = 0; start < ids.length; start += 1000) {
    arrived.push(
      ...(await db
        .selectFrom('registrations')
        .select(['id', 'created_at'])
        .where('id', 'in', ids.slice(start, start + 1000))
        .execute()),
    );
  }
  arrived.sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
  const known = new Set(arrived.map((row) => row.id));
  return [...arrived.map((row) => row.id), ...ids.filter((id) => !known.has(id))];
}

export async function registrationsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };
  const idRoute = { ...forAdmins, onRequest: requireUuid };

  app.get(
    api.adminRegistrations,
    {
      config: { ...forAdmins.config, compress: compressJson },
      schema: routeSchema({
        summary: "The current edition's registrations, newest first",
        response: { 200: z.array(registrationSchema) },
      }),
    },
    async () => listRegistrations(app.db.kysely),
  );

  app.post(
    api.adminConfirm,
    {
      ...idRoute,
      schema: actionSchema('Confirm a registration (its ticket leaves by the channels on)', [
        errorTable.pastEdition,
        errorTable.capacityReached,
        errorTable.registrationCancelled,
      ]),
    },
    async (request, reply) => {
      try {
        const registration = await confirmRegistration(
          app.db.kysely,
          request.params.id,
          actorOf(request),
          app.messagePlan,
        );
        if (!registration) return sendError(reply, errorTable.notFound);
        return registration;
      } catch (error) {
        return sendSeatError(reply, error);
      }
    },
  );

  // The organizer cancels (the person phoned, wrote): the same cancellation as the person's own
  // link, the seat going to the waiting list (decision 0130). Repeating it changes nothing.
  app.post(
    api.adminCancel,
    {
      ...idRoute,
      schema: actionSchema('Cancel a registration: its seat goes to the waiting list', [
        errorTable.pastEdition,
        errorTable.checkedIn,
      ]),
    },
    async (request, reply) => {
      try {
        const cancelled = await cancelRegistration(
          app.db.kysely,
          { id: request.params.id },
          actorOf(request),
          app.messagePlan,
        );
        if (!cancelled) return sendError(reply, errorTable.notFound);
        return cancelled.registration;
      } catch (error) {
        return sendSeatError(reply, error);
      }
    },
  );

  // A cancelled person back in, confirmed, while a seat is left.
  app.post(
    api.adminRestore,
    {
      ...idRoute,
      schema: actionSchema('Restore a cancelled registration, confirmed, while a seat is left', [
        errorTable.pastEdition,
        errorTable.capacityReached,
        errorTable.notCancelled,
      ]),
    },
    async (request, reply) => {
      try {
        const registration = await restoreRegistration(
          app.db.kysely,
          request.params.id,
          actorOf(request),
          app.messagePlan,
        );
        if (!registration) return sendError(reply, errorTable.notFound);
        return registration;
      } catch (error) {
        return sendSeatError(reply, error);
      }
    },
  );

  // One request for hundreds: confirmed in batches, each batch's tickets leaving as it commits.
  // Each batch is its own transaction: when one fails (the database refuses, is out of reach),
  // those before it stay confirmed, so the answer says so (`failed`: the ids left as they were,
  // `failure`: why) instead of a 500 that reads as "nothing was done". Sent again, the same
  // selection confirms the rest; the ones already confirmed are counted as such (0171).
  app.post(
    api.adminBulkConfirm,
    {
      ...forAdmins,
      bodyLimit: bulkBodyLimit,
      schema: routeSchema({
        summary: 'Confirm many registrations at once, oldest first while seats last',
        description:
          'Confirmed in batches, each its own transaction: when one fails after others ' +
          'committed, the answer counts what was done and gives `failed` and `failure`.',
        body: bulkConfirmRequestSchema,
        response: { 200: bulkConfirmResultSchema },
      }),
    },
    async (request) => {
      const body = request.body;
      const ids = await inArrivalOrder(app.db.kysely, [...new Set(body.ids)]);
      const total: Required<Omit<BulkConfirmResult, 'failed' | 'failure'>> = {
        confirmed: 0,
        already_confirmed: 0,
        not_found: 0,
        past_edition: 0,
        capacity_reached: 0,
        cancelled: 0,
      };
      for (let start = 0; start < ids.length; start += bulkBatch) {
        let counts: typeof total;
        try {
          // Under 200 ids: one transaction of the repository's.
          counts = await confirmRegistrations(
            app.db.kysely,
            ids.slice(start, start + bulkBatch),
            actorOf(request),
            app.messagePlan,
          );
        } catch (error) {
          // Nothing done yet: the plain error, as for any request.
          if (start === 0) throw error;
          request.log.error({ err: error }, 'bulk confirmation stopped after a batch failed');
          return { ...total, failed: ids.length - start, failure: errorTable.internal.message };
        }
        for (const key of Object.keys(total) as Array<keyof typeof total>) {
          total[key] += counts[key];
        }
      }
      return total;
    },
  );

  // The ticket itself goes out through wa.me from the organizer's browser; this records the send
  // so every panel shows who already got one (docs/decisions/0012-ticket-sent-tracking.md).
  app.post(
    api.adminTicket,
    {
      ...idRoute,
      schema: actionSchema('Record that the ticket was sent by hand (wa.me)', [
        errorTable.notConfirmed,
        errorTable.pastEdition,
      ]),
    },
    async (request, reply) => {
      try {
        const registration = await markTicketSent(
          app.db.kysely,
          request.params.id,
          actorOf(request),
        );
        if (!registration) return sendError(reply, errorTable.notFound);
        return registration;
      } catch (error) {
        if (error instanceof NotConfirmedError) {
          return sendError(reply, errorTable.notConfirmed);
        }
        if (error instanceof PastEditionError) return sendError(reply, errorTable.pastEdition);
        throw error;
      }
    },
  );

  // For good (LGPD): the same erasure as the retention purge (registration-erasure.ts). Allowed
  // in a past edition too, where nothing else is: a person may ask for it at any time.
  app.delete(
    api.adminRegistration,
    {
      ...idRoute,
      schema: routeSchema({
        summary: 'Erase a registration for good (LGPD), in any edition',
        description:
          'Its issued certificate stays verifiable (name, event, date, hours and code only) ' +
          'for `certificateRetentionYears`, unless `certificate=erase` (issue 36.7).',
        params: idParams,
        querystring: z.object({
          certificate: z
            .enum(['keep', 'erase'])
            .optional()
            .describe("'erase': its certificate goes with it; 'keep' (the default): it stays."),
        }),
        response: { 204: emptyAnswer('Erased.') },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) => {
      const eraseCertificates = request.query.certificate === 'erase';
      const [erased] = await app.erasure.erase([request.params.id], actorOf(request), {
        eraseCertificates,
      });
      if (!erased) return sendError(reply, errorTable.notFound);
      return reply.code(204).send();
    },
  );
}
