// The public side: anyone may register.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { api, attendeePageUrl } from '../../shared/paths.ts';
import {
  honeypotField,
  newRegistrationSchema,
  newRegistrationSchemaIn,
  newRegistrationState,
  registrationSchema,
} from '../../shared/registration.schema.ts';
import { audiences } from '../audience.ts';
import { clientKey } from '../client-key.ts';
import { sendError } from '../http-errors.ts';
import { routeSchema } from '../route-schema.ts';
import { bodyCheckedWith } from '../plugins/route-validation.ts';
import type { CountryCode } from '../../shared/phone.ts';
import { registrationWindow } from '../../shared/registration-window.ts';
import { newPersonalToken } from '../tickets/ticket-code.ts';
import { createRegistrationWithToken } from './create-registration.repository.ts';
import type { CreatedRegistration } from './new-registration.ts';
import { DuplicateEmailError } from './registration-errors.ts';
import { registrationSentUnder } from './registration-reads.repository.ts';
import { newRegistrationId } from './uuid.ts';
import { waitlistPosition } from './waitlist-position.repository.ts';

/** A browser's key for one filled-in form (decision 0168): random, so nobody else's. */
const submissionKeyPattern = /^[A-Za-z0-9_-]{22,64}$/;

function submissionKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && submissionKeyPattern.test(key) ? key : null;
}

/** The 201's registration, and the person's own page: given here only, never in a list. */
const createdSchema = registrationSchema.extend({
  personal_page: z.url().optional().describe("The person's own page (state, ticket, cancel)."),
  waitlist_position: z
    .number()
    .int()
    .optional()
    .describe('On the waiting list: the place in line, 1 for the next to get a seat.'),
});

export async function registrationsRoutes(app: FastifyInstance) {
  const limit = app.config.registrationRateLimit;

  app.withTypeProvider<ZodTypeProvider>().post(
    api.registrations,
    {
      schema: routeSchema({
        summary: 'Register for the current edition',
        description:
          'The same form sent again under the same `Idempotency-Key` after its answer was lost ' +
          'gets `201` with the same registration (docs/api.md).',
        headers: z.object({
          'idempotency-key': z
            .string()
            .optional()
            .describe('22-64 letters, digits, `-`, `_`: one per filled-in form (optional).'),
        }),
        body: newRegistrationSchema,
        response: { 201: createdSchema },
        errors: [
          errorTable.duplicateEmail,
          errorTable.registrationsClosed,
          errorTable.registrationsNotOpen,
        ],
      }),
      // A phone without its country code is read in the event's phone country of the moment.
      validatorCompiler: bodyCheckedWith(() =>
        newRegistrationSchemaIn(app.editions.current().settings.phoneCountry as CountryCode),
      ),
      // Closed is closed whatever was sent: decided before the body is checked (issue 33.5).
      preValidation: async (_request, reply) => {
        const window = registrationWindow(app.editions.current().settings, new Date());
        if (window.state === 'closed') return sendError(reply, errorTable.registrationsClosed);
        if (window.state === 'not_open') return sendError(reply, errorTable.registrationsNotOpen);
      },
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
      const { [honeypotField]: honeypot, ...input } = request.body;
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
      const submissionKey = submissionKeyOf(request);
      let created;
      try {
        created = await createRegistrationWithToken(
          app.db,
          { ...input, submission_key: submissionKey },
          app.messagePlan,
          {
            // A hint only: the seats are decided by the database (decision 0130).
            automatic: app.editions.current().settings.admission === 'automatic',
          },
        );
      } catch (error) {
        if (!(error instanceof DuplicateEmailError)) throw error;
        // The same form again, its first answer lost on the way: answered as the first time.
        const sent =
          submissionKey && (await registrationSentUnder(app.db.kysely, input.email, submissionKey));
        if (sent) return created201(reply, sent);
        return sendError(reply, errorTable.duplicateEmail, {
          email: errorTable.duplicateEmail.message,
        });
      }
      if (created.seatsError !== undefined) {
        request.log.error(
          { err: created.seatsError },
          'a seat freed while this registration was waitlisted was not given to the waiting list',
        );
      }
      return created201(reply, created);
    },
  );

  /**
   * The person's own page, given here (and in every message): never in a list. On the waiting
   * list, their place in it, which the thank-you page shows.
   */
  async function created201(
    reply: FastifyReply,
    { registration, personalToken }: Pick<CreatedRegistration, 'registration' | 'personalToken'>,
  ) {
    const position =
      registration.status === 'waitlisted'
        ? await waitlistPosition(app.db.kysely, registration)
        : undefined;
    return reply.code(201).send({
      ...registration,
      ...(position === undefined ? {} : { waitlist_position: position }),
      ...(personalToken
        ? { personal_page: attendeePageUrl(app.config.publicUrl, personalToken) }
        : {}),
    });
  }
}
