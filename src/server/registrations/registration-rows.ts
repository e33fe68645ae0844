// A registration's row as the API serves it: the shared schema keeps its fields and drops the
// rest, with where its messages are.
import type { Kysely } from 'kysely';
import type { Answers } from '../../shared/form-questions.ts';
import type { Delivery } from '../../shared/message.schema.ts';
import {
  registrationSchema,
  type Registration,
  type RegistrationCertificate,
} from '../../shared/registration.schema.ts';
import { certificateStatesOf } from '../certificates/certificate-states.repository.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { deliveriesOf } from '../messages/message-reads.repository.ts';

export function toRegistration(
  row: RegistrationRow,
  delivery: Delivery = {},
  certificate: RegistrationCertificate | null = null,
): Registration {
  return registrationSchema.parse({
    ...row,
    respostas: answersOf(row.respostas),
    delivery,
    certificate,
  });
}

/** The answers as the column keeps them: JSON, or null for none (nothing answered). */
export function storedAnswers(answers: Answers | undefined): string | null {
  return answers && Object.keys(answers).length > 0 ? JSON.stringify(answers) : null;
}

function answersOf(column: string | null | undefined): Answers {
  return column ? (JSON.parse(column) as Answers) : {};
}

/** Rows as the API serves them, each with where its messages and its certificate are. */
export async function withDeliveries(
  db: Kysely<Database>,
  rows: readonly RegistrationRow[],
  all = false,
): Promise<Registration[]> {
  if (rows.length === 0) return [];
  const ids = all ? undefined : rows.map((row) => row.id);
  const deliveries = await deliveriesOf(db, ids);
  const certificates = await certificateStatesOf(db, ids);
  return rows.map((row) => toRegistration(row, deliveries.get(row.id), certificates.get(row.id)));
}
