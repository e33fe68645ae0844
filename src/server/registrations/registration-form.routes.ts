// POST /convite: the registration form as the browser posts it itself, urlencoded, when the form
// page's script never ran (JavaScript off, its request lost on a flaky connection). Taken in as
// the API takes its JSON (registration-intake.ts: the same checks, window, honeypot, duplicates
// and rate limit): stored, then 303 to the thank-you page; refused, the form again with the
// messages at its fields and everything typed (decision 0209, amending 0177).
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import { paths, thanksConfirmed, thanksWaitlisted } from '../../shared/paths.ts';
import { getCountries, type CountryCode } from '../../shared/phone.ts';
import {
  answerFieldName,
  countryField,
  honeypotField,
  registrationFormFields,
} from '../../shared/registration.fields.ts';
import type { FormStart } from '../../shared/rendered-page.ts';
import { askedQuestions, type FormQuestion } from '../../shared/form-questions.ts';
import { registrationSchemaFor } from '../../shared/registration-answers.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import {
  prepareSubmission,
  type FormAnswers,
  type RegistrationFormValues,
} from '../../shared/registration-submission.ts';
import { audiences } from '../audience.ts';
import { emptyAnswer, htmlAnswer, routeSchema } from '../route-schema.ts';
import { intakeRateLimit, intakeRefusal, takeRegistration } from './registration-intake.ts';

const urlencoded = 'application/x-www-form-urlencoded';
const countries = new Set<string>(getCountries());

export interface FormRoutesOptions {
  /** Sends the form page as it is now (open, closed or not yet open) with `status`. */
  sendFormPage(request: FastifyRequest, reply: FastifyReply, status: number): unknown;
  /** Sends the form page again, filled, with `status`. */
  sendRefusedForm(
    request: FastifyRequest,
    reply: FastifyReply,
    start: FormStart,
    status: number,
  ): Promise<unknown>;
  /** Anything but a form (decision 0177's page: nothing was sent). */
  sendNotSent(request: FastifyRequest, reply: FastifyReply): unknown;
  /** The anonymous pages' security headers. */
  pageConfig: Record<string, unknown>;
}

/** The thank-you page the form's script would land on (its registration-outcome.ts). */
function thanksPathOf({ status, ticket_code }: Registration): string {
  if (status === 'waitlisted') return thanksWaitlisted;
  return status === 'confirmed' && ticket_code ? thanksConfirmed : paths.thanks;
}

/**
 * What the browser posted, as the form's values: a field sent twice counts once, the first; no
 * country, or one we do not know, is the event's phone country, the picker's default.
 */
function formValues(
  body: unknown,
  defaultCountry: CountryCode,
  questions: readonly FormQuestion[],
): RegistrationFormValues {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = fields[name];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : '';
  };
  const country = text(countryField);
  const values: Record<string, string> = {
    country: countries.has(country) ? country : defaultCountry,
    [honeypotField]: text(honeypotField),
  };
  for (const field of registrationFormFields) values[field] = text(field);
  // The organizer's questions (issue 34): the boxes ticked of a `choices` come as several values.
  const respostas: FormAnswers = {};
  for (const question of askedQuestions(questions)) {
    const name = answerFieldName(question.id);
    if (question.kind !== 'choices') respostas[question.id] = text(name);
    else respostas[question.id] = [fields[name] ?? []].flat().filter((v) => typeof v === 'string');
  }
  return { ...values, respostas } as RegistrationFormValues & { country: CountryCode };
}

export async function registrationFormRoutes(app: FastifyInstance, options: FormRoutesOptions) {
  await app.register(formBody);
  app.post(
    paths.register,
    {
      config: {
        ...options.pageConfig,
        audience: audiences.public,
        ...intakeRateLimit(app.config.registrationRateLimit),
      },
      schema: routeSchema({
        summary: 'The registration form, posted by the browser itself (without script)',
        description:
          "The form page's fields, urlencoded, taken as POST /api/registrations takes its JSON " +
          '(decision 0209). Any other body gets the page that says nothing was sent (0177).',
        response: {
          303: emptyAnswer(
            'Registered: to the thank-you page of what became of it (received, confirmed, waitlisted).',
          ),
          400: htmlAnswer('The form again, filled, with the message at each field.'),
          409: htmlAnswer(
            'The form again, filled, the e-mail already registered; or registrations closed.',
          ),
        },
        errors: [errorTable.registrationsClosed, errorTable.registrationsNotOpen],
      }),
      // Anything but the form's own encoding, or past the body limit, is not a form this page
      // sent: answered before the body is read (decision 0177).
      onRequest: async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const length = Number(request.headers['content-length'] ?? 0);
        if (type !== urlencoded || length > request.routeOptions.bodyLimit) {
          return options.sendNotSent(request, reply);
        }
      },
      preValidation: async (request, reply) => {
        if (intakeRefusal(app)) return options.sendFormPage(request, reply, 409);
      },
    },
    async (request, reply) => {
      const settings = app.editions.current().settings;
      const values = formValues(
        request.body,
        settings.phoneCountry as CountryCode,
        settings.questions,
      );
      const submission = prepareSubmission(values, settings);
      if (!submission.ok) {
        const { errors, missingRequired } = submission;
        return options.sendRefusedForm(request, reply, { values, errors, missingRequired }, 400);
      }
      const form = { ...settings, phoneCountry: values.country };
      const body = registrationSchemaFor(form).parse(submission.body);
      const intake = await takeRegistration(app, request.log, body, null);
      if (intake.kind === 'duplicate') {
        const errors = { email: errorTable.duplicateEmail.message };
        return options.sendRefusedForm(
          request,
          reply,
          { values, errors, missingRequired: false },
          409,
        );
      }
      return reply.redirect(thanksPathOf(intake.registration), 303);
    },
  );
}
