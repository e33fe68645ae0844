// Taking in one registration, whichever way it arrives: the API's JSON (registrations.routes.ts)
// or the form the browser posts itself without script (registration-form.routes.ts, decision
// 0209). One place for what both must refuse and decide, so a rule added here holds for both.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import type { CheckedRegistration } from '../../shared/form-questions.schema.ts';
import {
  honeypotField,
  newRegistrationState,
  registrationSchema,
  type NewRegistration,
  type Registration,
} from '../../shared/registration.schema.ts';
import { registrationWindow } from '../../shared/registration-window.ts';
import { clientKey } from '../client-key.ts';
import { RequestRefusal } from '../http-errors.ts';
import { newPersonalToken } from '../tickets/ticket-code.ts';
import { createRegistrationWithToken } from './create-registration.repository.ts';
import { DuplicateEmailError } from './registration-errors.ts';
import { registrationSentUnder } from './registration-reads.repository.ts';
import { newRegistrationId } from './uuid.ts';

/**
 * The route's `config` for REGISTRATION_RATE_LIMIT registrations a minute per client (0: none),
 * counted per route, the same limit on each.
 */
export function intakeRateLimit(limit: number) {
  if (limit <= 0) return {};
  return {
    rateLimit: {
      max: limit,
      timeWindow: '1 minute',
      // Counted like the login throttle counts: an IPv6 client by its whole /64.
      keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    },
  };
}

/** Why registrations are not taken right now, or null when they are (decision 0233). */
export function intakeRefusal(app: FastifyInstance, now = new Date()): RequestRefusal | null {
  const window = registrationWindow(app.editions.current().settings, now);
  if (window.state === 'closed') return new RequestRefusal(errorTable.registrationsClosed);
  if (window.state === 'not_open') return new RequestRefusal(errorTable.registrationsNotOpen);
  return null;
}

/** What became of one registration sent. */
export type Intake =
  /** Stored (or the honeypot's decoy, stored nowhere); its person's own page's token. */
  | { kind: 'taken'; registration: Registration; personalToken: string | null }
  /** Its e-mail is already registered. */
  | { kind: 'duplicate' };

/**
 * Stores `body` (already checked by the shared schema). A bot that filled the honeypot is
 * answered like a success and nothing is stored or announced; the same form sent again under
 * its `submissionKey`, its first answer lost, gets that first registration (decision 0168).
 */
export async function takeRegistration(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  body: NewRegistration | CheckedRegistration,
  submissionKey: string | null,
): Promise<Intake> {
  const { [honeypotField]: honeypot, ...input } = body;
  if (honeypot) {
    const decoy = registrationSchema.parse({
      ...input,
      ...newRegistrationState,
      id: newRegistrationId(),
      created_at: new Date().toISOString(),
    });
    return { kind: 'taken', registration: decoy, personalToken: newPersonalToken() };
  }
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
    if (sent) return { kind: 'taken', ...sent };
    return { kind: 'duplicate' };
  }
  if (created.seatsError !== undefined) {
    log.error(
      { err: created.seatsError },
      'a seat freed while this registration was waitlisted was not given to the waiting list',
    );
  }
  return {
    kind: 'taken',
    registration: created.registration,
    personalToken: created.personalToken,
  };
}
