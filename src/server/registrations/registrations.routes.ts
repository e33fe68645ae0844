// The public side: anyone may register.
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import { api, attendeePageUrl } from '../../shared/paths.ts';
import {
  honeypotField,
  newRegistrationSchema,
  newRegistrationState,
  registrationSchema,
} from '../../shared/registration.schema.ts';
import { audiences } from '../audience.ts';
import { clientKey } from '../client-key.ts';
import { parseFields, sendError } from '../http-errors.ts';
import { newPersonalToken } from '../tickets/ticket-code.ts';
import { createRegistrationWithToken, DuplicateEmailError } from './registrations.repository.ts';
import { newRegistrationId } from './uuid.ts';

export async function registrationsRoutes(app: FastifyInstance) {
  const limit = app.config.registrationRateLimit;

  app.post(
    api.registrations,
    {
      config: {
        audience: audiences.public,
        ...(limit > 0
          ? {
              rateLimit: {
                max: limit,
                timeWindow: '1 minute',
                // Counted like the login throttle counts: an IPv6 client by its whole /64.
                keyGenerator: (request) => clientKey(request.ip),
              },
            }
          : {}),
      },
    },
    async (request, reply) => {
      const fields = parseFields(newRegistrationSchema, request.body, reply);
      if (!fields) return reply;
      const { [honeypotField]: honeypot, ...input } = fields;
      if (honeypot) {
        // A bot filled the invisible field: answer like a success, store and announce nothing.
        const decoy = registrationSchema.parse({
          ...input,
          ...newRegistrationState,
          id: newRegistrationId(),
          created_at: new Date().toISOString(),
        });
        return reply.code(201).send({
          ...decoy,
          personal_page: attendeePageUrl(app.config.publicUrl, newPersonalToken()),
        });
      }
      let created;
      try {
        created = await createRegistrationWithToken(app.db, input, app.messagePlan, {
          // A hint only: the seats are decided by the database (decision 0130).
          automatic: app.editions.current().settings.admission === 'automatic',
        });
      } catch (error) {
        if (error instanceof DuplicateEmailError) {
          return sendError(reply, errorTable.duplicateEmail, {
            email: errorTable.duplicateEmail.message,
          });
        }
        throw error;
      }
      if (created.seatsError !== undefined) {
        request.log.error(
          { err: created.seatsError },
          'a seat freed while this registration was waitlisted was not given to the waiting list',
        );
      }
      // Committed, change logged with it: the live stream cannot turn this into an error.
      app.live.poke();
      app.outbox.poke();
      // The person's own page, given here once (and in every message): never in a list.
      const { registration, personalToken } = created;
      return reply.code(201).send({
        ...registration,
        ...(personalToken
          ? { personal_page: attendeePageUrl(app.config.publicUrl, personalToken) }
          : {}),
      });
    },
  );
}
