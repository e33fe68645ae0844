// What a new registration's writers take and give back: the SQLite path
// (create-registration.repository.ts), PostgreSQL's grouped insert and automatic admission
// (group-writer.ts) alike.
import type { Answers } from '../../shared/form-questions.ts';
import type { NewRegistration, Registration } from '../../shared/registration.schema.ts';
import type { RegistrationRow } from '../db/schema.ts';

/**
 * What the form sent, and the key it was sent under, if any: a replay under the same key finds the
 * registration it made (registrationSentUnder).
 */
export type RegistrationInput = Omit<NewRegistration, 'website'> & {
  submission_key?: string | null;
  /** The answers to the edition's own questions, as checked (registrationSchemaFor). */
  respostas?: Answers;
};

/**
 * What became of one registration: stored (its row, its messages), or its e-mail was taken.
 * `seatsError`: stored, but giving a seat freed meanwhile to the waiting list failed after the
 * commit (the caller logs it; the next cancellation, erasure or settings save gives it).
 */
export type Written =
  { row: RegistrationRow; delivery: Registration['delivery']; seatsError?: unknown } | 'duplicate';

/** A new registration as stored, and its own page's token: what the visitor is answered. */
export interface CreatedRegistration {
  registration: Registration;
  personalToken: string | null;
  /** Stored; giving a seat freed meanwhile to the waiting list failed after (to be logged). */
  seatsError?: unknown;
}
