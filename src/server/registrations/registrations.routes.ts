// The public side: anyone may register.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { api, attendeePageUrl } from '../../shared/paths.ts';
import { defaultEvent } from '../../shared/event.ts';
import { registrationSchemaFor } from '../../shared/form-questions.schema.ts';
import { registrationSchema } from '../../shared/registration.schema.ts';
import { audiences } from '../audience.ts';
import { sendError, sendRefusal } from '../http-errors.ts';
import { routeSchema } from '../route-schema.ts';
import { bodyCheckedWith } from '../plugins/route-validation.ts';
import type { CreatedRegistration } from './new-registration.ts';
import { intakeRateLimit, intakeRefusal, takeRegistration } from './registration-intake.ts';
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
        // Described with a fresh install's form; checked against the current edition's (below).
        body: registrationSchemaFor(defaultEvent),
        response: { 201: createdSchema },
        errors: [
          errorTable.duplicateEmail,
          errorTable.registrationsClosed,
          errorTable.registrationsNotOpen,
        ],
      }),
      // The edition's form of the moment: its phone country (a phone without its country code
      // is read there), the original's fields as it asks them, its own questions (issue 34.3).
      validatorCompiler: bodyCheckedWith(() =>
        registrationSchemaFor(app.editions.current().settings),
      ),
      // Closed is closed whatever was sent: decided before the body is checked (issue 33.5).
      preValidation: async (_request, reply) => {
        const refusal = intakeRefusal(app);
        if (refusal) return sendRefusal(reply, refusal);
      },
      config: {
        audience: audiences.public,
        ...intakeRateLimit(app.config.registrationRateLimit),
      },
    },
    async (request, reply) => {
      const intake = await takeRegistration(
        app,
        request.log,
        request.body,
        submissionKeyOf(request),
      );
      if (intake.kind === 'duplicate') {
        return sendError(reply, errorTable.duplicateEmail, {
          email: errorTable.duplicateEmail.message,
        });
      }
      return created201(reply, intake);
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
